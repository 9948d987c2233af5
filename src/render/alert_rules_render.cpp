// Writes the rule file by hand, every string JSON-quoted (valid YAML), so no text from a manifest
// can change the file's structure.
#include "render/alert_rules_render.hpp"

#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace topicform {
namespace {

std::string quoted(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Prometheus expands label values and annotations as Go templates: a team named "{{ x }}" would
// be an action (promtool refuses the file, or worse, it runs). Each "{{" and "}}" becomes a
// template that prints it, in one pass, so the printed text is exactly the manifest's.
std::string template_literal(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i + 1 < text.size() && (text[i] == '{' || text[i] == '}') && text[i + 1] == text[i]) {
      out += text[i] == '{' ? R"({{"{{"}})" : R"({{"}}"}})";
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

void write_rule(std::ostringstream& out, const AlertRule& rule) {
  out << "      - alert: " << quoted(rule.alert) << "\n";
  out << "        expr: " << quoted(rule.expr) << "\n";
  if (!rule.for_duration.empty()) out << "        for: " << rule.for_duration << "\n";
  out << "        labels:\n";
  for (const auto& [key, value] : rule.labels)
    out << "          " << key << ": " << quoted(template_literal(value)) << "\n";
  out << "        annotations:\n";
  out << "          summary: " << quoted(template_literal(rule.summary)) << "\n";
  out << "          description: " << quoted(template_literal(rule.description)) << "\n";
}

}  // namespace

std::string render_alert_rules(const AlertSet& alerts, const std::string& header) {
  std::ostringstream out;
  std::istringstream lines(header);
  for (std::string line; std::getline(lines, line);) out << "# " << line << "\n";
  std::vector<std::string> groups;
  for (const auto& rule : alerts.rules) {
    if (std::find(groups.begin(), groups.end(), rule.group) == groups.end()) {
      groups.push_back(rule.group);
    }
  }
  if (groups.empty()) return out.str() + "groups: []\n";
  out << "groups:\n";
  for (const auto& group : groups) {
    out << "  - name: " << quoted(group) << "\n    rules:\n";
    for (const auto& rule : alerts.rules) {
      if (rule.group == group) write_rule(out, rule);
    }
  }
  return out.str();
}

}  // namespace topicform
