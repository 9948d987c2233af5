// Diagnostics for people (text, optionally coloured), for programs (JSON) and for GitHub Actions.
#pragma once

#include <string>
#include <vector>

#include "core/ground/diagnostic.hpp"

namespace topicform {

struct ValidationSummary {
  std::size_t files = 0;
  std::size_t topics = 0;  // desired topics, derived dead topics included
  std::string environment;
};

// `path:line:col: severity: message [rule]`, one per line, then a summary line.
std::string render_text(const std::vector<Diagnostic>& diagnostics,
                        const ValidationSummary& summary, bool colour);

// {"version": 1, "diagnostics": [...], "summary": {...}}; keys in a fixed order.
std::string render_json(const std::vector<Diagnostic>& diagnostics,
                        const ValidationSummary& summary);

// Workflow commands: `::error file=F,line=L,col=C,title=RULE::MESSAGE`.
std::string render_github(const std::vector<Diagnostic>& diagnostics,
                          const ValidationSummary& summary);

// Only the workflow commands, one per diagnostic (shared with the plan's GitHub rendering).
std::string render_github_annotations(const std::vector<Diagnostic>& diagnostics);
// One diagnostic as a GitHub workflow command line (`::error file=…,line=…::message`).
std::string github_annotation(const Diagnostic& diagnostic);

// A Markdown report for a GitHub job summary ($GITHUB_STEP_SUMMARY): a count, then a table.
std::string render_markdown_summary(const std::vector<Diagnostic>& diagnostics,
                                    const ValidationSummary& summary);

// Only the table of `render_markdown_summary` (empty without diagnostics), for other reports.
std::string render_markdown_table(const std::vector<Diagnostic>& diagnostics);

std::string format_location(const Location& at);
// One diagnostic as a line of text ("FILE:LINE:COL: error: MESSAGE [RULE]"), without its newline.
std::string diagnostic_line(const Diagnostic& diagnostic, bool colour = false);

}  // namespace topicform
