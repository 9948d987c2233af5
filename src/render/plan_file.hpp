// Saved plans (`plan --out`, `apply --plan`): the plan's JSON plus what it saw of the cluster.
#pragma once

#include <map>
#include <string>

#include "core/plan.hpp"
#include "core/result.hpp"

namespace topicform {

struct SavedPlan {
  Plan plan;
  std::map<std::string, std::string> fingerprints;  // topic -> what the plan saw
};

std::string write_plan_file(const SavedPlan& saved);
Result<SavedPlan> read_plan_file(const std::string& text);

}  // namespace topicform
