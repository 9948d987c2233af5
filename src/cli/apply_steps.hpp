// The steps of `apply` for one environment: prepare (read, connect, plan, check a saved plan),
// then execute (show, confirm, write, report); a run over several environments strings them.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "cli/checked_project.hpp"
#include "cli/command_options.hpp"
#include "cluster/kafka_admin.hpp"
#include "core/ground/result.hpp"
#include "engine/reconciler.hpp"

namespace topicform {

// One environment ready to apply: its checked manifests, its connections and a plan made now.
struct PreparedApply {
  std::unique_ptr<CheckedProject> checked;
  Targets targets;  // the plan's Desired points here, so a PreparedApply is never moved
  std::unique_ptr<KafkaAdmin> admin;
  std::unique_ptr<SchemaRegistry> registry;
  std::optional<Planned> planned;
};

// --allow-delete, --wait and --timeout as the engine's policy.
ExecutePolicy policy_of(const ApplyOptions& options);

// Reads and checks the manifests for `environment` (reporting their diagnostics) and connects,
// waiting for brokers when asked; not yet planned. An error says why nothing was applied.
Result<std::unique_ptr<PreparedApply>> connect_apply(const ApplyOptions& options,
                                                     const std::string& environment);

// Plans `prepared` from the cluster as it is now (again, when planned before) and compares the
// plan with `saved` when given; an error says why nothing was applied.
Result<bool> plan_apply(PreparedApply& prepared, const ApplyOptions& options,
                        const SavedPlan* saved);

// connect_apply, then plan_apply.
Result<std::unique_ptr<PreparedApply>> prepare_apply(const ApplyOptions& options,
                                                     const std::string& environment,
                                                     const SavedPlan* saved);

// Shows the plan, asks on a terminal unless --auto-approve, writes it and reports; the exit code.
int execute_prepared(PreparedApply& prepared, const ApplyOptions& options,
                     const ExecutePolicy& policy);

}  // namespace topicform
