// Only the authority's userinfo is cut: an '@' in the path or query is not a credential.
#include "core/text/url_text.hpp"

namespace topicform {

std::string url_for_messages(const std::string& url) {
  auto scheme = url.find("://");
  auto at = url.find('@', scheme == std::string::npos ? 0 : scheme + 3);
  auto slash = url.find('/', scheme == std::string::npos ? 0 : scheme + 3);
  if (scheme == std::string::npos || at == std::string::npos ||
      (slash != std::string::npos && at > slash))
    return url;
  return url.substr(0, scheme + 3) + url.substr(at + 1);
}

}  // namespace topicform
