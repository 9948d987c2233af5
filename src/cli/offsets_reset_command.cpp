// `topicform offsets reset`: kafka-consumer-groups.sh --reset-offsets made safe (runbook step 7,
// "typical failures"): dry run by default, refused while the group has live members, clamped
// into the log, read back after the write.
#include <iostream>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/cluster_connection.hpp"
#include "cli/commands.hpp"
#include "cli/operation_options.hpp"
#include "cli/plan_io.hpp"
#include "cli/subcommands.hpp"
#include "core/operations/dead_topics.hpp"
#include "core/text/visible_text.hpp"
#include "engine/offset_reset_run.hpp"
#include "log/log.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage =
    R"(Usage: topicform offsets reset --group G --topic T (--to-earliest | --to-latest |
       --to-offset N | --shift-by N | --to-datetime TIME) [--partition P...] [PATH...] [--execute]

Moves consumer group G's committed offsets on topic T, as kafka-consumer-groups.sh
--reset-offsets does and with the same meanings. Without --execute it only shows each
partition's current offset, the new one and the lag after. The runbook's order:
  docker compose stop app                     # the group must have no live members
  topicform offsets reset --group billing-service --topic orders.created --shift-by 1 --execute
  docker compose start app

It refuses while the group has live members (classic and KIP-848 groups alike), asked again at
the moment of writing. An offset outside a partition's log is clamped to its start or end and
said so. A group the manifests do not declare on T gets a warning. After the write the offsets
are read back.

TIME is 2026-01-15T00:00:00.000 (local time, as Kafka's tool) or with a zone (Z, +03:00); the
new offset is the first message at or after it, the log end when none is.

Exit status: 0 planned or moved, 1 refused, the cluster cannot be read, or bad usage.

Options)";

void add_reset_options(po::options_description& visible, ResetOptions& o) {
  visible.add_options()("help,h", "show this help")("group,g", po::value(&o.request.group),
                                                    "the consumer group")(
      "topic,t", po::value(&o.request.topic), "the topic whose offsets move")(
      "to-earliest", po::bool_switch(&o.to_earliest), "to each partition's log start")(
      "to-latest", po::bool_switch(&o.to_latest), "to each partition's log end")(
      "to-offset", po::value<std::int64_t>()->notifier([&o](std::int64_t v) { o.to_offset = v; }),
      "to offset N in each partition")(
      "shift-by", po::value<std::int64_t>()->notifier([&o](std::int64_t v) { o.shift_by = v; }),
      "by N from the committed offset (negative: back)")("to-datetime", po::value(&o.to_datetime),
                                                         "to the first message at or after TIME")(
      "partition,p", po::value(&o.request.partitions)->composing(),
      "only this partition (repeatable; default: all)")("execute", po::bool_switch(&o.execute),
                                                        "write: without it nothing is written");
  add_environment_option(visible, o.environment);
  add_colour_option(visible, o.colour);
  add_settings_option(visible, o.settings);
  add_connection_options(visible, o.connection);
}

// The one target the flags choose into the request, or the usage error.
std::optional<std::string> choose_target(ResetOptions& o) {
  int chosen = o.to_earliest + o.to_latest + o.to_offset.has_value() + o.shift_by.has_value() +
               !o.to_datetime.empty();
  if (chosen != 1) {
    return "give exactly one of --to-earliest, --to-latest, --to-offset, --shift-by, --to-datetime";
  }
  auto& r = o.request;
  if (o.to_earliest) r.to = ResetTo::earliest;
  if (o.to_latest) r.to = ResetTo::latest;
  if (o.to_offset) r.to = ResetTo::offset, r.value = *o.to_offset;
  if (o.shift_by) r.to = ResetTo::shift_by, r.value = *o.shift_by;
  if (!o.to_datetime.empty()) {
    auto time = parse_reset_time(o.to_datetime);
    if (!time) {
      return fmt::format("--to-datetime '{}' is not a time like 2026-01-15T00:00:00.000",
                         visible(o.to_datetime));
    }
    r.to = ResetTo::datetime, r.value = *time;
  }
  return std::nullopt;
}

