// Character-by-character escaping; manifests are free text, so nothing is assumed safe.
#include "docs/escape.hpp"

#include "core/text/markdown_text.hpp"

namespace topicform {

std::string html_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string markdown_cell(const std::string& text) { return markdown_text(text); }

std::string mermaid_label(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '"':
        out += "#quot;";
        break;
      case '<':
        out += "#lt;";
        break;
      case '>':
        out += "#gt;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace topicform
