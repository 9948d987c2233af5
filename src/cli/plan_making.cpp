// One environment's plan from a snapshot or the live cluster, and plans of several at once.
#include "cli/plan_making.hpp"

#include <fmt/format.h>

#include "cli/cluster_connection.hpp"
#include "cli/phase_log.hpp"
#include "cli/plan_io.hpp"
#include "cluster/kafka_admin.hpp"
#include "cluster/snapshot.hpp"
#include "log/log.hpp"

namespace topicform {

std::string single_snapshot(const PlanOptions& options) {
  return options.snapshots_in.empty() ? "" : options.snapshots_in.front();
}

Result<std::string> snapshot_for(const PlanOptions& options, const std::string& environment) {
  if (options.snapshots_in.empty()) return std::string();
  for (const auto& value : options.snapshots_in) {
    auto equals = value.find('=');
    if (equals == std::string::npos || equals == 0) {
      return Error{
          fmt::format("--cluster-snapshot '{}': with several environments give "
                      "ENV=FILE for each",
                      value)};
    }
    if (value.substr(0, equals) == environment) return value.substr(equals + 1);
  }
  return Error{
      fmt::format("no --cluster-snapshot {}=FILE was given for this environment", environment)};
}

// The plan from a snapshot file, or from the live cluster with the broker's own check of it.
// `snapshot`: the file to plan against, "" for the live cluster; `label` leads the --stats lines.
Result<Planned> plan_from_cluster(const CheckedProject& checked, const PlanOptions& options,
                                  const Targets& targets, const std::string& snapshot,
                                  const std::string& label) {
  Desired desired = desired_of(checked, &targets);
  if (!snapshot.empty()) {
    auto state = load_snapshot_file(snapshot);
    if (!state) return state.error();
    SnapshotReader reader(std::move(*state));
    PlanRequest request = deletes_allowed(options.allow_delete);
    request.registry_absent_because =
        "--cluster-snapshot: the schema registry was not read, so its subjects are not planned; "
        "plan against the live cluster to see them";
    return make_plan(desired, request, {reader, nullptr});
  }
  auto live = plan_live(checked, options, targets, label);
  if (!live) return live.error();
  return std::move(live->planned);
}

Result<LivePlan> plan_live(const CheckedProject& checked, const PlanOptions& options,
                           const Targets& targets, const std::string& label) {
  Desired desired = desired_of(checked, &targets);
  auto admin = connect_kafka(options.connection, checked.environment);
  if (!admin) return admin.error();
  auto registry = connect_registry(options.connection, checked.environment);
  if (!registry) return registry.error();
  PhaseLog phases(**admin, label);
  // The broker itself (and any policy it runs) checks what would be sent, changing nothing.
  PlanRequest request{options.allow_delete, registry_skipped(options.connection), admin->get(),
                      [&](std::string_view phase) { phases.begin(phase); }};
  auto planned = make_plan(desired, request, {**admin, admin->get(), registry->get()});
  if (!planned) return planned.error();
  phases.end();
  log_cluster_read(planned->plan, planned->state);
  if (options.stats) {
    log_info(label + format_request_counts((*admin)->requests(), "validate-only writes"));
    if (*registry)
      log_info(fmt::format("{}schema registry requests: {}", label, (*registry)->requests().reads));
  }
  return LivePlan{std::move(*admin), std::move(*registry), std::move(*planned)};
}

}  // namespace topicform
