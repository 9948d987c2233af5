// `topicform reassign`: the reassignment file for the replication changes a plan blocks, and the
// commands that run it. Nothing is written to the cluster.
#include <cstdlib>
#include <iostream>
#include <map>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/cluster_connection.hpp"
#include "cli/command_options.hpp"
#include "cli/commands.hpp"
#include "cli/plan_io.hpp"
#include "core/model/units.hpp"
#include "core/operations/reassignment.hpp"
#include "log/log.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage = R"(Usage: topicform reassign [PATH...] --out FILE [options]

A replication factor cannot change in place: Kafka moves partition replicas between brokers,
and librdkafka has no request for that, so topicform does not move data itself. For each topic
whose manifest's replication factor differs from the cluster's (the plan blocks it as
replication/change), this writes the reassignment JSON that Kafka's own
kafka-reassign-partitions.sh --execute takes, and prints the commands to run it:
- growing, every current replica stays (the leader first, so leadership does not move) and new
  ones go to the least loaded brokers, a rack the partition lacks first (racks are known with
  librdkafka >= 2.3.0);
- shrinking, the preferred leader stays and the replicas on the most loaded brokers go.
Run the --execute command with a throttle (--throttle, bytes per second for the copying), then
--verify until every partition is complete, which also removes the throttle. After that
`topicform plan` shows no replication change. FILE is written whole each time.

Exit status: 0 written (or nothing to reassign), 1 errors in the manifests, a cluster that
cannot be read, a factor above the broker count, or bad usage.

Options)";

void print_moves(const ReplicaLayout& moves, const ClusterLayout& layout,
                 const ReassignOptions& options, const std::string& servers) {
  for (const auto& [topic, partitions] : moves) {
    std::size_t before = layout.topics.at(topic).empty() ? 0 : layout.topics.at(topic)[0].size();
    std::cout << fmt::format("{}: replication {} -> {} on {} partition{}\n", topic, before,
                             partitions.empty() ? 0 : partitions[0].size(), partitions.size(),
                             partitions.size() == 1 ? "" : "s");
  }
  std::string common = fmt::format(
      "kafka-reassign-partitions.sh --bootstrap-server {} "
      "--reassignment-json-file {}",
      servers.empty() ? "HOST:PORT" : servers, options.out);
  std::cout << fmt::format(
      "\nRun the reassignment, copying at most {}/s per broker:\n  {} --execute --throttle {}\n"
      "then, until it reports every partition complete (this also removes the throttle):\n"
      "  {} --verify\nAfter that, 'topicform plan' shows no replication change.\n",
      options.throttle, common, *parse_size_bytes(options.throttle), common);
}

}  // namespace

Parsed parse_reassign(const std::vector<std::string>& args, ReassignOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help")(
      "out,o", po::value(&options.out)->value_name("FILE"), "the reassignment JSON to write")(
      "throttle", po::value(&options.throttle)->default_value("50MiB"),
      "replication throttle for the commands printed, per second (e.g. 50MiB, 100MB)");
  add_environment_option(visible, options.environment);
  add_colour_option(visible, options.colour);
  add_settings_option(visible, options.settings);
  add_connection_options(visible, options.connection);
  auto parsed = parse_arguments(args, visible, options.paths, "reassign",
                                "Example:\n  topicform reassign --env prod --out reassign.json "
                                "topics/\n");
  if (parsed != Parsed::run) return parsed;
  if (options.out.empty()) {
    fail("give the file to write as --out FILE; see 'topicform reassign --help'");
    return Parsed::usage_error;
  }
  if (auto bytes = parse_size_bytes(options.throttle); !bytes || *bytes <= 0) {
    fail(fmt::format("--throttle '{}' is not a size per second: write e.g. 50MiB",
                     options.throttle));
    return Parsed::usage_error;
  }
  return parsed;
}

int run_reassign(const std::vector<std::string>& args) {
  ReassignOptions options;
  if (auto parsed = parse_reassign(args, options); parsed != Parsed::run) return exit_code(parsed);
  auto checked = load_and_check(options.paths, options.environment, options.settings);
  if (!usable_after_report(*checked, options.colour)) {
    return fail("the manifests have errors; nothing was written");
  }
  auto admin = connect_kafka(options.connection, checked->environment);
  if (!admin) return fail(admin.error().message);
  auto planned = make_plan(desired_of(*checked), {}, {**admin, admin->get()});
  if (!planned) return fail(planned.error().message);
  auto factors = replication_changes(checked->topics, planned->state);
  if (factors.empty()) {
    log_info("nothing to reassign: every topic has its manifest's replication factor");
    return kExitOk;
  }
  auto layout = (*admin)->read_layout();
  if (!layout) return fail(layout.error().message);
  auto moves = plan_reassignment(*layout, factors);
  if (!moves) return fail(moves.error().message);
  if (auto written = write_text_file(options.out, reassignment_json(*moves), "reassignment");
      !written) {
    return fail(written.error().message);
  }
  print_moves(*moves, *layout, options,
              bootstrap_of(options.connection, checked->environment).servers);
  return kExitOk;
}

}  // namespace topicform
