// Dispatch of a command's verbs, with the help generated from the same table.
#include "cli/subcommands.hpp"

#include <iostream>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "core/text/spelling.hpp"
#include "log/log.hpp"

namespace topicform {
namespace {

std::string table_help(const std::string& command, const std::string& about,
                       const std::vector<Subcommand>& table) {
  std::string out =
      fmt::format("Usage: topicform {} <verb> [options]\n\n{}\n\nVerbs:\n", command, about);
  for (const auto& entry : table) out += fmt::format("  {:<10} {}\n", entry.name, entry.summary);
  out += fmt::format("\nRun 'topicform {} <verb> --help' for a verb's options.\n", command);
  return out;
}

}  // namespace

int run_subcommand(const std::string& command, const std::string& about,
                   const std::vector<Subcommand>& table, const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    // Asked for, the help is the result; missing a verb, it is the error's explanation.
    (args.empty() ? std::cerr : std::cout) << table_help(command, about, table);
    return args.empty() ? kExitFailure : kExitOk;
  }
  std::vector<std::string> rest(args.begin() + 1, args.end());
  std::vector<std::string_view> names;
  for (const auto& entry : table) {
    if (args[0] == entry.name) return entry.run(rest);
    names.push_back(entry.name);
  }
  auto close = closest_word(args[0], names, 2);
  log_error(fmt::format("unknown verb '{} {}'{}\nsee 'topicform {} --help'", command, args[0],
                        close ? fmt::format(" (did you mean '{}'?)", *close) : "", command));
  return kExitFailure;
}

}  // namespace topicform
