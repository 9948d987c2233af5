// validate's and check's reports of several environments, built from the one-environment renders.
#include "render/environment_reports_render.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/text/visible_text.hpp"
#include "render/health_render.hpp"

namespace topicform {
namespace {

std::string dumped(const nlohmann::ordered_json& root) {
  return root.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

// The environments whose diagnostics (sorted, as the checked projects keep them) hold `d`.
std::vector<std::string> holders(const std::vector<EnvironmentDiagnostics>& parts,
                                 const Diagnostic& d) {
  std::vector<std::string> names;
  for (const auto& part : parts) {
    if (holds(part.diagnostics, d)) names.push_back(part.summary.environment);
  }
  return names;
}

// The last line of `text` (which ends with a line break).
std::string last_line(const std::string& text) {
  auto previous = text.rfind('\n', text.size() >= 2 ? text.size() - 2 : 0);
  return previous == std::string::npos || previous + 1 >= text.size() ? text
                                                                      : text.substr(previous + 1);
}

}  // namespace

std::string render_validations_text(const std::vector<EnvironmentDiagnostics>& parts, bool colour) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += "\n";
    out += render_text(parts[i].diagnostics, parts[i].summary, colour);
  }
  return out;
}

std::string render_validations_json(const std::vector<EnvironmentDiagnostics>& parts) {
  nlohmann::ordered_json root;
  root["version"] = 1;
  bool valid = true;
  nlohmann::ordered_json environments = nlohmann::ordered_json::array();
  for (const auto& part : parts) {
    valid = valid && !has_errors(part.diagnostics);
    environments.push_back(
        nlohmann::ordered_json::parse(render_json(part.diagnostics, part.summary)));
  }
  root["valid"] = valid;
  root["environments"] = environments;
  return dumped(root);
}

std::string render_validations_github(const std::vector<EnvironmentDiagnostics>& parts) {
  std::vector<Diagnostic> once;
  for (const auto& part : parts) {
    once.insert(once.end(), part.diagnostics.begin(), part.diagnostics.end());
  }
  sort_diagnostics(once);  // each once
  std::vector<Diagnostic> shown;
  for (const auto& d : once) {
    auto names = holders(parts, d);
    Diagnostic note = d;
    if (names.size() < parts.size()) {
      note.message = fmt::format("[{}] {}", fmt::join(names, ", "), d.message);
    }
    shown.push_back(std::move(note));
  }
  std::string out = render_github_annotations(shown);
  const std::string lead = "topicform validate";
  for (const auto& part : parts) {
    std::string line = last_line(render_github(part.diagnostics, part.summary));
    out += line.insert(lead.size(), " " + visible(part.summary.environment));
  }
  return out;
}

std::string render_validations_markdown(const std::vector<EnvironmentDiagnostics>& parts) {
  std::string out;
  for (const auto& part : parts) {
    out += render_markdown_summary(part.diagnostics, part.summary) + "\n";
  }
  return out;
}

std::string render_healths_text(const std::vector<HealthReport>& reports, bool colour,
                                bool verbose) {
  std::string out;
  for (std::size_t i = 0; i < reports.size(); ++i) {
    if (i > 0) out += "\n";
    out += render_health_text(reports[i], colour, verbose);
  }
  return out;
}

std::string render_healths_json(const std::vector<HealthReport>& reports) {
  nlohmann::ordered_json root;
  root["version"] = 1;
  bool healthy = true;
  nlohmann::ordered_json environments = nlohmann::ordered_json::array();
  for (const auto& report : reports) {
    healthy = healthy && report.healthy();
    environments.push_back(nlohmann::ordered_json::parse(render_health_json(report)));
  }
  root["healthy"] = healthy;
  root["environments"] = environments;
  return dumped(root);
}

std::string render_healths_prometheus(const std::vector<HealthReport>& reports) {
  std::vector<std::string> families;                 // in the order first seen
  std::map<std::string, std::string> head, samples;  // by metric name
  for (const auto& report : reports) {
    std::istringstream lines(render_health_prometheus(report));
    std::string line, name;
    bool first_time = false;  // the family was not in an earlier report: keep its HELP and TYPE
    while (std::getline(lines, line)) {
      if (line.rfind("# HELP ", 0) == 0) {
        name = line.substr(7, line.find(' ', 7) - 7);
        first_time = head.count(name) == 0;
        if (first_time) families.push_back(name);
      }
      if (line.rfind("# ", 0) != 0) {
        samples[name] += line + "\n";
      } else if (first_time) {
        head[name] += line + "\n";
      }
    }
  }
  std::string out;
  for (const auto& name : families) out += head[name] + samples[name];
  return out;
}

}  // namespace topicform
