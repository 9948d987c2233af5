// Whether a webhook comes from the forge that knows the shared secret: GitHub's HMAC-SHA256 of
// the body, GitLab's token; both compared in constant time.
#pragma once

#include <string>

namespace topicform {

// GitHub's X-Hub-Signature-256: "sha256=" and the hex HMAC-SHA256 of `body` under `secret`.
bool github_signature_valid(const std::string& secret, const std::string& body,
                            const std::string& header);

// GitLab's X-Gitlab-Token: the secret itself.
bool gitlab_token_valid(const std::string& secret, const std::string& header);

}  // namespace topicform
