// Drift: how each topic of one environment differs from its manifest, by reason, and which of
// the plan's changes wait for a person's reviewed apply (serve's metrics and status page).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/model/cluster_state.hpp"
#include "core/model/effective_topic.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

// Why a topic is not as its manifest says, in the words of serve's `reason` label.
enum class DriftReason {
  missing,
  config,
  partitions,
  replication,
  acl,
  subject,
  unmanaged,
  deleted
};

// Every reason, in the order metrics list them.
const std::vector<DriftReason>& all_drift_reasons();

// "missing", "config", ...
const char* drift_reason_name(DriftReason reason);

struct TopicDrift {
  std::string topic;
  std::vector<DriftReason> reasons;  // in all_drift_reasons() order, each once

  friend bool operator==(const TopicDrift&, const TopicDrift&) = default;
};

struct DriftReport {
  std::vector<std::string> in_sync;  // managed topics as their manifests say, sorted
  std::vector<TopicDrift> drifted;   // managed and unmanaged topics that differ, sorted by topic
  // The plan's changes no loop may make without a person: blocked ones, destructive configs and
  // deletes, one line each as plan describes them.
  std::vector<std::string> waiting;

  std::size_t count(DriftReason reason) const;
};

// The drift of `plan`, made from `state` for `desired` (the environment's topics, dead topics
// included). A replication factor differs when the cluster's does, whatever the rule's severity.
DriftReport drift_of(const std::vector<EffectiveTopic>& desired, const ClusterState& state,
                     const Plan& plan);

// What a loop may apply of `plan` without a person, by topic: the topics whose every change is a
// create, a partition growth, a config change that destroys nothing, an ACL or a schema version
// or level. A topic with any change that waits (blocked, destructive, a delete, a soft delete)
// gets none of its changes. Sorted; nullopt when a blocked change is about the whole cluster
// (another cluster id, say): then nothing may be written at all.
std::optional<std::vector<std::string>> automatic_topics(const Plan& plan);

}  // namespace topicform
