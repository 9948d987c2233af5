// Runs over several environments at once: which ones a run names, and how their plans add up.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/ground/diagnostic.hpp"
#include "core/ground/result.hpp"
#include "core/model/settings.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

// The word `--env` takes for every environment of the settings.
inline constexpr const char* kAllEnvironments = "all";

// Whether a run reports per environment: several `--env`, or `--env all` (even when the settings
// hold one, so a pipeline's output keeps one shape as environments are added).
bool reports_per_environment(const std::vector<std::string>& given);

// The environments `given` names, each once, in the order given; "all" stands for every
// environment of the settings in the order the settings list them. An error when "all" finds
// none, so a run never reports success for nothing.
Result<std::vector<std::string>> chosen_environments(const std::vector<std::string>& given,
                                                     const Settings& settings);

// One environment's part of a run: its plan, or why there is none.
struct EnvironmentPlan {
  std::string environment;
  std::optional<Plan> plan;             // nullopt: it failed
  std::string error;                    // why it failed
  std::vector<Diagnostic> diagnostics;  // the manifests' errors, when they are the reason
};

enum class PlanOutcome { no_changes, changes, blocked, failed };

PlanOutcome outcome_of(const EnvironmentPlan& part);

// The worst outcome of all parts: failed, then blocked, then changes, then no changes.
PlanOutcome worst_outcome(const std::vector<EnvironmentPlan>& parts);

}  // namespace topicform
