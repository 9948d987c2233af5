// One dispatcher for the commands and for the verbs of a command (`dead show`, `offsets reset`):
// a table gives the help, the dispatch and the "did you mean".
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace topicform {

struct CommandEntry {
  const char* name;
  const char* synopsis;  // what follows the name in the help: "[PATH...]", "--out FILE", ""
  const char* summary;
  int (*run)(const std::vector<std::string>& args);
};
using CommandTable = std::vector<CommandEntry>;

// The entry named `word`, or null.
const CommandEntry* find_entry(const CommandTable& table, std::string_view word);

// " (did you mean 'plan'?)" when one name of `table` is close to `word`, else "".
std::string did_you_mean(const CommandTable& table, std::string_view word);

// The table as help lines: two spaces, the name and synopsis padded to `width`, two spaces, the
// summary.
std::string entries_help(const CommandTable& table, int width);

// Runs the verb `args[0]` of `command` from `table`; no verb or --help prints the table, an
// unknown one is a usage error with a suggestion.
int run_subcommand(const std::string& command, const std::string& about, const CommandTable& table,
                   const std::vector<std::string>& args);

}  // namespace topicform
