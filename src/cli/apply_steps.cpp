// apply's steps for one environment: everything between the parsed flags and the exit code.
#include "cli/apply_steps.hpp"

#include <unistd.h>

#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "cli/broker_wait.hpp"
#include "cli/cluster_connection.hpp"
#include "cli/commands.hpp"
#include "cli/phase_log.hpp"
#include "cli/plan_io.hpp"
#include "cli/terminal.hpp"
#include "engine/saved_plan.hpp"
#include "log/log.hpp"
#include "render/plan_render.hpp"

namespace topicform {
namespace {

Result<bool> wait_if_asked(const ApplyOptions& options, const CheckedProject& checked,
                           KafkaAdmin& admin) {
  if (options.wait_for_brokers < 0) return true;
  std::int64_t wanted = options.wait_for_brokers;
  if (wanted == 0) {  // not given: enough brokers for the widest replication asked for
    for (const auto& topic : checked.topics) {
      wanted = std::max(wanted, topic.replication_factor.value);
    }
  }
  auto ready =
      wait_for_brokers(admin, std::max<std::int64_t>(wanted, 1), options.connection.timeout.ms);
  if (!ready) return ready.error();
  return true;
}

Result<bool> check_saved(const SavedPlan& saved, const Plan& fresh, const CheckedProject& checked) {
  auto stale = stale_because(saved, fresh, digest_of(checked));
  if (!stale) return true;
  for (const auto& line : stale->details) log_info("  " + line);
  return Error{
      fmt::format("the plan is stale: {}; plan again; nothing was applied", stale->reason)};
}

Result<bool> confirm(const ApplyOptions& options, const Plan& plan) {
  if (options.auto_approve) return true;
  if (isatty(STDIN_FILENO) != 1) {
    return Error{"no terminal to confirm on: run with --auto-approve to apply without asking"};
  }
  std::cerr << fmt::format("Apply these changes to cluster {}? Only 'yes' is accepted: ",
                           plan.cluster_id);
  std::string answer;
  std::getline(std::cin, answer);
  if (answer != "yes") return Error{"not confirmed; nothing was applied"};
  return true;
}

std::string status_line(const Outcome& outcome) {
  const ApplyReport& report = outcome.report;
  std::string line =
      fmt::format("{} applied, {} failed, {} not attempted", report.count(ActionStatus::applied),
                  report.count(ActionStatus::failed), report.count(ActionStatus::not_attempted));
  if (outcome.schemas_written > 0)
    line += fmt::format(", {} schema registry change(s) made", outcome.schemas_written);
  return line;
}

std::string withheld_note(const Plan& plan) {
  if (plan.withheld.empty()) {
    return plan.targets.empty() ? " The cluster matches the manifests."
                                : " The targeted topics match the manifests.";
  }
  return fmt::format(" {} delete(s) withheld (first: '{}'): run with --allow-delete to delete.",
                     plan.withheld.size(), plan.withheld.front().name);
}

int report(const Outcome& outcome, const ApplyOptions& options, KafkaAdmin& admin) {
  // Before the outcome, so an apply that stops still says what it sent (the error stays last).
  if (options.stats) log_info(format_request_counts(admin.requests(), "writes"));
  if (!outcome.converged()) {
    if (outcome.remaining.has_changes() || outcome.remaining.is_blocked()) {
      log_info(render_plan_text(outcome.remaining, false));
    }
    std::string done = outcome.wrote ? "; " + status_line(outcome) + "; re-run to continue" : "";
    return fail(outcome.error + done);
  }
  if (!outcome.wrote) return kExitOk;
  log_info(
      fmt::format("Apply complete: {}.{}", status_line(outcome), withheld_note(outcome.remaining)));
  return kExitOk;
}

}  // namespace

ExecutePolicy policy_of(const ApplyOptions& options) {
  ExecutePolicy policy;
  policy.allow_delete = options.allow_delete;
  policy.wait_timeout_ms = options.wait.ms;
  // A busy broker (right after a large create) shows accepted changes tens of seconds late
  // while answering every read: that is --wait's to bound, not --timeout's (silence).
  policy.readback_timeout_ms = options.wait.ms;
  policy.read_failure_timeout_ms = options.connection.timeout.ms;
  return policy;
}

Result<std::unique_ptr<PreparedApply>> connect_apply(const ApplyOptions& options,
                                                     const std::string& environment) {
  auto prepared = std::make_unique<PreparedApply>();
  prepared->checked = load_and_check(options.paths, environment, options.settings);
  const CheckedProject& checked = *prepared->checked;
  if (!usable_after_report(checked, options.colour))
    return Error{"the manifests have errors; nothing was applied"};
  auto targets = checked_targets(checked, options.targets);
  if (!targets) return Error{targets.error().message + "; nothing was applied"};
  prepared->targets = std::move(*targets);
  auto admin = connect_kafka(options.connection, checked.environment);
  if (!admin) return admin.error();
  prepared->admin = std::move(*admin);
  if (auto ready = wait_if_asked(options, checked, *prepared->admin); !ready) return ready.error();
  auto registry = connect_registry(options.connection, checked.environment);
  if (!registry) return Error{registry.error().message + "; nothing was applied"};
  prepared->registry = std::move(*registry);
  return prepared;
}

Result<bool> plan_apply(PreparedApply& prepared, const ApplyOptions& options,
                        const SavedPlan* saved) {
  const CheckedProject& checked = *prepared.checked;
  ClusterPorts cluster{*prepared.admin, prepared.admin.get(), prepared.registry.get()};
  PhaseLog phases(*prepared.admin, "");
  PlanRequest request{options.allow_delete, registry_skipped(options.connection), nullptr,
                      [&](std::string_view phase) { phases.begin(phase); }};
  auto planned = make_plan(desired_of(checked, &prepared.targets), request, cluster);
  phases.end();
  if (!planned) return Error{planned.error().message + "; nothing was applied"};
  log_cluster_read(planned->plan, planned->state);
  if (saved) {
    if (auto same = check_saved(*saved, planned->plan, checked); !same) return same.error();
  }
  prepared.planned = std::move(*planned);
  return true;
}

Result<std::unique_ptr<PreparedApply>> prepare_apply(const ApplyOptions& options,
                                                     const std::string& environment,
                                                     const SavedPlan* saved) {
  auto prepared = connect_apply(options, environment);
  if (!prepared) return prepared;
  if (auto planned = plan_apply(**prepared, options, saved); !planned) return planned.error();
  return prepared;
}

int execute_prepared(PreparedApply& prepared, const ApplyOptions& options,
                     const ExecutePolicy& policy) {
  const Plan& plan = prepared.planned->plan;
  std::cout << render_plan_text(plan, use_colour(options.colour, STDOUT_FILENO));
  std::cout.flush();
  if (plan.has_changes() && !plan.is_blocked()) {
    if (auto yes = confirm(options, plan); !yes) return fail(yes.error().message);
  }
  // One write a line (stderr is unbuffered): a large apply reports thousands of them.
  auto progress = [](const std::string& line) { log_info(line); };
  ClusterPorts cluster{*prepared.admin, prepared.admin.get(), prepared.registry.get()};
  PhaseLog phases(*prepared.admin, "");
  ExecutePolicy told = policy;
  told.on_phase = [&](std::string_view phase) { phases.begin(phase); };
  Outcome outcome = execute(plan, desired_of(*prepared.checked, &prepared.targets), cluster,
                            *prepared.admin, told, progress);
  phases.end();
  return report(outcome, options, *prepared.admin);
}

}  // namespace topicform