std::string reset_table(const ResetRequest& request, const ResetOutcome& outcome, bool written) {
  std::string out = fmt::format("group {} on {}{}\n", visible(request.group),
                                visible(request.topic), written ? "" : " (dry run)");
  if (request.to == ResetTo::datetime)
    out += fmt::format("  to the first message at or after {}\n", utc_instant_text(request.value));
  out += fmt::format("  {:<10} {:>14} {:>14} {:>12}\n", "PARTITION", "CURRENT", "NEW", "LAG-AFTER");
  for (const auto& p : outcome.partitions) {
    std::string note = p.asked ? fmt::format("  (asked {}, held within the log)", *p.asked) : "";
    out += fmt::format("  {:<10} {:>14} {:>14} {:>12}{}\n", p.partition,
                       p.current ? std::to_string(*p.current) : "-", p.target, p.lag_after, note);
  }
  return out;
}

}  // namespace

Parsed parse_reset(const std::vector<std::string>& args, ResetOptions& o) {
  po::options_description visible(kUsage);
  add_reset_options(visible, o);
  auto parsed = parse_arguments(
      args, visible, o.paths, "offsets reset",
      "Examples:\n  topicform offsets reset --group billing-service --topic orders.created "
      "--shift-by 1\n  topicform offsets reset -g billing-service -t orders.created "
      "--to-datetime 2026-01-15T00:00:00Z --execute\n");
  if (parsed != Parsed::run) return parsed;
  std::optional<std::string> problem;
  if (o.request.group.empty() || o.request.topic.empty()) problem = "give --group and --topic";
  if (!problem) problem = choose_target(o);
  if (!problem && o.to_offset && *o.to_offset < 0) problem = "--to-offset must not be negative";
  if (problem) {
    fail(*problem + "\nsee 'topicform offsets reset --help'");
    return Parsed::usage_error;
  }
  return parsed;
}

int run_offsets_reset(const std::vector<std::string>& args) {
  ResetOptions o;
  if (auto parsed = parse_reset(args, o); parsed != Parsed::run) return exit_code(parsed);
  auto checked = load_and_check(o.paths, o.environment, o.settings);
  if (!usable_after_report(*checked, o.colour))
    return fail("the manifests have errors; nothing was written");
  if (!declares_group_on(checked->topics, o.request.group, o.request.topic)) {
    log_warn(fmt::format("no manifest declares group '{}' as a consumer of '{}'; check the names",
                         visible(o.request.group), visible(o.request.topic)));
  }
  auto admin = connect_kafka(o.connection, checked->environment);
  if (!admin) return fail(admin.error().message);
  auto outcome =
      o.execute ? execute_offset_reset(**admin, o.request) : plan_offset_reset(**admin, o.request);
  if (!outcome) return fail(outcome.error().message);
  std::cout << reset_table(o.request, *outcome, outcome->written);
  if (!o.execute) {
    if (auto refused = live_group_refusal(o.request, outcome->activity))
      return fail(refused->message);
    std::cout << "nothing was written: run again with --execute to move the offsets\n";
  } else {
    std::cout << fmt::format("moved the offsets of group {} on {}: {} partition{}, read back\n",
                             visible(o.request.group), visible(o.request.topic),
                             outcome->partitions.size(),
                             outcome->partitions.size() == 1 ? "" : "s");
  }
  return kExitOk;
}

int run_offsets(const std::vector<std::string>& args) {
  static const CommandTable kVerbs = {
      {"reset", "", "move a stopped consumer group's offsets on a topic (dry run by default)",
       run_offsets_reset},
  };
  return run_subcommand("offsets", "Consumer groups' committed offsets.", kVerbs, args);
}

}  // namespace topicform
