// URLs as topicform shows them: in messages and published documents, never with credentials.
#pragma once

#include <string>

namespace topicform {

// `url` without any user:password@ part (everything up to the last '@' before '?' or '#').
std::string url_for_messages(const std::string& url);

// A URL's credentials taken out of it: the URL left to send, and the user and password
// percent-decoded (a password may hold '/' or '@' written plainly or as %2F, %40).
struct UrlParts {
  std::string url;
  std::string username;
  std::string password;
  bool has_password = false;
};
UrlParts split_url_credentials(const std::string& url);

// The password part of `url`'s userinfo exactly as written ("" when there is none), for the
// check that a secret in a settings file is a ${env:NAME} reference.
std::string url_password_as_written(const std::string& url);

}  // namespace topicform
