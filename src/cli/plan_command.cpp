// `topicform plan`: check the manifests, read the cluster (or a snapshot), print the plan.
#include <unistd.h>

#include <fstream>
#include <iostream>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "apply/apply.hpp"
#include "cli/arguments.hpp"
#include "cli/checked_project.hpp"
#include "cli/cluster_connection.hpp"
#include "cli/commands.hpp"
#include "cli/job_summary.hpp"
#include "cli/live_delete_checks.hpp"
#include "cli/terminal.hpp"
#include "cluster/kafka_admin.hpp"
#include "cluster/snapshot.hpp"
#include "core/diff.hpp"
#include "core/fingerprint.hpp"
#include "render/diagnostics_render.hpp"
#include "render/plan_file.hpp"
#include "render/plan_render.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage = R"(Usage: topicform plan [PATH...] [options]

Checks the manifests (as `validate` does), reads the cluster and prints what `apply` would
change: + create (each topic with its .dead topic), ~ update (partitions, configs), - delete
(only `deleted: true` with --allow-delete), ! blocked (a partition decrease, a replication change,
more replicas than brokers, growing a keyed topic without allowKeyRemap, a wrong cluster id).
Nothing is written to the cluster.

The cluster: --cluster-snapshot FILE, else --bootstrap-server, else KAFKA_BOOTSTRAP_SERVERS,
else the environment's bootstrapServers in the settings. Client properties (SASL, SSL) come from
--command-config FILE and -X key=value; secret values are never printed.

Exit status: 0 no changes (or changes without --detailed-exitcode), 1 errors or anything
blocked, 2 changes with --detailed-exitcode.

Options)";

struct PlanOptions {
  std::vector<std::string> paths;
  std::string format = "text";
  std::string environment;
  std::string colour = "auto";
  ConnectionOptions connection;
  std::string snapshot_in;
  std::string snapshot_out;
  std::string plan_out;
  bool allow_delete = false;
  bool detailed_exitcode = false;
  bool stats = false;
};

// The broker's refusals in the validate-only pass become blocked changes: apply would fail.
void add_refusals(Plan& plan, const std::vector<TopicOutcome>& refused) {
  for (const auto& r : refused) {
    Location at;
    for (const auto& action : plan.actions) {
      if (action_topic(action) != r.topic) continue;
      at = std::visit([](const auto& a) { return a.at; }, action);
    }
    plan.blocked.push_back(BlockedChange{r.topic, "cluster/validate",
                                         fmt::format("the broker refuses the change: {}", r.error),
                                         at});
  }
}

int fail(const std::string& message) {
  std::cerr << fmt::format("topicform: error: {}\n", message);
  return kExitFailure;
}

}  // namespace

int run_plan(const std::vector<std::string>& args) {
  PlanOptions options;
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help")(
      "format,f", po::value(&options.format)->default_value("text"),
      "output: text, json (versioned), markdown (a pull-request comment) or github (annotations "
      "on the manifest lines, and the Markdown plan as the job summary)")(
      "env,e", po::value(&options.environment), "environment from the settings")(
      "cluster-snapshot", po::value(&options.snapshot_in),
      "plan against a snapshot file instead of a live cluster")(
      "out", po::value(&options.plan_out),
      "save the plan (with what it saw of the cluster) for 'apply --plan FILE'")(
      "write-snapshot", po::value(&options.snapshot_out),
      "also save the cluster state that was read to FILE")(
      "allow-delete", po::bool_switch(&options.allow_delete),
      "delete topics whose manifest says `deleted: true`")(
      "detailed-exitcode", po::bool_switch(&options.detailed_exitcode),
      "exit 2 when there are changes")("stats", po::bool_switch(&options.stats),
                                       "print the number of admin requests sent, on stderr")(
      "color", po::value(&options.colour)->default_value("auto"), "auto, always or never");
  add_connection_options(visible, options.connection);
  if (auto parsed =
          parse_arguments(args, visible, options.paths, "plan",
                          "Examples:\n  topicform plan --bootstrap-server 127.0.0.1:9092 topics/\n "
                          " topicform plan --env prod --format markdown topics/ > plan.md\n");
      parsed != Parsed::run) {
    return exit_code(parsed);
  }
  if (options.format != "text" && options.format != "json" && options.format != "markdown" &&
      options.format != "github") {
    return fail(
        fmt::format("unknown format '{}': use text, json, markdown or github", options.format));
  }

  auto checked = load_and_check(options.paths, options.environment);
  if (!usable_after_report(*checked, options.colour))
    return fail("the manifests have errors; nothing was planned");

  std::unique_ptr<KafkaAdmin> admin;
  std::unique_ptr<ClusterReader> reader;
  if (!options.snapshot_in.empty()) {
    reader = std::make_unique<SnapshotReader>(options.snapshot_in);
  } else {
    auto connected = connect_kafka(options.connection, checked->environment);
    if (!connected) return fail(connected.error().message);
    admin = std::move(*connected);
  }
  std::vector<std::string> managed;
  for (const auto& topic : checked->topics) managed.push_back(topic.name);
  auto state = admin ? admin->read(managed) : reader->read(managed);
  if (!state) return fail(state.error().message);
  if (!options.snapshot_out.empty()) {
    std::ofstream out(options.snapshot_out);
    out << write_snapshot(*state);
    if (!out) return fail(fmt::format("cannot write snapshot '{}'", options.snapshot_out));
  }
  DiffOptions diff_options{options.allow_delete, checked->environment.cluster_id,
                           checked->environment.name};
  Plan plan = diff(checked->topics, *state, diff_options);
  if (admin) {
    if (auto checked_live = check_deletes_live(plan, *admin); !checked_live) {
      return fail(checked_live.error().message);
    }
  }
  if (admin && plan.has_changes()) {
    // The broker itself (and any policy it runs) checks what would be sent, changing nothing.
    auto refused = validate_plan(plan, *admin);
    if (!refused) return fail(refused.error().message);
    add_refusals(plan, *refused);
  }
  if (!options.plan_out.empty()) {
    std::ofstream out(options.plan_out);
    out << write_plan_file(SavedPlan{plan, plan_fingerprints(plan, *state)});
    if (!out) return fail(fmt::format("cannot write plan '{}'", options.plan_out));
  }
  if (admin && options.stats) {
    std::cerr << format_request_counts(admin->requests(), "validate-only writes") << "\n";
  }
  if (options.format == "json") {
    std::cout << render_plan_json(plan);
  } else if (options.format == "markdown") {
    std::cout << render_plan_markdown(plan);
  } else if (options.format == "github") {
    std::cout << render_plan_github(plan);
    append_job_summary(render_plan_markdown(plan));
  } else {
    std::cout << render_plan_text(plan, use_colour(options.colour, STDOUT_FILENO));
  }
  std::cout.flush();
  if (plan.is_blocked()) return kExitFailure;
  if (plan.has_changes() && options.detailed_exitcode) return kExitChanges;
  return kExitOk;
}

}  // namespace topicform
