// serve's page for a person: each environment's state, drift and waiting changes, one file with
// its own style, so it shows the same offline and behind any proxy.
#include <fmt/format.h>

#include "core/text/utc_time.hpp"
#include "docs/escape.hpp"
#include "render/serve_render.hpp"

namespace topicform {
namespace {

constexpr const char* kStyle =
    "body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}"
    "h2{margin-top:1.5em}.success{color:#176f2c}.invalid,.failed{color:#b00020}"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}"
    "code{font:13px monospace}";

std::string list_section(const char* title, const std::vector<std::string>& lines) {
  if (lines.empty()) return "";
  std::string out = fmt::format("<h3>{}</h3>\n<ul>\n", title);
  for (const auto& line : lines)
    out += fmt::format("<li><code>{}</code></li>\n", html_escape(line));
  return out + "</ul>\n";
}

std::string drift_table(const DriftReport& drift) {
  if (drift.drifted.empty()) return "<p>Every topic is as its manifest says.</p>\n";
  std::string out = "<table>\n<tr><th>topic</th><th>reasons</th></tr>\n";
  for (const auto& topic : drift.drifted) {
    std::string reasons;
    for (auto reason : topic.reasons) {
      reasons += (reasons.empty() ? "" : ", ") + std::string(drift_reason_name(reason));
    }
    out += fmt::format("<tr><td><code>{}</code></td><td>{}</td></tr>\n", html_escape(topic.topic),
                       reasons);
  }
  return out + "</table>\n";
}

std::string environment_section(const EnvironmentStatus& env) {
  const char* result = cycle_result_name(env.result);
  std::string out = fmt::format("<h2>{} <span class=\"{}\">{}</span></h2>\n",
                                html_escape(env.environment), result, result);
  if (!env.error.empty()) out += fmt::format("<p>{}</p>\n", html_escape(env.error));
  std::vector<std::string> diagnostics;
  for (const auto& d : env.diagnostics) {
    diagnostics.push_back(
        fmt::format("{}:{}:{}: [{}] {}", d.at.file, d.at.line, d.at.column, d.rule, d.message));
  }
  out += list_section("Manifest errors", diagnostics);
  if (!env.planned) return out + "<p>Not planned yet.</p>\n";
  out += fmt::format("<p>Planned from revision <code>{}</code>, {} topics in sync.</p>\n",
                     html_escape(env.revision), env.drift.in_sync.size());
  out += drift_table(env.drift);
  out += list_section("Changes a reviewed apply would make", env.changes);
  return out + list_section("Waiting for a person", env.drift.waiting);
}

}  // namespace

std::string render_serve_page(const ServeStatus& status) {
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>topicform serve</title>\n<style>{}</style>\n</head>\n<body>\n"
      "<h1>topicform serve</h1>\n<p>Mode {}, revision <code>{}</code> ({}), {} cycles, the last "
      "ended {} and took {:.1f} s.</p>\n",
      kStyle, html_escape(status.mode), html_escape(status.revision), html_escape(status.source),
      status.cycles, status.last_cycle_end_ms ? utc_time(status.last_cycle_end_ms) : "never",
      status.last_cycle_seconds);
  if (!status.fetch_error.empty()) {
    out += fmt::format("<p class=\"failed\">The last fetch failed: {}</p>\n",
                       html_escape(status.fetch_error));
  }
  for (const auto& env : status.environments) out += environment_section(env);
  return out + "</body>\n</html>\n";
}

}  // namespace topicform
