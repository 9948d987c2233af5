// URLs as topicform shows them: in messages and published documents, never with credentials.
#pragma once

#include <string>

namespace topicform {

// `url` without any user:password@ part.
std::string url_for_messages(const std::string& url);

}  // namespace topicform
