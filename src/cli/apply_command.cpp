// `topicform apply`: parse, plan (or check a saved plan), confirm, let the engine execute, report.
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/apply_steps.hpp"
#include "cli/arguments.hpp"
#include "cli/cluster_connection.hpp"
#include "cli/command_options.hpp"
#include "cli/commands.hpp"
#include "cli/environment_fanout.hpp"
#include "cli/plan_io.hpp"
#include "core/plan/environment_runs.hpp"
#include "engine/saved_plan.hpp"
#include "log/log.hpp"

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

// A saved plan supplies the paths and environments it was made from unless the command names
// them (naming others is refused: the file covers only its own); its deletes need --allow-delete
// on this command, whatever the plan was saved with.
Result<std::vector<SavedPlan>> read_saved_plans(ApplyOptions& options) {
  auto saved = load_plans_file(options.plan_file);
  if (!saved) return saved;
  std::vector<std::string> names;
  for (const auto& one : *saved) names.push_back(one.plan.environment);
  if (options.environments.empty()) options.environments = names;
  if (options.environments != names) {
    return Error{
        fmt::format("the plan file holds environment(s) {}, not the --env given; apply "
                    "it without --env, or plan again",
                    fmt::join(names, ", "))};
  }
  if (options.paths_defaulted && !saved->front().paths.empty()) {
    options.paths = saved->front().paths;
  }
  if (options.targets.empty()) options.targets = saved->front().targets;
  for (const auto& one : *saved) {
    if (auto refused = saved_plan_refusal(one, options.allow_delete, options.targets)) {
      return Error{*refused};
    }
  }
  return saved;
}

// The environments of a run: as given ("all" expanded from the settings) or the plan file's.
Result<std::vector<std::string>> environments_of(const ApplyOptions& options) {
  if (!reports_per_environment(options.environments)) {
    return std::vector<std::string>{single_environment(options.environments)};
  }
  return chosen_environments(options.environments,
                             load_project(options.paths, options.settings).settings);
}

// `reason` (an error of prepare_apply) said of every environment, not only its own.
std::string refused_everywhere(const std::string& environment, std::string reason) {
  constexpr std::string_view kOwn = "; nothing was applied";
  if (reason.ends_with(kOwn)) reason.resize(reason.size() - kOwn.size());
  return fmt::format("environment '{}': {}; nothing was applied to any environment", environment,
                     reason);
}

// One environment of several: planned again right before it is written (the environments
// before it took their time), on the connection of the check before the first, when there was;
// `fresh`: the check just planned it, nothing was written since.
int apply_one(const ApplyOptions& options, const std::string& name, const SavedPlan* saved,
              std::unique_ptr<PreparedApply> prepared, const ExecutePolicy& policy, bool fresh) {
  if (!prepared) {
    auto ready = prepare_apply(options, name, saved);
    if (!ready) return fail(ready.error().message);
    prepared = std::move(*ready);
  } else if (!fresh) {
    if (auto planned = plan_apply(*prepared, options, saved); !planned) {
      return fail(planned.error().message);
    }
  }
  return execute_prepared(*prepared, options, policy);
}

// Several environments one after another in the order given, stopping at the first that fails;
// with a saved plan, every environment's plan is checked before the first is applied.
int apply_in_order(ApplyOptions& options, const std::vector<std::string>& names,
                   const std::vector<SavedPlan>& saved, const ExecutePolicy& policy) {
  if (auto own = use_each_environments_cluster(options.connection); !own) {
    return fail(own.error().message);
  }
  // Checked last to first, so the first is applied on the plan its check made a moment ago.
  std::vector<std::unique_ptr<PreparedApply>> checked(names.size());
  for (std::size_t i = names.size(); i-- > 0 && !saved.empty();) {
    auto ready = prepare_apply(options, names[i], &saved[i]);
    if (!ready) return fail(refused_everywhere(names[i], ready.error().message));
    checked[i] = std::move(*ready);
  }
  for (std::size_t i = 0; i < names.size(); ++i) {
    set_log_field("environment", names[i]);
    log_info(fmt::format("Environment '{}' ({} of {})", names[i], i + 1, names.size()));
    const SavedPlan* own_plan = saved.empty() ? nullptr : &saved[i];
    bool fresh = i == 0 && own_plan != nullptr;
    if (apply_one(options, names[i], own_plan, std::move(checked[i]), policy, fresh) != kExitOk) {
      std::vector<std::string> rest(names.begin() + static_cast<long>(i) + 1, names.end());
      return fail(fmt::format("environment '{}' failed; {}", names[i],
                              rest.empty()
                                  ? std::string("it was the last")
                                  : fmt::format("not applied: {}", fmt::join(rest, ", "))));
    }
  }
  return kExitOk;
}

}  // namespace

Parsed parse_apply(const std::vector<std::string>& args, ApplyOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help");
  add_environments_option(visible, options.environments,
                          "environment from the settings; repeat it, or say 'all', to apply "
                          "several one after another in that order, stopping at the first that "
                          "fails");
  visible.add_options()(

      "plan", po::value(&options.plan_file),
      "execute a plan saved by 'plan --out FILE', only if a plan made now is the same")(
      "auto-approve", po::bool_switch(&options.auto_approve),
      "apply without asking (required when there is no terminal)")(
      "allow-delete", po::bool_switch(&options.allow_delete),
      "delete topics whose manifest says `deleted: true`")(
      "wait",
      po::value(&options.wait)->default_value(DurationMs{60'000}, "60s")->value_name("DURATION"),
      "how long the cluster may take to show what apply wrote, counted from the last sign of "
      "progress: a leader for every new partition, then the accepted config changes (60s, 2m; "
      "a bare number is seconds)")(
      "wait-for-brokers",
      po::value(&options.wait_for_brokers)->value_name("N")->implicit_value(0, "highest RF"),
      "first wait (up to --timeout) until the cluster answers with at least N brokers; N "
      "defaults to the highest replication factor in the manifests")(
      "stats", po::bool_switch(&options.stats),
      "print the number of admin requests sent, on stderr");
  add_colour_option(visible, options.colour);
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
  ExecutePolicy policy = policy_of(options);
  std::vector<SavedPlan> saved;
  if (!options.plan_file.empty()) {
    auto read = read_saved_plans(options);
    if (!read) return fail(read.error().message);
    saved = std::move(*read);
  }
  auto names = environments_of(options);
  if (!names) return fail(names.error().message);
  if (names->size() > 1) return apply_in_order(options, *names, saved, policy);
  auto prepared = prepare_apply(options, names->front(), saved.empty() ? nullptr : &saved[0]);
  if (!prepared) return fail(prepared.error().message);
  return execute_prepared(**prepared, options, policy);
}

}  // namespace topicform
