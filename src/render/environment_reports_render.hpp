// The reports of `validate` and `check` over several environments, each as one document.
#pragma once

#include <string>
#include <vector>

#include "core/operations/health.hpp"
#include "render/diagnostics_render.hpp"

namespace topicform {

// One environment's diagnostics, as `validate` reports them.
struct EnvironmentDiagnostics {
  std::vector<Diagnostic> diagnostics;  // in the order sort_diagnostics leaves them
  ValidationSummary summary;            // its environment named
};

// Each environment's report as `validate` prints it, a blank line between.
std::string render_validations_text(const std::vector<EnvironmentDiagnostics>& parts, bool colour);

// {"version": 1, "valid", "environments": [the object `validate --format json` prints, each]}.
std::string render_validations_json(const std::vector<EnvironmentDiagnostics>& parts);

// Annotations without repeats: a diagnostic of every environment once as it is, one of only some
// led by their names ("[prod] ..."); then each environment's summary line.
std::string render_validations_github(const std::vector<EnvironmentDiagnostics>& parts);

// The job summary: each environment's Markdown report in turn.
std::string render_validations_markdown(const std::vector<EnvironmentDiagnostics>& parts);

// Each environment's report as `check` prints it, a blank line between.
std::string render_healths_text(const std::vector<HealthReport>& reports, bool colour,
                                bool verbose);

// {"version": 1, "healthy", "environments": [the object `check --format json` prints, each]}.
std::string render_healths_json(const std::vector<HealthReport>& reports);

// One exposition: each metric's HELP and TYPE once, then its samples of every environment (they
// are told apart by their environment label).
std::string render_healths_prometheus(const std::vector<HealthReport>& reports);

}  // namespace topicform
