// Text from users made literal in Markdown (GitHub's cmark-gfm): nothing becomes HTML, emphasis,
// a link or a table break.
#pragma once

#include <string>
#include <string_view>

namespace topicform {

// `text` with Markdown's active characters backslash-escaped and line breaks as spaces:
// "<domain>.<what>" and "min_insync" render as written.
std::string markdown_text(std::string_view text);

// `text` as an inline code span that survives a table cell: pipes escaped (GFM reads them as
// cell breaks even there), line breaks as spaces, and fenced with more backticks than it holds.
std::string markdown_code(std::string_view text);

}  // namespace topicform
