// diff(desired, actual) -> Plan: a pure function, so planning is testable without a broker.
#pragma once

#include <vector>

#include "core/cluster_state.hpp"
#include "core/effective_topic.hpp"
#include "core/plan.hpp"
#include "core/settings.hpp"

namespace topicform {

struct DiffOptions {
  bool allow_delete = false;
  std::string pinned_cluster_id;  // empty: not pinned
  std::string environment;
};

// The desired configs of `topic`: its complete set of dynamic configs, normalised.
ConfigMap desired_configs(const EffectiveTopic& topic);

// Actions come in apply order: creates (each source followed by its dead topic), partition
// increases, config changes, deletes (sources before their dead topics). Deletes of topics that
// `actual.readers` shows read now are blocked.
Plan diff(const std::vector<EffectiveTopic>& desired, const ClusterState& actual,
          const DiffOptions& options);

// Topics read by a group that has live members cannot be deleted: such deletes become blocked
// (delete/no-active-consumers). `readers` maps a topic to the groups reading it now.
void block_deletes_with_readers(Plan& plan,
                                const std::map<std::string, std::vector<std::string>>& readers);

// A dead topic that still holds messages is not deleted: they are failures nobody has handled
// (dead/delete-order). `messages` maps a topic to the messages it holds now.
void block_non_empty_dead_deletes(Plan& plan, const std::map<std::string, std::int64_t>& messages);

// A group without live members that still keeps offsets on a topic being deleted has not been
// deleted first, as delete/no-active-consumers orders: a warning, not a block (nobody reads now).
// `idle` maps a topic to such groups.
void warn_deletes_held_by_idle_groups(Plan& plan,
                                      const std::map<std::string, std::vector<std::string>>& idle);

// The topics the plan deletes, and among them the dead-letter topics.
std::vector<std::string> deleted_topics(const Plan& plan);
std::vector<std::string> dead_deletes(const Plan& plan);

}  // namespace topicform
