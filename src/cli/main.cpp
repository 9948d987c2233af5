// The `topicform` binary: dispatches to a subcommand; the one last catch reports internal errors.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/commands.hpp"

namespace {

constexpr const char* kHelp =
    R"(topicform - declarative Kafka topics: manifests in Git, checked before they reach a cluster

Usage: topicform <command> [options]

Commands:
  validate [PATH...]   check manifests offline: YAML, schema and every design rule
  plan [PATH...]       show what apply would change on the cluster (writes nothing)
  apply [PATH...]      execute the plan: create, grow and configure topics, then verify
  docs [PATH...]       generate the topic catalogue: Markdown, HTML or AsyncAPI
  rules                list the rules with their ids, severities and summaries
  version              print the version

Run 'topicform <command> --help' for a command's options.
Output is written to stdout; messages to stderr. Colour only on a terminal; NO_COLOR turns it off.
Exit status: 0 success, 1 errors found, blocked changes or bad usage; plan --detailed-exitcode
exits 2 when there are changes.
)";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::cout << kHelp;
    return args.empty() ? topicform::kExitFailure : topicform::kExitOk;
  }
  std::string command = args[0];
  args.erase(args.begin());
  try {
    if (command == "validate") return topicform::run_validate(args);
    if (command == "apply") return topicform::run_apply(args);
    if (command == "plan") return topicform::run_plan(args);
    if (command == "docs") return topicform::run_docs(args);
    if (command == "rules") return topicform::run_rules(args);
    if (command == "version" || command == "--version") return topicform::run_version(args);
  } catch (const std::exception& e) {
    std::cerr << fmt::format("topicform: internal error: {}\n", e.what());
    return topicform::kExitFailure;
  }
  std::cerr << fmt::format("topicform: error: unknown command '{}'\nsee 'topicform --help'\n",
                           command);
  return topicform::kExitFailure;
}
