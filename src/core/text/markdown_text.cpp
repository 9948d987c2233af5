// CommonMark lets any ASCII punctuation be backslash-escaped; these are the ones that act inline.
#include "core/text/markdown_text.hpp"

#include <algorithm>

namespace topicform {

std::string markdown_text(std::string_view text) {
  constexpr std::string_view kActive = "\\`*_[]<|~&";
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\n' || c == '\r') {
      out += ' ';
      continue;
    }
    if (kActive.find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::string markdown_code(std::string_view text) {
  std::string body;
  std::size_t run = 0, longest = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
    if (c == '|') body += '\\';
    body += c == '\n' || c == '\r' ? ' ' : c;
  }
  std::string fence(longest + 1, '`');
  // A span that starts or ends with a backtick needs a space between it and the fence.
  bool pad = !body.empty() && (body.front() == '`' || body.back() == '`');
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

}  // namespace topicform
