// `topicform plan`: parse, ask the engine for a plan (live cluster or snapshot), render, exit.
#include <unistd.h>

#include <iostream>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/cluster_connection.hpp"
#include "cli/command_options.hpp"
#include "cli/commands.hpp"
#include "cli/environment_fanout.hpp"
#include "cli/job_summary.hpp"
#include "cli/plan_io.hpp"
#include "cli/plan_making.hpp"
#include "cli/report_formats.hpp"
#include "cli/terminal.hpp"
#include "cluster/kafka_admin.hpp"
#include "cluster/snapshot.hpp"
#include "core/plan/environment_runs.hpp"
#include "log/log.hpp"
#include "render/diagnostics_render.hpp"
#include "render/plan_file.hpp"
#include "render/plan_render.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage = R"(Usage: topicform plan [PATH...] [options]

Checks the manifests (as `validate` does), reads the cluster and prints what `apply` would
change: + create (each topic with its .dead topic), ~ update (partitions, configs), - delete
(only `deleted: true` with --allow-delete; without it the delete is shown as withheld), ! blocked
(a partition decrease, a replication change, more replicas than brokers, growing a keyed topic
without allowKeyRemap, a wrong cluster id, a delete of a topic that a group reads or whose dead
topic holds messages). Nothing is written to the cluster.

With --target NAME, the plan is made from the whole project and then narrowed to the topics
NAME selects (with their .dead topics, their ACLs and their warnings): a run narrowed to one
topic never resets what it left out.

When the environment has `acls:` in the settings, the plan also grants (+ grant) the ACL
bindings the owner cards imply and revokes (- revoke) topicform's bindings that no card asks
for any more; other grants on the managed topics and groups are listed, never touched.

The cluster: --cluster-snapshot FILE, else --bootstrap-server, else KAFKA_BOOTSTRAP_SERVERS,
else the environment's bootstrapServers in the settings. Client properties (SASL, SSL) come from
--command-config FILE and -X key=value; secret values are never printed.

Exit status: 0 no changes (or changes without --detailed-exitcode), 1 errors or anything
blocked, 2 changes (a withheld delete included) with --detailed-exitcode.

Options)";

const ReportFormats<Plan> kFormats = {
    {"text",
     [](std::ostream& out, const Plan& plan, bool colour) { write_plan_text(out, plan, colour); },
     {}},
    {"json", [](std::ostream& out, const Plan& plan, bool) { write_plan_json(out, plan); }, {}},
    {"markdown",
     [](std::ostream& out, const Plan& plan, bool) { out << render_plan_markdown(plan); },
     {}},
    {"github", [](std::ostream& out, const Plan& plan, bool) { write_plan_github(out, plan); },
     [](const Plan& plan) { return render_plan_markdown(plan); }},
};

Result<bool> save_outputs(const CheckedProject& checked, const Planned& planned,
                          const PlanOptions& options) {
  if (!options.snapshot_out.empty()) {
    auto written = write_text_file(options.snapshot_out, write_snapshot(planned.state), "snapshot");
    if (!written) return written;
  }
  if (options.plan_out.empty()) return true;
  SavedPlan saved{planned.plan, digest_of(checked), absolute_paths(options.paths), options.targets};
  return write_text_file(options.plan_out, write_plan_file(saved), "plan");
}

// Fails the command; in the Markdown and GitHub formats also writes what failed where the plan
// would have gone (stdout, and the job summary), so a pull-request comment never keeps an old
// plan up as if it were current.
int plan_failed(const PlanOptions& options, const CheckedProject& checked,
                const std::string& reason) {
  bool errors = has_errors(checked.diagnostics);
  std::vector<Diagnostic> shown = errors ? checked.diagnostics : std::vector<Diagnostic>{};
  std::string report = render_plan_failure_markdown(checked.environment.name, reason, shown);
  if (options.format == "markdown") std::cout << report;
  if (options.format == "github") {
    std::cout << render_github_annotations(shown);
    append_job_summary(report);
  }
  std::cout.flush();
  return fail(reason);
}

}  // namespace

Parsed parse_plan(const std::vector<std::string>& args, PlanOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help");
  add_format_option(
      visible, options.format, format_names(kFormats),
      "output: text, json (versioned), markdown (a pull-request comment) or github "
      "(annotations on the manifest lines, and the Markdown plan as the job summary)");
  add_environments_option(visible, options.environments,
                          "environment from the settings; repeat it, or say 'all', to plan "
                          "several in one report (each reaches its own bootstrapServers)");
  visible.add_options()(
      "cluster-snapshot", po::value(&options.snapshots_in)->value_name("FILE")->composing(),
      "plan against a snapshot file instead of a live cluster; with several environments, "
      "ENV=FILE for each")(
      "out", po::value(&options.plan_out),
      "save the plan for 'apply --plan FILE', which runs it only while a plan made then is the "
      "same")("write-snapshot", po::value(&options.snapshot_out),
              "also save the cluster state that was read to FILE")(
      "allow-delete", po::bool_switch(&options.allow_delete),
      "delete topics whose manifest says `deleted: true`")(
      "detailed-exitcode", po::bool_switch(&options.detailed_exitcode),
      "exit 2 when the cluster differs from the manifests")(
      "stats", po::bool_switch(&options.stats),
      "print the number of admin requests sent, on stderr");
  add_colour_option(visible, options.colour);
  add_settings_option(visible, options.settings);
  add_against_option(visible, options.against);
  add_target_option(visible, options.targets);
  add_connection_options(visible, options.connection);
  add_registry_option(visible, options.connection);
  Parsed parsed =
      parse_arguments(args, visible, options.paths, "plan",
                      "Examples:\n  topicform plan --bootstrap-server 127.0.0.1:9092 topics/\n "
                      " topicform plan --env prod --format markdown topics/ > plan.md\n"
                      "  topicform plan --target 'orders.*' topics/\n");
  return parsed;
}

int run_plan(const std::vector<std::string>& args) {
  PlanOptions options;
  if (auto parsed = parse_plan(args, options); parsed != Parsed::run) return exit_code(parsed);
  if (reports_per_environment(options.environments)) return run_plan_environments(options);
  auto checked = load_and_check(options.paths, single_environment(options.environments),
                                options.settings, options.against);
  if (!usable_after_report(*checked, options.colour)) {
    return plan_failed(options, *checked, "the manifests have errors; nothing was planned");
  }
  auto targets = checked_targets(*checked, options.targets);
  if (!targets) return plan_failed(options, *checked, targets.error().message);
  auto planned = plan_from_cluster(*checked, options, *targets, single_snapshot(options), "");
  if (!planned) return plan_failed(options, *checked, planned.error().message);
  if (auto saved = save_outputs(*checked, *planned, options); !saved) {
    return plan_failed(options, *checked, saved.error().message);
  }
  write_report(kFormats, options.format, planned->plan, options.colour);
  int code = planned->plan.is_blocked()                             ? kExitFailure
             : planned->plan.differs() && options.detailed_exitcode ? kExitChanges
                                                                    : kExitOk;
  free_at_exit(std::move(checked));
  free_at_exit(std::move(*planned));
  return code;
}

}  // namespace topicform
