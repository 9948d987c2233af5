// `topicform check`: the runbook's step 7 for the managed topics of one environment; exit 0 when
// healthy, 1 when a layer fails, so it can be a Compose healthcheck or a CI gate.
#include <unistd.h>

#include <algorithm>
#include <iostream>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/cluster_connection.hpp"
#include "cli/command_options.hpp"
#include "cli/commands.hpp"
#include "cli/environment_fanout.hpp"
#include "cli/plan_io.hpp"
#include "cli/report_formats.hpp"
#include "cli/terminal.hpp"
#include "core/operations/subject_health.hpp"
#include "core/plan/environment_runs.hpp"
#include "engine/health_check.hpp"
#include "log/log.hpp"
#include "render/environment_reports_render.hpp"
#include "render/health_render.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage = R"(Usage: topicform check [PATH...] [options]

Checks the managed topics of one environment on the live cluster, bottom-up as the runbook's
step 7 does, and reports the first failing layer first:
  cluster          the cluster answers, its id is the pinned one, its brokers are registered
  topics           each topic exists with its manifest's partitions, replication and configs;
                   with a schemaRegistry in the environment, each subject a topic declares
                   exists (failing) and holds the manifest's schema as its latest (warning)
  replication      no partition offline or below min.insync.replicas (failing), none
                   under-replicated (warning)
  consumer-groups  each declared group exists and has committed offsets on its topic; its lag
                   per topic, and with throughput declared how far behind that is: failing when
                   unread messages expire first or it is behind more than maxConsumerDowntime;
                   a group without live members is a warning; offsets.retention.minutes shorter
                   than a topic's retention is a warning
  dead-letters     each .dead topic is empty; else its message count and its newest message's time
Reads only: one metadata request, one ListOffsets round, the group listing, one describe and one
offsets request per declared group, and one ListOffsets round for the newest dead messages.

Formats: text (problems listed, passing items counted; --verbose lists them too), json
(versioned), prometheus (gauges for node_exporter's textfile collector, on which 'topicform
alerts' writes its rules).

Exit status: 0 healthy (warnings allowed), 1 a layer fails, the cluster cannot be read, errors
in the manifests or bad usage.

Options)";

// The declared subjects in the environment's registry; none when it names no registry.
std::vector<HealthFinding> check_subjects(const CheckedProject& checked,
                                          const CheckOptions& options) {
  auto registry = connect_registry(options.connection, checked.environment);
  if (!registry)
    return {HealthFinding{Verdict::failing, "schema registry", registry.error().message}};
  if (*registry == nullptr) return {};
  auto desired = desired_subjects(checked.topics, checked.project.settings);
  auto declared = declared_subjects(checked.topics, desired);
  std::vector<std::string> names;
  for (const auto& d : declared) names.push_back(d.subject);
  auto states = (*registry)->read_subjects(names);
  if (options.stats)
    log_info(fmt::format("schema registry requests: {}", (*registry)->requests().reads));
  if (!states) {
    return {HealthFinding{Verdict::failing, "schema registry",
                          fmt::format("cannot be read: {}", states.error().message)}};
  }
  return assess_subjects(declared, *states);
}

// One environment's check, and several, as the formats write them (--verbose lists what passes).
struct Check {
  const HealthReport& report;
  bool verbose;
};
struct Checks {
  const std::vector<HealthReport>& reports;
  bool verbose;
};

const ReportFormats<Check> kFormats = {
    {"text",
     [](std::ostream& out, const Check& c, bool colour) {
       out << render_health_text(c.report, colour, c.verbose);
     },
     {}},
    {"json",
     [](std::ostream& out, const Check& c, bool) { out << render_health_json(c.report); },
     {}},
    {"prometheus",
     [](std::ostream& out, const Check& c, bool) { out << render_health_prometheus(c.report); },
     {}},
};

