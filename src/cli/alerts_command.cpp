// `topicform alerts`: Prometheus alerting rules from the manifests; needs no cluster.
#include <iostream>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/checked_project.hpp"
#include "cli/command_options.hpp"
#include "cli/commands.hpp"
#include "cli/plan_io.hpp"
#include "log/log.hpp"
#include "render/alert_rules_render.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage = R"(Usage: topicform alerts [PATH...] --out FILE [options]

Writes Prometheus alerting rules made from the manifests of one environment (no cluster needed):
- every .dead topic: any message in it is an alert (runbook step 4), at once;
- every consumer group an owner card declares: with throughput and maxConsumerDowntime, lag
  above peak msg/s x downtime; with only maxConsumerDowntime, lag that has not drained for that
  long. A group without maxConsumerDowntime gets no rule, and is listed on stderr.
- with --metrics topicform, a topicform check that keeps failing (5 minutes).
With --metrics serve, the rules are on `topicform serve`'s metrics instead: a topic out of sync
for three cycles, no successful cycle for five, no serve reporting the environment.

Metrics (--metrics):
  topicform        topicform_dead_letter_messages, topicform_consumer_group_lag and
                   topicform_check_healthy, as 'topicform check --format prometheus' writes them
                   for node_exporter's textfile collector (labels environment, topic, group)
  kafka-exporter   danielqsj/kafka_exporter's kafka_topic_partition_current_offset,
                   kafka_topic_partition_oldest_offset and kafka_consumergroup_lag_sum
  serve            topicform_topic_in_sync, topicform_last_successful_cycle_timestamp_seconds
                   and topicform_cycles_total, as 'topicform serve' answers on /metrics; a cycle
                   is --serve-interval long (serve's --interval)
The file passes 'promtool check rules'. It is written whole each time (FILE '-' is stdout).

Exit status: 0 written, 1 errors in the manifests, bad usage or a file that cannot be written.

Options)";

}  // namespace

Parsed parse_alerts(const std::vector<std::string>& args, AlertsOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help")(
      "out,o", po::value(&options.out)->value_name("FILE"), "the rule file to write ('-': stdout)")(
      "metrics", po::value(&options.metrics)->default_value("topicform"),
      "whose metric names: topicform, kafka-exporter or serve")(
      "serve-interval",
      po::value(&options.serve_interval)
          ->default_value(DurationMs{120'000}, "2m")
          ->value_name("DURATION"),
      "with --metrics serve: serve's --interval, the length of a cycle");
  add_environment_option(visible, options.environment);
  add_colour_option(visible, options.colour);
  add_settings_option(visible, options.settings);
  auto parsed = parse_arguments(
      args, visible, options.paths, "alerts",
      "Examples:\n  topicform alerts topics/ --out /etc/prometheus/rules/topics.yml\n"
      "  topicform alerts topics/ --env prod --metrics kafka-exporter --out -\n");
  if (parsed != Parsed::run) return parsed;
  if (options.metrics != "topicform" && options.metrics != "kafka-exporter" &&
      options.metrics != "serve") {
    fail(fmt::format("unknown --metrics '{}': use topicform, kafka-exporter or serve",
                     options.metrics));
    return Parsed::usage_error;
  }
  if (options.out.empty()) {
    fail(
        "give the rule file to write as --out FILE ('-' for stdout); see 'topicform alerts "
        "--help'");
    return Parsed::usage_error;
  }
  return parsed;
}

int run_alerts(const std::vector<std::string>& args) {
  AlertsOptions options;
  if (auto parsed = parse_alerts(args, options); parsed != Parsed::run) return exit_code(parsed);
  auto checked = load_and_check(options.paths, options.environment, options.settings);
  if (!usable_after_report(*checked, options.colour)) {
    return fail("the manifests have errors; no rules were written");
  }
  bool exporter = options.metrics == "kafka-exporter";
  bool serve = options.metrics == "serve";
  AlertSet alerts;
  if (serve) {
    alerts.rules = serve_rules(checked->environment.name, options.serve_interval.ms);
  } else {
    alerts = alert_rules(checked->topics, checked->environment.name,
                         exporter ? MetricSource::kafka_exporter : MetricSource::topicform);
  }
  for (const auto& skipped : alerts.skipped) {
    log_info("note: no lag rule for group " + skipped);
  }
  std::string header = fmt::format(
      "Alerting rules for environment '{}', on the metrics of {}.\nWritten by `topicform "
      "alerts` from the manifests: change those, not this file.",
      checked->environment.name,
      exporter ? "kafka_exporter"
      : serve  ? "`topicform serve`"
               : "`topicform check --format prometheus`");
  std::string text = render_alert_rules(alerts, header);
  if (options.out == "-") {
    std::cout << text;
    return kExitOk;
  }
  if (auto written = write_text_file(options.out, text, "rule file"); !written) {
    return fail(written.error().message);
  }
  log_info(fmt::format("wrote {} rules to {}", alerts.rules.size(), options.out));
  return kExitOk;
}

}  // namespace topicform
