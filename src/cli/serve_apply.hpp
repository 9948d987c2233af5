// serve --mode apply: what the safety contract lets a loop write without a person, written
// through the engine's execute, and nothing else.
#pragma once

#include <string>
#include <vector>

#include "cli/checked_project.hpp"
#include "cli/cluster_connection.hpp"
#include "cli/plan_making.hpp"
#include "core/ground/result.hpp"

namespace topicform {

struct AutomaticApply {
  std::vector<std::string> topics;  // the topics whose changes were applied
  std::size_t changes = 0;          // the changes written
  bool wrote = false;               // anything reached the cluster
};

// Applies of `live`'s plan the topics automatic_topics() allows: planned again narrowed to them
// (the broker checks it first), and written only when that plan still has no change that waits
// for a person. An error says what stopped it and whether anything was written.
Result<AutomaticApply> apply_automatic(const CheckedProject& checked, LivePlan& live,
                                       const ConnectionOptions& connection);

}  // namespace topicform
