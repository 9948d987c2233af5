// `topicform plan`: check the manifests, read the cluster (or a snapshot), print the plan.
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/checked_project.hpp"
#include "cli/commands.hpp"
#include "cli/terminal.hpp"
#include "cluster/kafka_admin.hpp"
#include "cluster/snapshot.hpp"
#include "core/diff.hpp"
#include "render/diagnostics_render.hpp"
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
  std::string bootstrap;
  std::string command_config;
  std::vector<std::string> properties;
  std::string snapshot_in;
  std::string snapshot_out;
  bool allow_delete = false;
  bool detailed_exitcode = false;
  int timeout_seconds = 30;
};

int fail(const std::string& message) {
  std::cerr << fmt::format("topicform: error: {}\n", message);
  return kExitFailure;
}

Result<std::unique_ptr<ClusterReader>> open_cluster(const PlanOptions& options,
                                                    const Environment& environment) {
  if (!options.snapshot_in.empty()) {
    return std::unique_ptr<ClusterReader>(new SnapshotReader(options.snapshot_in));
  }
  KafkaOptions kafka;
  kafka.timeout_ms = options.timeout_seconds * 1000;
  kafka.bootstrap_servers = options.bootstrap;
  if (kafka.bootstrap_servers.empty()) {
    const char* from_env = std::getenv("KAFKA_BOOTSTRAP_SERVERS");
    kafka.bootstrap_servers = from_env ? from_env : environment.bootstrap_servers;
  }
  if (!options.command_config.empty()) {
    auto file = read_properties_file(options.command_config);
    if (!file) return file.error();
    kafka.properties = *file;
  }
  auto flags = parse_property_flags(options.properties);
  if (!flags) return flags.error();
  for (const auto& [key, value] : *flags) kafka.properties[key] = value;
  if (kafka.bootstrap_servers.empty() && !kafka.properties.count("bootstrap.servers")) {
    return Error{
        "no cluster: give --bootstrap-server, KAFKA_BOOTSTRAP_SERVERS, a bootstrapServers "
        "setting for the environment, or --cluster-snapshot"};
  }
  auto admin = KafkaAdmin::connect(kafka);
  if (!admin) return admin.error();
  return std::unique_ptr<ClusterReader>(std::move(*admin));
}

}  // namespace

int run_plan(const std::vector<std::string>& args) {
  PlanOptions options;
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help")(
      "format,f", po::value(&options.format)->default_value("text"),
      "output: text, json (versioned) or markdown (a pull-request comment)")(
      "env,e", po::value(&options.environment), "environment from the settings")(
      "bootstrap-server", po::value(&options.bootstrap), "host:port[,host:port...]")(
      "command-config", po::value(&options.command_config),
      "a Java-style properties file of client settings")(
      "property,X", po::value(&options.properties)->composing(), "a client property key=value")(
      "cluster-snapshot", po::value(&options.snapshot_in),
      "plan against a snapshot file instead of a live cluster")(
      "write-snapshot", po::value(&options.snapshot_out),
      "also save the cluster state that was read to FILE")(
      "allow-delete", po::bool_switch(&options.allow_delete),
      "delete topics whose manifest says `deleted: true`")(
      "detailed-exitcode", po::bool_switch(&options.detailed_exitcode),
      "exit 2 when there are changes")("timeout",
                                       po::value(&options.timeout_seconds)->default_value(30),
                                       "seconds to wait for the cluster")(
      "color", po::value(&options.colour)->default_value("auto"), "auto, always or never");
  po::options_description hidden;
  hidden.add_options()("path", po::value(&options.paths));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("path", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << fmt::format("topicform: error: {}\nsee 'topicform plan --help'\n", e.what());
    return kExitFailure;
  }
  if (vm.count("help")) {
    std::cout << visible
              << "\nExamples:\n  topicform plan --bootstrap-server 127.0.0.1:9092 topics/\n"
              << "  topicform plan --env prod --format markdown topics/ > plan.md\n";
    return kExitOk;
  }
  if (options.format != "text" && options.format != "json" && options.format != "markdown") {
    return fail(fmt::format("unknown format '{}': use text, json or markdown", options.format));
  }
  if (options.paths.empty()) options.paths.push_back("topics");

  auto checked = load_and_check(options.paths, options.environment);
  if (!checked->diagnostics.empty()) {
    ValidationSummary summary{checked->project.files.size(), checked->topics.size(),
                              checked->environment.name};
    std::cerr << render_text(checked->diagnostics, summary,
                             use_colour(options.colour, STDERR_FILENO));
  }
  if (has_errors(checked->diagnostics))
    return fail("the manifests have errors; nothing was planned");

  auto reader = open_cluster(options, checked->environment);
  if (!reader) return fail(reader.error().message);
  std::vector<std::string> managed;
  for (const auto& topic : checked->topics) managed.push_back(topic.name);
  auto state = (*reader)->read(managed);
  if (!state) return fail(state.error().message);
  if (!options.snapshot_out.empty()) {
    std::ofstream out(options.snapshot_out);
    out << write_snapshot(*state);
    if (!out) return fail(fmt::format("cannot write snapshot '{}'", options.snapshot_out));
  }
  DiffOptions diff_options{options.allow_delete, checked->environment.cluster_id,
                           checked->environment.name};
  Plan plan = diff(checked->topics, *state, diff_options);
  if (options.format == "json") {
    std::cout << render_plan_json(plan);
  } else if (options.format == "markdown") {
    std::cout << render_plan_markdown(plan);
  } else {
    std::cout << render_plan_text(plan, use_colour(options.colour, STDOUT_FILENO));
  }
  std::cout.flush();
  if (plan.is_blocked()) return kExitFailure;
  if (plan.has_changes() && options.detailed_exitcode) return kExitChanges;
  return kExitOk;
}

}  // namespace topicform
