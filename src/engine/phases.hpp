// Runs a plan through a ClusterWriter in order, batch by batch, and reports every action.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/plan/cluster_writer.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

enum class ActionStatus { applied, failed, not_attempted };

// In the order apply runs them.
enum class ActionKind { grant, create, add_partitions, alter_config, delete_topic, revoke };

// As progress lines say it: grant, create, add-partitions, alter-config, delete, revoke.
std::string_view action_kind_name(ActionKind kind);

struct ActionResult {
  std::string topic;  // or the ACL binding, described
  ActionKind kind = ActionKind::create;
  ActionStatus status = ActionStatus::not_attempted;
  std::string error;
  bool already_done = false;  // the broker said it was so before this request (e.g. it existed)
};

struct ApplyReport {
  std::vector<ActionResult> results;
  std::string error;  // a failure of the cluster as a whole (unreachable, timed out)

  bool succeeded() const;
  std::size_t count(ActionStatus status) const;
};

using Progress = std::function<void(const std::string& line)>;

// How often topics that failed with a transient error are tried again, and how to wait before
// try `attempt` (1-based). Tests pass a pause that does not sleep.
struct RetryPolicy {
  int attempts = 3;
  std::function<void(int attempt)> pause;  // empty: sleep attempt × 500 ms
};

// Phases in the plan's order: ACL grants, creates, partitions, configs, deletes, ACL revokes.
// Topics that fail with a transient error are retried within their phase; any other failure
// stops the later phases (reported as not attempted); a re-run converges from where it stopped.
ApplyReport apply_plan(const Plan& plan, ClusterWriter& writer, const Progress& progress,
                       int wait_timeout_ms, const RetryPolicy& retry = {});

// The validate-only pass of `plan`: the broker checks creates, partition and config changes.
// Returns the topics whose change the broker refuses, with its reason.
Result<std::vector<TopicOutcome>> validate_plan(const Plan& plan, ClusterWriter& writer);

}  // namespace topicform
