// Escaping for the catalogue's output languages: HTML text and attributes, Markdown tables,
// Mermaid.
#pragma once

#include <string>

namespace topicform {

// &, <, >, " and ' as entities: safe in HTML text and in quoted attributes.
std::string html_escape(const std::string& text);
// A Markdown table cell: pipes escaped, line breaks as spaces.
std::string markdown_cell(const std::string& text);
// A Mermaid quoted label: double quotes and angle brackets as Mermaid entity codes.
std::string mermaid_label(const std::string& text);

}  // namespace topicform
