// Runs the delete checks that need the cluster after diff() has made the plan.
#include "cli/live_delete_checks.hpp"

#include "core/diff.hpp"

namespace topicform {

Result<bool> check_deletes_live(Plan& plan, KafkaAdmin& admin) {
  if (auto dead = dead_deletes(plan); !dead.empty()) {
    auto counts = admin.message_counts(dead);
    if (!counts) return counts.error();
    block_non_empty_dead_deletes(plan, *counts);
  }
  if (auto deleted = deleted_topics(plan); !deleted.empty()) {
    auto idle = admin.idle_groups_holding(deleted);
    if (!idle) return idle.error();
    warn_deletes_held_by_idle_groups(plan, *idle);
  }
  return true;
}

}  // namespace topicform
