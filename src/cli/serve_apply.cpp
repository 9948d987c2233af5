// The automatic part of a plan: choose by topic, plan those topics again, refuse if the cluster
// changed meanwhile so that one of them now waits, then execute and read back.
#include "cli/serve_apply.hpp"

#include <fmt/format.h>

#include "cli/plan_io.hpp"
#include "core/operations/drift.hpp"
#include "log/log.hpp"

namespace topicform {

Result<AutomaticApply> apply_automatic(const CheckedProject& checked, LivePlan& live,
                                       const ConnectionOptions& connection) {
  auto topics = automatic_topics(live.planned.plan);
  if (!topics) {
    return Error{
        "a blocked change concerns the whole cluster (its id, its settings): nothing "
        "was written"};
  }
  AutomaticApply applied;
  if (topics->empty()) return applied;
  Targets targets(*topics, true);
  Desired desired = desired_of(checked, &targets);
  ClusterPorts ports{*live.admin, live.admin.get(), live.registry.get()};
  PlanRequest request{false, registry_skipped(connection), live.admin.get(), {}};
  auto fresh = make_plan(desired, request, ports);
  if (!fresh) return Error{fresh.error().message + "; nothing was written"};
  // The cluster may have changed since the first read: what waits now is not written.
  auto still = automatic_topics(fresh->plan);
  if (!still || *still != *topics || fresh->plan.is_blocked()) {
    return Error{
        "the cluster changed while the cycle planned: nothing was written; the next "
        "cycle plans again"};
  }
  applied.changes = fresh->plan.actions.size() + fresh->plan.access.creates.size() +
                    fresh->plan.access.deletes.size() + fresh->plan.schemas.size();
  ExecutePolicy policy;
  policy.read_failure_timeout_ms = connection.timeout.ms;
  auto progress = [](const std::string& line) { log_debug(line); };
  Outcome outcome = execute(fresh->plan, desired, ports, *live.admin, policy, progress);
  applied.wrote = outcome.wrote;
  applied.topics = *topics;
  if (!outcome.converged()) {
    return Error{fmt::format("{} ({})", outcome.error,
                             outcome.wrote ? "some changes were written" : "nothing was written")};
  }
  return applied;
}

}  // namespace topicform
