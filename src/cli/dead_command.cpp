// `topicform dead`: the runbook's dead-letter operations in its order, triage then replay.
#include "cli/commands.hpp"
#include "cli/subcommands.hpp"

namespace topicform {

int run_dead(const std::vector<std::string>& args) {
  static const CommandTable kVerbs = {
      {"show", "", "the messages of each dead topic grouped by cause (dead-error); reads only",
       run_dead_show},
      {"replay", "", "return SOURCE.dead's messages to SOURCE, exactly once (dry run by default)",
       run_dead_replay},
  };
  return run_subcommand("dead",
                        "The dead-letter topics' messages: triage by cause, then, once the fix is "
                        "deployed, replay to the source.",
                        kVerbs, args);
}

}  // namespace topicform
