// The `topicform` binary: dispatches to a subcommand; the one last catch reports internal errors.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "core/spelling.hpp"

namespace {

constexpr const char* kHelp =
    R"(topicform - declarative Kafka topics: manifests in Git, checked before they reach a cluster

Usage: topicform <command> [options]

Commands:
  validate [PATH...]   check manifests offline: YAML, schema and every design rule
  plan [PATH...]       show what apply would change on the cluster (writes nothing)
  apply [PATH...]      execute the plan: create, grow and configure topics, then verify
  check [PATH...]      check the live contour: topics, replicas, consumer lag, dead letters
  reassign --out FILE  the partition reassignment for a replication change, and how to run it
  docs [PATH...]       generate the topic catalogue: Markdown, HTML or AsyncAPI
  rules                list the rules with their ids, severities and summaries
  schema --out DIR     write the manifests' JSON Schemas, for editors and other validators
  init DIR             scaffold a project: settings, an example manifest, schemas, a CI workflow
  import --out DIR     adopt an existing cluster: a manifest for each topic none manages yet
  alerts --out FILE    Prometheus alerting rules: dead-letter topics and consumer-group lag
  dead show|replay     dead letters grouped by cause; replay them to their source, exactly once
  offsets reset        move a stopped consumer group's offsets on a topic (dry run by default)
  version              print the version of topicform and of librdkafka (--json)

Run 'topicform <command> --help' for a command's options; 'topicform' alone prints this help.
Output is written to stdout; messages to stderr. Colour only on a terminal; NO_COLOR turns it off.
Exit status: 0 success (and this help), 1 errors found, blocked changes or bad usage (the
message is on stderr); plan --detailed-exitcode exits 2 when there are changes.
)";

constexpr std::string_view kCommands[] = {"validate", "plan", "apply",   "docs",   "rules",
                                          "schema",   "init", "import",  "alerts", "check",
                                          "reassign", "dead", "offsets", "version"};

// "unknown command 'valdate'" with a suggestion when one command is close.
std::string unknown_command(const std::string& command) {
  std::vector<std::string_view> candidates(std::begin(kCommands), std::end(kCommands));
  auto close = topicform::closest_word(command, candidates, 2);
  return fmt::format("topicform: error: unknown command '{}'{}\nsee 'topicform --help'\n", command,
                     close ? fmt::format(" (did you mean '{}'?)", *close) : "");
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::cout << kHelp;
    return topicform::kExitOk;
  }
  std::string command = args[0];
  args.erase(args.begin());
  try {
    if (command == "validate") return topicform::run_validate(args);
    if (command == "apply") return topicform::run_apply(args);
    if (command == "plan") return topicform::run_plan(args);
    if (command == "docs") return topicform::run_docs(args);
    if (command == "import") return topicform::run_import(args);
    if (command == "alerts") return topicform::run_alerts(args);
    if (command == "check") return topicform::run_check(args);
    if (command == "reassign") return topicform::run_reassign(args);
    if (command == "dead") return topicform::run_dead(args);
    if (command == "offsets") return topicform::run_offsets(args);
    if (command == "rules") return topicform::run_rules(args);
    if (command == "schema") return topicform::run_schema(args);
    if (command == "init") return topicform::run_init(args);
    if (command == "version" || command == "--version") return topicform::run_version(args);
  } catch (const std::exception& e) {
    std::cerr << fmt::format("topicform: internal error: {}\n", e.what());
    return topicform::kExitFailure;
  }
  std::cerr << unknown_command(command);
  return topicform::kExitFailure;
}
