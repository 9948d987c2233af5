// Saved plans (`plan --out`, `apply --plan`): the plan's JSON plus the digest and paths it was
// made from.
#pragma once

#include <string>

#include "core/model/result.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

std::string write_plan_file(const SavedPlan& saved);
Result<SavedPlan> read_plan_file(const std::string& text);

}  // namespace topicform
