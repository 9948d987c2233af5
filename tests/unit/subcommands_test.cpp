// The one dispatcher of commands and verbs: lookup, "did you mean" and the help from one table.
#include "cli/subcommands.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

int ran_with = -1;
int record(const std::vector<std::string>& args) {
  ran_with = static_cast<int>(args.size());
  return 7;
}

const CommandTable kTable = {
    {"show", "", "the messages by cause", record},
    {"plan", "[PATH...]", "what would change", record},
};

TEST(Dispatcher, FindsAnEntryByItsWholeName) {
  ASSERT_NE(find_entry(kTable, "plan"), nullptr);
  EXPECT_EQ(find_entry(kTable, "plan")->summary, std::string("what would change"));
  EXPECT_EQ(find_entry(kTable, "pla"), nullptr);
}

TEST(Dispatcher, SuggestsOnlyACloseName) {
  EXPECT_EQ(did_you_mean(kTable, "shw"), " (did you mean 'show'?)");
  EXPECT_EQ(did_you_mean(kTable, "zebra"), "");
}

TEST(Dispatcher, TheHelpPadsNameAndSynopsisToTheWidth) {
  EXPECT_EQ(entries_help(kTable, 14),
            "  show            the messages by cause\n"
            "  plan [PATH...]  what would change\n");
}

TEST(Dispatcher, AVerbRunsWithTheArgumentsAfterIt) {
  ran_with = -1;
  EXPECT_EQ(run_subcommand("dead", "about", kTable, {"show", "a", "b"}), 7);
  EXPECT_EQ(ran_with, 2);
  testing::internal::CaptureStderr();
  EXPECT_EQ(run_subcommand("dead", "about", kTable, {"shw"}), 1);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("unknown verb 'dead shw' (did you mean "
                                                        "'show'?)"),
            std::string::npos);
}

}  // namespace
}  // namespace topicform
