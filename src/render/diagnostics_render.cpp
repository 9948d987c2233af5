// The three renderings of validation results; all byte-stable for golden tests.
#include "render/diagnostics_render.hpp"

#include "core/text/markdown_text.hpp"
#include "core/text/visible_text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace topicform {
namespace {

struct Counts {
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t infos = 0;
};

Counts count(const std::vector<Diagnostic>& diagnostics) {
  Counts counts;
  for (const auto& d : diagnostics) {
    if (d.severity == Severity::error) ++counts.errors;
    if (d.severity == Severity::warning) ++counts.warnings;
    if (d.severity == Severity::info) ++counts.infos;
  }
  return counts;
}

std::string plural(std::size_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

std::string_view colour_of(Severity severity) {
  switch (severity) {
    case Severity::error:
      return "\x1b[1;31m";
    case Severity::warning:
      return "\x1b[1;33m";
    case Severity::info:
      return "\x1b[1;36m";
  }
  return "";
}

// GitHub's workflow-command escaping: data escapes %, CR, LF; properties also ':' and ','.
std::string escape_github(std::string_view text, bool property) {
  std::string out;
  for (char c : text) {
    if (c == '%') {
      out += "%25";
    } else if (c == '\r') {
      out += "%0D";
    } else if (c == '\n') {
      out += "%0A";
    } else if (property && c == ':') {
      out += "%3A";
    } else if (property && c == ',') {
      out += "%2C";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string format_location(const Location& at) {
  if (at.line <= 0) return visible(at.file.str());
  return fmt::format("{}:{}:{}", visible(at.file.str()), at.line, at.column);
}

std::string diagnostic_line(const Diagnostic& d, bool colour) {
  const char* bold = colour ? "\x1b[1m" : "";
  const char* reset = colour ? "\x1b[0m" : "";
  return fmt::format("{}{}:{} {}{}:{} {} [{}]", bold, format_location(d.at), reset,
                     colour ? colour_of(d.severity) : "", to_string(d.severity), reset,
                     visible(d.message), d.rule);
}

std::string render_text(const std::vector<Diagnostic>& diagnostics,
                        const ValidationSummary& summary, bool colour) {
  std::string out;
  for (const auto& d : diagnostics) out += diagnostic_line(d, colour) + '\n';
  Counts counts = count(diagnostics);
  out += fmt::format("{} in {}, {} for environment '{}': {}, {}\n", counts.errors ? "failed" : "ok",
                     plural(summary.files, "file"), plural(summary.topics, "topic"),
                     visible(summary.environment), plural(counts.errors, "error"),
                     plural(counts.warnings, "warning"));
  return out;
}

std::string render_json(const std::vector<Diagnostic>& diagnostics,
                        const ValidationSummary& summary) {
  nlohmann::ordered_json root;
  root["version"] = 1;
  root["valid"] = !has_errors(diagnostics);
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& d : diagnostics) {
    nlohmann::ordered_json item;
    item["file"] = d.at.file.str();
    item["line"] = d.at.line;
    item["column"] = d.at.column;
    item["severity"] = to_string(d.severity);
    item["rule"] = d.rule;
    item["message"] = d.message;
    list.push_back(std::move(item));
  }
  root["diagnostics"] = std::move(list);
  Counts counts = count(diagnostics);
  root["summary"] = {{"files", summary.files},
                     {"topics", summary.topics},
                     {"environment", summary.environment},
                     {"errors", counts.errors},
                     {"warnings", counts.warnings},
                     {"infos", counts.infos}};
  // Invalid UTF-8 (a file name from the file system) becomes U+FFFD instead of an exception.
  return root.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string github_annotation(const Diagnostic& d) {
  std::string_view command = d.severity == Severity::error     ? "error"
                             : d.severity == Severity::warning ? "warning"
                                                               : "notice";
  std::string where;
  if (!d.at.file.empty()) {
    where = fmt::format("file={},", escape_github(visible(d.at.file.str()), true));
  }
  if (d.at.line > 0) where += fmt::format("line={},col={},", d.at.line, d.at.column);
  return fmt::format("::{} {}title={}::{}\n", command, where, escape_github(d.rule, true),
                     escape_github(visible(d.message), false));
}

std::string render_github_annotations(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) out += github_annotation(d);
  return out;
}

std::string render_github(const std::vector<Diagnostic>& diagnostics,
                          const ValidationSummary& summary) {
  std::string out = render_github_annotations(diagnostics);
  Counts counts = count(diagnostics);
  out += fmt::format("topicform validate: {} in {}, {}: {}, {}\n", counts.errors ? "failed" : "ok",
                     plural(summary.files, "file"), plural(summary.topics, "topic"),
                     plural(counts.errors, "error"), plural(counts.warnings, "warning"));
  return out;
}

std::string render_markdown_summary(const std::vector<Diagnostic>& diagnostics,
                                    const ValidationSummary& summary) {
  Counts counts = count(diagnostics);
  std::string out =
      fmt::format("### topicform validate: {}\n\n{}, {} for environment {}: {}, {}.\n",
                  counts.errors ? "failed" : "ok", plural(summary.files, "file"),
                  plural(summary.topics, "topic"), markdown_code(visible(summary.environment)),
                  plural(counts.errors, "error"), plural(counts.warnings, "warning"));
  return out + render_markdown_table(diagnostics);
}

std::string render_markdown_table(const std::vector<Diagnostic>& diagnostics) {
  if (diagnostics.empty()) return "";
  std::string out = "\n| Where | Severity | Rule | Message |\n|---|---|---|---|\n";
  for (const auto& d : diagnostics) {
    out += fmt::format("| {} | {} | `{}` | {} |\n", markdown_code(visible(format_location(d.at))),
                       d.severity == Severity::error     ? "error"
                       : d.severity == Severity::warning ? "warning"
                                                         : "note",
                       d.rule, markdown_text(visible(d.message)));
  }
  return out;
}

}  // namespace topicform
