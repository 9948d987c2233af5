// diff(desired, actual) -> Plan: a pure function, so planning is testable without a broker.
#pragma once

#include <vector>

#include "core/model/cluster_state.hpp"
#include "core/model/effective_topic.hpp"
#include "core/model/settings.hpp"
#include "core/plan/access_plan.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

struct DiffOptions {
  bool allow_delete = false;
  std::string pinned_cluster_id;  // empty: not pinned
  std::string environment;
  const Settings* settings = nullptr;      // severities and unmanagedConfigs; null: the defaults
  const AccessSettings* access = nullptr;  // the environment manages ACLs; null: it does not
  // managed_access of the desired topics, computed once by the caller; null: computed here.
  const ManagedAccess* managed = nullptr;
};

// Actions come in apply order: creates (each source followed by its dead topic), partition
// increases, config changes, deletes (sources before their dead topics). Every plan-phase rule
// reports through the settings' severities; deletes that a reading group or unhandled dead
// messages forbid are blocked, and deletes not allowed are withheld.
Plan diff(const std::vector<EffectiveTopic>& desired, const ClusterState& actual,
          const DiffOptions& options);

// A group without live members that still keeps offsets on a topic being deleted has not been
// deleted first, as delete/no-active-consumers orders: a warning, not a block (nobody reads now).
// `idle` maps a topic to such groups.
void warn_deletes_held_by_idle_groups(Plan& plan,
                                      const std::map<std::string, std::vector<std::string>>& idle);

// The ACL changes of the plan for an environment that manages ACLs (core/access_plan.hpp), over
// the resources `managed` names (managed_access of `desired`).
void plan_access(const std::vector<EffectiveTopic>& desired, const ClusterState& actual,
                 const AccessSettings& access, const ManagedAccess& managed, Plan& plan);

// The topics the plan deletes.
std::vector<std::string> deleted_topics(const Plan& plan);

}  // namespace topicform
