// Which environments a run names, and the worst of their outcomes.
#include "core/plan/environment_runs.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace topicform {

bool reports_per_environment(const std::vector<std::string>& given) {
  return given.size() > 1 || std::find(given.begin(), given.end(), kAllEnvironments) != given.end();
}

namespace {

// The settings' environments in the order they are written (the map holds them by name).
std::vector<const Environment*> in_written_order(const Settings& settings) {
  std::vector<const Environment*> listed;
  for (const auto& entry : settings.environments) listed.push_back(&entry.second);
  std::stable_sort(listed.begin(), listed.end(), [](const Environment* a, const Environment* b) {
    return a->at.line < b->at.line;
  });
  return listed;
}

void add_once(std::vector<std::string>& names, const std::string& name) {
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

}  // namespace

Result<std::vector<std::string>> chosen_environments(const std::vector<std::string>& given,
                                                     const Settings& settings) {
  std::vector<std::string> names;
  for (const auto& name : given) {
    if (name != kAllEnvironments) {
      add_once(names, name);
      continue;
    }
    if (settings.environments.empty()) {
      return Error{
          "--env all: the settings declare no environments; name one with --env, or "
          "add `environments:` to the settings"};
    }
    for (const Environment* environment : in_written_order(settings)) {
      add_once(names, environment->name);
    }
  }
  if (names.empty()) names.push_back("");  // the settings' default
  return names;
}

PlanOutcome outcome_of(const EnvironmentPlan& part) {
  if (!part.plan) return PlanOutcome::failed;
  if (part.plan->is_blocked()) return PlanOutcome::blocked;
  return part.plan->differs() ? PlanOutcome::changes : PlanOutcome::no_changes;
}

PlanOutcome worst_outcome(const std::vector<EnvironmentPlan>& parts) {
  PlanOutcome worst = PlanOutcome::no_changes;
  for (const auto& part : parts) worst = std::max(worst, outcome_of(part));
  return worst;
}

}  // namespace topicform
