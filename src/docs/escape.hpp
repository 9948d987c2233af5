// Escaping for the catalogue's output languages: HTML text and attributes, Markdown tables,
// Mermaid.
#pragma once

#include <string>

namespace topicform {

// &, <, >, " and ' as entities: safe in HTML text and in quoted attributes.
std::string html_escape(const std::string& text);
// Text from manifests as Markdown shows it literally (a table cell too): HTML, emphasis, links
// and pipes escaped, line breaks as spaces, as the plan comments do ("<domain>" stays visible,
// "<img onerror=...>" is text).
std::string markdown_cell(const std::string& text);
// A Mermaid quoted label: double quotes and angle brackets as Mermaid entity codes.
std::string mermaid_label(const std::string& text);

}  // namespace topicform
