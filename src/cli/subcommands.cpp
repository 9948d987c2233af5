// The dispatcher of commands and verbs, with the help generated from the same table.
#include "cli/subcommands.hpp"

#include <iostream>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "core/text/spelling.hpp"
#include "log/log.hpp"

namespace topicform {

const CommandEntry* find_entry(const CommandTable& table, std::string_view word) {
  for (const auto& entry : table)
    if (word == entry.name) return &entry;
  return nullptr;
}

std::string did_you_mean(const CommandTable& table, std::string_view word) {
  std::vector<std::string_view> names;
  for (const auto& entry : table) names.emplace_back(entry.name);
  auto close = closest_word(word, names, 2);
  return close ? fmt::format(" (did you mean '{}'?)", *close) : "";
}

std::string entries_help(const CommandTable& table, int width) {
  std::string out;
  for (const auto& entry : table) {
    std::string head = *entry.synopsis ? fmt::format("{} {}", entry.name, entry.synopsis)
                                       : std::string(entry.name);
    out += fmt::format("  {:<{}}  {}\n", head, width, entry.summary);
  }
  return out;
}

namespace {

std::string verbs_help(const std::string& command, const std::string& about,
                       const CommandTable& table) {
  return fmt::format(
      "Usage: topicform {} <verb> [options]\n\n{}\n\nVerbs:\n{}\nRun 'topicform {} <verb> --help' "
      "for a verb's options.\n",
      command, about, entries_help(table, 9), command);
}

}  // namespace

int run_subcommand(const std::string& command, const std::string& about, const CommandTable& table,
                   const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    // Asked for, the help is the result; missing a verb, it is the error's explanation.
    (args.empty() ? std::cerr : std::cout) << verbs_help(command, about, table);
    return args.empty() ? kExitFailure : kExitOk;
  }
  if (const CommandEntry* verb = find_entry(table, args[0]))
    return verb->run(std::vector<std::string>(args.begin() + 1, args.end()));
  log_error(fmt::format("unknown verb '{} {}'{}\nsee 'topicform {} --help'", command, args[0],
                        did_you_mean(table, args[0]), command));
  return kExitFailure;
}

}  // namespace topicform
