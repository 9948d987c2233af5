// What a saved plan saw of each topic it touches, so apply can tell whether the plan is stale.
#pragma once

#include <map>
#include <string>

#include "core/cluster_state.hpp"
#include "core/plan.hpp"

namespace topicform {

// "absent", or partitions, replication factor and dynamic configs in one readable line.
std::string topic_fingerprint(const ClusterState& state, const std::string& topic);

// The fingerprint of every topic the plan's actions touch.
std::map<std::string, std::string> plan_fingerprints(const Plan& plan, const ClusterState& state);

}  // namespace topicform