const ReportFormats<Checks> kEnvironmentsFormats = {
    {"text",
     [](std::ostream& out, const Checks& c, bool colour) {
       out << render_healths_text(c.reports, colour, c.verbose);
     },
     {}},
    {"json",
     [](std::ostream& out, const Checks& c, bool) { out << render_healths_json(c.reports); },
     {}},
    {"prometheus",
     [](std::ostream& out, const Checks& c, bool) { out << render_healths_prometheus(c.reports); },
     {}},
};

HealthReport check_cluster(const CheckedProject& checked, const CheckOptions& options) {
  const std::string& environment = checked.environment.name;
  auto admin = connect_kafka(options.connection, checked.environment);
  if (!admin) return unreachable_report(environment, admin.error().message);
  auto planned = make_plan(desired_of(checked), {}, {**admin, admin->get()});
  if (!planned) return unreachable_report(environment, planned.error().message);
  HealthReport report = check_planned(checked.topics, checked.environment, *planned, **admin,
                                      **admin, options.connection.timeout.ms);
  if (options.stats) log_info(format_request_counts((*admin)->requests(), "writes"));
  if (!report.reached) return report;
  add_topic_findings(report, check_subjects(checked, options));
  return report;
}

// The manifests' errors as the environment's report, so they fail its section alone.
HealthReport unusable_report(const CheckedProject& checked) {
  return unreachable_report(checked.environment.name,
                            "the manifests have errors in this environment; nothing was checked");
}

int check_environments(CheckOptions& options) {
  if (auto own = use_each_environments_cluster(options.connection); !own) {
    return fail(own.error().message);
  }
  auto checked = load_and_check_each(options.paths, options.environments, options.settings, "");
  if (!checked) return fail(checked.error().message);
  report_each(*checked, options.colour);
  std::vector<HealthReport> reports(checked->size());
  for_each_environment(*checked, [&](std::size_t i) {
    const CheckedProject& one = *(*checked)[i];
    reports[i] = has_errors(one.diagnostics) ? unusable_report(one) : check_cluster(one, options);
  });
  write_report(kEnvironmentsFormats, options.format, Checks{reports, options.verbose},
               options.colour);
  bool healthy = std::all_of(reports.begin(), reports.end(),
                             [](const HealthReport& r) { return r.healthy(); });
  return healthy ? kExitOk : kExitFailure;
}

}  // namespace

Parsed parse_check(const std::vector<std::string>& args, CheckOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help");
  add_format_option(visible, options.format, format_names(kFormats));
  add_environments_option(visible, options.environments,
                          "environment from the settings; repeat it, or say 'all', to check "
                          "several in one report (each reaches its own bootstrapServers)");
  visible.add_options()("verbose,v", po::bool_switch(&options.verbose),
                        "text: list what passes too")(
      "stats", po::bool_switch(&options.stats),
      "print the number of admin requests sent, on stderr");
  add_colour_option(visible, options.colour);
  add_settings_option(visible, options.settings);
  add_connection_options(visible, options.connection);
  add_registry_option(visible, options.connection);
  auto parsed = parse_arguments(args, visible, options.paths, "check",
                                "Examples:\n  topicform check --bootstrap-server 127.0.0.1:9092 "
                                "topics/\n  topicform check --env prod --format prometheus topics/ "
                                "> /var/lib/node_exporter/topics.prom\n");
  return parsed;
}

int run_check(const std::vector<std::string>& args) {
  CheckOptions options;
  if (auto parsed = parse_check(args, options); parsed != Parsed::run) return exit_code(parsed);
  if (reports_per_environment(options.environments)) return check_environments(options);
  auto checked =
      load_and_check(options.paths, single_environment(options.environments), options.settings);
  if (!usable_after_report(*checked, options.colour)) {
    return fail("the manifests have errors; nothing was checked");
  }
  HealthReport report = check_cluster(*checked, options);
  write_report(kFormats, options.format, Check{report, options.verbose}, options.colour);
  return report.healthy() ? kExitOk : kExitFailure;
}

}  // namespace topicform
