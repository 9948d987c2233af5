// The logging flags are taken out of the command line wherever they may stand, and only those.
#include "cli/log_options.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

using Args = std::vector<std::string>;

TEST(LogOptions, LeadingVerbosityAndFlagsAnywhereBeforeADoubleDash) {
  Args args{"-v",   "plan", "--log-format=json", "topics", "--log-level",
            "warn", "--",   "--log-level"};
  auto setup = log_setup_from(args);
  ASSERT_TRUE(setup);
  EXPECT_EQ(setup->level, LogLevel::warn) << "the flag after -v wins";
  EXPECT_EQ(setup->format, LogFormat::json);
  EXPECT_EQ(args, (Args{"plan", "topics", "--", "--log-level"}));
}

TEST(LogOptions, VerbosityAfterTheCommandIsTheCommands) {
  Args args{"check", "-v", "topics"};
  auto setup = log_setup_from(args);
  ASSERT_TRUE(setup);
  EXPECT_EQ(setup->level, LogLevel::info);
  EXPECT_EQ(args, (Args{"check", "-v", "topics"})) << "check -v lists what passes";
  Args trace{"-vv", "plan"};
  ASSERT_TRUE(log_setup_from(trace));
  EXPECT_EQ(log_setup_from(trace = {"-vv", "plan"})->level, LogLevel::trace);
}

TEST(LogOptions, BadValuesAreNamed) {
  Args level{"plan", "--log-level", "loud"};
  EXPECT_EQ(log_setup_from(level).error().message,
            "--log-level 'loud': use error, warn, info, debug or trace");
  Args missing{"plan", "--log-format"};
  EXPECT_EQ(log_setup_from(missing).error().message, "--log-format needs a value");
}

}  // namespace
}  // namespace topicform
