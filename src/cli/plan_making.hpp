// How plan makes one environment's plan: from a snapshot file or the live cluster, and the
// several-environment run built on it.
#pragma once

#include <memory>
#include <string>

#include "cli/checked_project.hpp"
#include "cli/command_options.hpp"
#include "cluster/kafka_admin.hpp"
#include "core/ground/result.hpp"
#include "engine/reconciler.hpp"

namespace topicform {

// The --cluster-snapshot of a one-environment run ("" for the live cluster).
std::string single_snapshot(const PlanOptions& options);

// The snapshot file `environment` plans against in a run over several: the value ENV=FILE that
// names it, "" for its live cluster when no --cluster-snapshot is given; an error when some are
// given but not one for it, or one is not ENV=FILE.
Result<std::string> snapshot_for(const PlanOptions& options, const std::string& environment);

// The plan against `snapshot` ("" for the live cluster, with the broker's own check of the
// writes); `label` leads the --stats lines.
Result<Planned> plan_from_cluster(const CheckedProject& checked, const PlanOptions& options,
                                  const Targets& targets, const std::string& snapshot,
                                  const std::string& label);

// A plan of the live cluster whose connections stay open, for a caller that goes on to write.
struct LivePlan {
  std::unique_ptr<KafkaAdmin> admin;
  std::unique_ptr<SchemaRegistry> registry;  // null: the environment names none, or skipped
  Planned planned;
};

// The plan against the live cluster, with the broker's own check of the writes; `label` leads
// the --stats lines.
Result<LivePlan> plan_live(const CheckedProject& checked, const PlanOptions& options,
                           const Targets& targets, const std::string& label);

// `plan` over several environments (several --env, or --env all): one report, the worst exit.
int run_plan_environments(PlanOptions& options);

}  // namespace topicform
