// The reconciler's loop: plan (read, diff, live delete checks) and execute (check at the moment of
// writing, phases, retries, read back until converged). It reaches the cluster only through the
// interfaces in core, so every path is unit-tested on an in-memory cluster.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/contract/schema_registry.hpp"
#include "core/model/cluster_state.hpp"
#include "core/model/effective_topic.hpp"
#include "core/model/settings.hpp"
#include "core/plan/cluster_writer.hpp"
#include "core/plan/group_inspector.hpp"
#include "core/plan/plan.hpp"
#include "core/plan/targets.hpp"
#include "engine/phases.hpp"

namespace topicform {

// What the manifests want in one environment: the input of every plan.
// With `targets`, plans keep only what is about the selected topics (core/targets.hpp).
struct Desired {
  const std::vector<EffectiveTopic>& topics;
  const Settings& settings;
  const Environment& environment;
  const Targets* targets = nullptr;
  // managed_access of `topics` when the environment manages ACLs: make_plan and execute compute
  // it once (with_managed_access) and carry it through every read and diff, read-backs included.
  const ManagedAccess* managed = nullptr;
};

// The cluster as the engine sees it; `inspector` may be null (a snapshot cannot say more);
// `registry` is the environment's Schema Registry, null when it names none.
struct ClusterPorts {
  ClusterReader& reader;
  GroupInspector* inspector = nullptr;
  SchemaRegistry* registry = nullptr;
};

struct Planned {
  ClusterState state;  // what the plan was made from
  Plan plan;
};

// What a plan is asked for beyond the cluster it reads.
struct PlanRequest {
  bool allow_delete = false;
  // Why the environment's registry is not given in ClusterPorts ("--skip-registry: ..."): the
  // plan says so when the environment names one, so a reader knows subjects were not planned.
  std::string registry_absent_because;
  // When set, the broker's own check of every change (validate_only) follows the read.
  ClusterWriter* broker_check = nullptr;
  // Told as each phase starts ("read", then "validate-only" with broker_check); may be empty.
  std::function<void(std::string_view phase)> on_phase;
};

// A request that only says whether the plan may delete.
inline PlanRequest deletes_allowed(bool allowed) {
  PlanRequest request;
  request.allow_delete = allowed;
  return request;
}

// The whole plan of one environment: reads the cluster and diffs; when the plan deletes, asks
// which idle groups still hold offsets; with a registry, plans its subjects too
// (engine/registry_sync.hpp); with request.broker_check, adds the broker's refusals.
Result<Planned> make_plan(const Desired& desired, const PlanRequest& request, ClusterPorts cluster);

// The broker's own check of every change (validate_only), its refusals added as blocked changes;
// ACL changes are blocked when this client may not change ACLs at all.
Result<bool> add_broker_refusals(Plan& plan, ClusterWriter& writer);

struct ExecutePolicy {
  bool allow_delete = false;             // the command that writes must allow deletes itself
  int wait_timeout_ms = 60'000;          // for created topics to have leaders
  int request_retries = 2;               // re-plans after a request that failed as a whole
  int readback_timeout_ms = 60'000;      // how long the broker may go without showing progress
  int read_failure_timeout_ms = 30'000;  // how long read-back reads may keep failing
  RetryPolicy retry;                     // per-topic retries of transient errors
  std::function<void(int ms)> sleep;     // empty: really sleep (tests pass one that does not)
  // Told as each phase starts ("validate-only", "write", "read-back", "registry"), so a caller
  // can say what each one sent and how long it took; empty: nothing is told.
  std::function<void(std::string_view phase)> on_phase;
};

struct Outcome {
  ApplyReport report;
  Plan remaining;                   // the plan after the run: what still differs
  std::string error;                // why the run stopped or refused; empty when it converged
  bool wrote = false;               // anything was sent that changes the cluster
  std::size_t schemas_written = 0;  // schema registry changes made

  bool converged() const { return error.empty(); }
};

// Executes `plan`: refuses (writing nothing) a delete without policy.allow_delete, a blocked
// plan, or any change the broker's validate-only pass refuses; then runs the phases, re-plans
// and retries a request that failed as a whole, and reads back the topics it wrote (only those,
// configs described only for them) until a fresh plan of them is empty, for up to
// policy.readback_timeout_ms since the last read that showed fewer differences than the ones
// before it, and policy.read_failure_timeout_ms since the last that answered at all: a read
// that lags or fails meanwhile is read again, never answered
// with another write (topics deleted in this run count as gone while metadata still lists them).
Outcome execute(const Plan& plan, const Desired& desired, ClusterPorts cluster,
                ClusterWriter& writer, const ExecutePolicy& policy, const Progress& progress);

}  // namespace topicform
