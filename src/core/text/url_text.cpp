// The userinfo is found as a browser's address bar would show it, and more widely: up to the last
// '@' before any '?' or '#', so a password holding '/' or '@' (base64 does) is still cut.
#include "core/text/url_text.hpp"

#include <cctype>

namespace topicform {
namespace {

// Where the authority starts and where the userinfo's '@' is (npos: no userinfo).
std::pair<std::size_t, std::size_t> userinfo_bounds(const std::string& url) {
  auto scheme = url.find("://");
  if (scheme == std::string::npos) return {std::string::npos, std::string::npos};
  std::size_t start = scheme + 3;
  std::size_t end = url.find_first_of("?#", start);
  std::size_t at = url.rfind('@', end == std::string::npos ? std::string::npos : end - 1);
  if (at == std::string::npos || at < start) return {start, std::string::npos};
  return {start, at};
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// %XX sequences decoded; a '%' that starts none is kept as written.
std::string percent_decoded(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    int high = i + 2 < text.size() && text[i] == '%' ? hex_value(text[i + 1]) : -1;
    int low = high >= 0 ? hex_value(text[i + 2]) : -1;
    if (low < 0) {
      out += text[i];
      continue;
    }
    out += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return out;
}

}  // namespace

std::string url_for_messages(const std::string& url) { return split_url_credentials(url).url; }

UrlParts split_url_credentials(const std::string& url) {
  auto [start, at] = userinfo_bounds(url);
  if (at == std::string::npos) return UrlParts{url, "", "", false};
  std::string userinfo = url.substr(start, at - start);
  auto colon = userinfo.find(':');
  UrlParts parts{url.substr(0, start) + url.substr(at + 1),
                 percent_decoded(userinfo.substr(0, colon)), "", colon != std::string::npos};
  if (parts.has_password) parts.password = percent_decoded(userinfo.substr(colon + 1));
  return parts;
}

std::string url_password_as_written(const std::string& url) {
  auto [start, at] = userinfo_bounds(url);
  if (at == std::string::npos) return "";
  std::string userinfo = url.substr(start, at - start);
  auto colon = userinfo.find(':');
  return colon == std::string::npos ? "" : userinfo.substr(colon + 1);
}

}  // namespace topicform
