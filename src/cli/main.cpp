// The `topicform` binary: one table of commands (through the dispatcher the verbs use too) gives
// the help, the dispatch and the "did you mean"; the one last catch reports internal errors.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/log_options.hpp"
#include "cli/subcommands.hpp"

namespace {

// In the help's order: the reconciler's loop first, then its companions and the day-2 commands.
const topicform::CommandTable kCommands = {
    {"validate", "[PATH...]", "check manifests offline: YAML, schema and every design rule",
     topicform::run_validate},
    {"plan", "[PATH...]", "show what apply would change on the cluster (writes nothing)",
     topicform::run_plan},
    {"apply", "[PATH...]", "execute the plan: create, grow and configure topics, then verify",
     topicform::run_apply},
    {"check", "[PATH...]", "check the live contour: topics, replicas, consumer lag, dead letters",
     topicform::run_check},
    {"serve", "[PATH...]",
     "keep running: follow Git, plan every interval, serve drift metrics and health",
     topicform::run_serve},
    {"reassign", "--out FILE",
     "the partition reassignment for a replication change, and how to run it",
     topicform::run_reassign},
    {"docs", "[PATH...]", "generate the topic catalogue: Markdown, HTML or AsyncAPI",
     topicform::run_docs},
    {"export", "--out DIR",
     "the topics as Strimzi or Confluent KafkaTopic resources for Kubernetes",
     topicform::run_export},
    {"rules", "", "list the rules with their ids, severities and summaries", topicform::run_rules},
    {"schema", "--out DIR", "write the manifests' JSON Schemas, for editors and other validators",
     topicform::run_schema},
    {"init", "DIR", "scaffold a project: settings, an example manifest, schemas, a CI workflow",
     topicform::run_init},
    {"import", "--out DIR", "adopt an existing cluster: a manifest for each topic none manages yet",
     topicform::run_import},
    {"alerts", "--out FILE", "Prometheus alerting rules: dead-letter topics and consumer-group lag",
     topicform::run_alerts},
    {"dead", "show|replay",
     "dead letters grouped by cause; replay them to their source, exactly once",
     topicform::run_dead},
    {"offsets", "reset", "move a stopped consumer group's offsets on a topic (dry run by default)",
     topicform::run_offsets},
    {"version", "", "print the version of topicform and of librdkafka (--json)",
     topicform::run_version},
};

std::string help() {
  std::string out =
      "topicform - declarative Kafka topics: manifests in Git, checked before they reach a "
      "cluster\n\nUsage: topicform <command> [options]\n\nCommands:\n";
  out += topicform::entries_help(kCommands, 19);
  return out +
         "\nRun 'topicform <command> --help' for a command's options; 'topicform' alone prints "
         "this help.\nOutput is written to stdout; messages to stderr. Colour only on a terminal; "
         "NO_COLOR turns it off.\nMessages: --log-level error|warn|info|debug|trace (default info; "
         "-v is debug, -vv trace,\nbefore the command), --log-format text|json (one JSON object "
         "per line), or\nTOPICFORM_LOG_LEVEL and TOPICFORM_LOG_FORMAT.\nExit status: 0 success "
         "(and this help), 1 errors found, blocked "
         "changes or bad usage (the\nmessage is on stderr); plan --detailed-exitcode exits 2 when "
         "there are changes.\n";
}

const topicform::CommandEntry* find_command(const std::string& name) {
  if (name == "--version") return find_command("version");
  return topicform::find_entry(kCommands, name);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto logging = topicform::log_setup_from(args);
  if (!logging) {
    topicform::log_error(logging.error().message);
    return topicform::kExitFailure;
  }
  topicform::configure_logging(*logging);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::cout << help();
    return topicform::kExitOk;
  }
  std::string name = args[0];
  args.erase(args.begin());
  const topicform::CommandEntry* command = find_command(name);
  if (!command) {
    topicform::log_error(fmt::format("unknown command '{}'{}\nsee 'topicform --help'", name,
                                     topicform::did_you_mean(kCommands, name)));
    return topicform::kExitFailure;
  }
  topicform::set_log_field("command", name);
  try {
    return command->run(args);
  } catch (const std::exception& e) {
    topicform::log_error(fmt::format("internal error: {}", e.what()));
    return topicform::kExitFailure;
  }
}
