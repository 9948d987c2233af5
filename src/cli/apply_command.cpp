// `topicform apply`: parse, plan (or check a saved plan), confirm, let the engine execute, report.
#include <unistd.h>

#include <algorithm>
#include <iostream>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/broker_wait.hpp"
#include "cli/cluster_connection.hpp"
#include "cli/command_options.hpp"
#include "cli/commands.hpp"
#include "cli/plan_io.hpp"
#include "cli/terminal.hpp"
#include "engine/saved_plan.hpp"
#include "log/log.hpp"
#include "render/plan_render.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage = R"(Usage: topicform apply [PATH...] [options]

Plans (as `topicform plan`), shows the plan, asks for confirmation on a terminal, then executes
it in order: ACL grants -> creates (each topic with its .dead topic, in one batch) -> partition
increases -> config changes -> deletes -> ACL revokes; an ACL change needs ALTER on the cluster,
which is checked before anything is written. Returns once every created topic has a leader for
each partition, then reads the cluster again until nothing is left to change. Anything
blocked: nothing is written. Safe to re-run: a converged cluster gets no writes.

With --target NAME, only the topics NAME selects are changed (as `plan --target` shows), and
the read-back checks only them.

With --plan FILE (saved by `plan --out`), the plan is made again from the manifests, settings
and cluster as they are now and executed only if it is the same as the saved one; the manifest
paths and environment come from the file unless given. Deletes always need --allow-delete here.

As a Compose init container (or any one-shot job before consumers start):
  topicform apply --auto-approve --wait-for-brokers --timeout 2m /topics
waits until the cluster answers and enough brokers are registered (by default the highest
replication factor in the manifests), then applies; on a converged cluster it writes nothing.

Exit status: 0 the cluster matches the manifests (withheld deletes aside), 1 otherwise (errors,
blocked, stale plan, failed, brokers not ready in time); the reason is the last line on stderr.

Options)";

// A saved plan supplies the paths and environment it was made from unless the command names
// them; its deletes need --allow-delete on this command, whatever the plan was saved with.
Result<SavedPlan> read_saved_plan(ApplyOptions& options) {
  auto saved = load_plan_file(options.plan_file);
  if (!saved) return saved;
  if (options.paths_defaulted && !saved->paths.empty()) options.paths = saved->paths;
  if (options.environment.empty()) options.environment = saved->plan.environment;
  if (options.targets.empty()) options.targets = saved->targets;
  if (auto refused = saved_plan_refusal(*saved, options.allow_delete, options.targets)) {
    return Error{*refused};
  }
  return saved;
}

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
      wait_for_brokers(admin, std::max<std::int64_t>(wanted, 1), *timeout_ms(options.connection));
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

Result<ExecutePolicy> policy_of(const ApplyOptions& options) {
  auto wait_ms = duration_flag_ms("--wait", options.wait);
  if (!wait_ms) return wait_ms.error();
  auto silence_ms = timeout_ms(options.connection);
  if (!silence_ms) return silence_ms.error();
  ExecutePolicy policy;
  policy.allow_delete = options.allow_delete;
  policy.wait_timeout_ms = *wait_ms;
  // A busy broker (right after a large create) shows accepted changes tens of seconds late
  // while answering every read: that is --wait's to bound, not --timeout's (silence).
  policy.readback_timeout_ms = *wait_ms;
  policy.read_failure_timeout_ms = *silence_ms;
  return policy;
}

}  // namespace

Parsed parse_apply(const std::vector<std::string>& args, ApplyOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help")("env,e", po::value(&options.environment),
                                                    "environment from the settings")(

      "plan", po::value(&options.plan_file),
      "execute a plan saved by 'plan --out FILE', only if a plan made now is the same")(
      "auto-approve", po::bool_switch(&options.auto_approve),
      "apply without asking (required when there is no terminal)")(
      "allow-delete", po::bool_switch(&options.allow_delete),
      "delete topics whose manifest says `deleted: true`")(
      "wait", po::value(&options.wait)->default_value("60s")->value_name("DURATION"),
      "how long the cluster may take to show what apply wrote, counted from the last sign of "
      "progress: a leader for every new partition, then the accepted config changes (60s, 2m; "
      "a bare number is seconds)")(
      "wait-for-brokers",
      po::value(&options.wait_for_brokers)->value_name("N")->implicit_value(0, "highest RF"),
      "first wait (up to --timeout) until the cluster answers with at least N brokers; N "
      "defaults to the highest replication factor in the manifests")(
      "stats", po::bool_switch(&options.stats),
      "print the number of admin requests sent, on stderr")(
      "color", po::value(&options.colour)->default_value("auto"), "auto, always or never");
  add_settings_option(visible, options.settings);
  add_target_option(visible, options.targets);
  add_connection_options(visible, options.connection, true);
  add_registry_option(visible, options.connection);
  return parse_arguments(
      args, visible, options.paths, "apply",
      "Example:\n  topicform apply --auto-approve --bootstrap-server 127.0.0.1:9092 topics/\n",
      &options.paths_defaulted);
}

int run_apply(const std::vector<std::string>& args) {
  ApplyOptions options;
  if (auto parsed = parse_apply(args, options); parsed != Parsed::run) return exit_code(parsed);
  auto policy = policy_of(options);
  if (!policy) return fail(policy.error().message);
  std::optional<SavedPlan> saved;
  if (!options.plan_file.empty()) {
    auto read = read_saved_plan(options);
    if (!read) return fail(read.error().message);
    saved = std::move(*read);
  }
  auto checked = load_and_check(options.paths, options.environment, options.settings);
  if (!usable_after_report(*checked, options.colour))
    return fail("the manifests have errors; nothing was applied");
  auto targets = checked_targets(*checked, options.targets);
  if (!targets) return fail(targets.error().message + "; nothing was applied");
  Desired desired = desired_of(*checked, &*targets);
  auto admin = connect_kafka(options.connection, checked->environment);
  if (!admin) return fail(admin.error().message);
  if (auto ready = wait_if_asked(options, *checked, **admin); !ready)
    return fail(ready.error().message);
  auto registry = connect_registry(options.connection, checked->environment);
  if (!registry) return fail(registry.error().message + "; nothing was applied");
  ClusterPorts cluster{**admin, admin->get(), registry->get()};
  auto planned = make_plan(desired, options.allow_delete, cluster);
  if (!planned) return fail(planned.error().message + "; nothing was applied");
  planned->plan.schemas_skipped = registry_skipped(options.connection, checked->environment);
  if (saved) {
    if (auto same = check_saved(*saved, planned->plan, *checked); !same) {
      return fail(same.error().message);
    }
  }
  std::cout << render_plan_text(planned->plan, use_colour(options.colour, STDOUT_FILENO));
  std::cout.flush();
  if (planned->plan.has_changes() && !planned->plan.is_blocked()) {
    if (auto yes = confirm(options, planned->plan); !yes) return fail(yes.error().message);
  }
  // One write a line (stderr is unbuffered): a large apply reports thousands of them.
  auto progress = [](const std::string& line) { log_info(line); };
  Outcome outcome = execute(planned->plan, desired, cluster, **admin, *policy, progress);
  return report(outcome, options, **admin);
}

}  // namespace topicform
