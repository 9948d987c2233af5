// Commands with verbs of their own (`dead show`, `offsets reset`): one table each for the help,
// the dispatch and the "did you mean".
#pragma once

#include <string>
#include <vector>

namespace topicform {

struct Subcommand {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args);
};

// Runs the subcommand `args[0]` of `command` from `table`; no verb or --help prints the table,
// an unknown one is a usage error with a suggestion.
int run_subcommand(const std::string& command, const std::string& about,
                   const std::vector<Subcommand>& table, const std::vector<std::string>& args);

}  // namespace topicform
