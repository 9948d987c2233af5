// The plans of several environments as one document, in each of plan's formats.
#pragma once

#include <string>
#include <vector>

#include "core/plan/environment_runs.hpp"

namespace topicform {

// A section per environment (its plan as `plan` prints it, or why it failed), then one line per
// environment with its outcome.
std::string render_plans_text(const std::vector<EnvironmentPlan>& parts, bool colour);

// {"version": 1, "environments": [{"environment", "outcome", "error", "plan"}...], "summary"}:
// each "plan" is the object `plan --format json` prints for one environment, or null.
std::string render_plans_json(const std::vector<EnvironmentPlan>& parts);

// One pull-request comment: a table of outcomes, then what is blocked, destroys data or failed
// in any environment, then each environment folded under its own summary line; cut with a notice
// to stay under `limit` characters.
std::string render_plans_markdown(const std::vector<EnvironmentPlan>& parts,
                                  std::size_t limit = 65'000);

// GitHub annotations of every environment, each message led by its environment's name, then the
// outcome lines.
std::string render_plans_github(const std::vector<EnvironmentPlan>& parts);

}  // namespace topicform
