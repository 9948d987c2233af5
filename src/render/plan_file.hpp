// Saved plans (`plan --out`, `apply --plan`): the plan's JSON plus the digest and paths it was
// made from.
#pragma once

#include <string>
#include <vector>

#include "core/ground/result.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

std::string write_plan_file(const SavedPlan& saved);
Result<SavedPlan> read_plan_file(const std::string& text);  // of one environment

// Several environments' plans in one file: {"planFile", "environments": [one plan file each]}.
std::string write_plans_file(const std::vector<SavedPlan>& saved);

// The plans of a file either function wrote, one per environment in the order written.
Result<std::vector<SavedPlan>> read_plans_file(const std::string& text);

}  // namespace topicform
