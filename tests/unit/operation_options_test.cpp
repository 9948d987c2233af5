// The dead-letter and offset commands' argument parsing: what lands where, and every bad value
// refused as a usage error (the message goes to stderr; the exit is Parsed::usage_error).
#include "cli/operation_options.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

TEST(ResetOptions, EachTargetLandsInTheRequest) {
  ResetOptions o;
  ASSERT_EQ(parse_reset({"-g", "billing", "-t", "orders.created", "--shift-by", "-3", "-p", "1",
                         "-p", "2", "topics/", "--execute"},
                        o),
            Parsed::run);
  EXPECT_EQ(o.request.group, "billing");
  EXPECT_EQ(o.request.topic, "orders.created");
  EXPECT_EQ(o.request.to, ResetTo::shift_by);
  EXPECT_EQ(o.request.value, -3);
  EXPECT_EQ(o.request.partitions, (std::vector<std::int32_t>{1, 2}));
  EXPECT_EQ(o.paths, (std::vector<std::string>{"topics/"}));
  EXPECT_TRUE(o.execute);
  ResetOptions at;
  ASSERT_EQ(parse_reset({"-g", "g", "-t", "t", "--to-datetime", "1970-01-01T00:00:02Z"}, at),
            Parsed::run);
  EXPECT_EQ(at.request.to, ResetTo::datetime);
  EXPECT_EQ(at.request.value, 2'000);
  ResetOptions leap;
  ASSERT_EQ(parse_reset({"-g", "g", "-t", "t", "--to-datetime", "2024-02-29T00:00:00.5Z"}, leap),
            Parsed::run);
  EXPECT_EQ(leap.request.value, 1'709'164'800'500);
  EXPECT_EQ(at.paths, (std::vector<std::string>{"topics"}));
  EXPECT_FALSE(at.execute);
}

TEST(ResetOptions, BadValuesAreUsageErrors) {
  const std::vector<std::vector<std::string>> bad = {
      {"-t", "t", "--to-earliest"},                                     // no group
      {"-g", "g", "--to-earliest"},                                     // no topic
      {"-g", "g", "-t", "t"},                                           // no target
      {"-g", "g", "-t", "t", "--to-earliest", "--to-latest"},           // two targets
      {"-g", "g", "-t", "t", "--to-offset", "-1"},                      // negative offset
      {"-g", "g", "-t", "t", "--to-offset", "x"},                       // not a number
      {"-g", "g", "-t", "t", "--shift-by", "1.5"},                      // not an integer
      {"-g", "g", "-t", "t", "--to-datetime", "2026-01-15"},            // no time of day
      {"-g", "g", "-t", "t", "--to-datetime", "2026-02-31T00:00:00Z"},  // no such day
      {"-g", "g", "-t", "t", "--to-datetime", "2026-02-29T00:00:00Z"},  // not a leap year
      {"-g", "g", "-t", "t", "--to-datetime", "2026-04-31T00:00:00"},   // April has 30
      {"-g", "g", "-t", "t", "--to-datetime",
       "2026-01-15T23:59:60Z"},                                  // Kafka reads no leap second
      {"-g", "g", "-t", "t", "--to-earliest", "-p", "zero"},     // not a partition
      {"-g", "g", "-t", "t", "--to-earliest", "--to-earliset"},  // unknown option
  };
  for (const auto& args : bad) {
    ResetOptions o;
    testing::internal::CaptureStderr();
    EXPECT_EQ(parse_reset(args, o), Parsed::usage_error) << args.back();
    EXPECT_NE(testing::internal::GetCapturedStderr().find("topicform: error: "), std::string::npos);
  }
}

TEST(ReplayOptions, SourceThenPathsAndTheTransactionSize) {
  ReplayOptions o;
  ASSERT_EQ(parse_replay({"orders.created", "a/", "b/", "--transaction-size", "5", "-g", "r"}, o),
            Parsed::run);
  EXPECT_EQ(o.source, "orders.created");
  EXPECT_EQ(o.paths, (std::vector<std::string>{"a/", "b/"}));
  EXPECT_EQ(o.transaction_size, 5);
  EXPECT_EQ(o.group, "r");
  ReplayOptions defaults;
  ASSERT_EQ(parse_replay({"orders.created"}, defaults), Parsed::run);
  EXPECT_EQ(defaults.paths, (std::vector<std::string>{"topics"}));
  EXPECT_EQ(defaults.group, "topicform-replay");
  EXPECT_EQ(defaults.transaction_size, 10'000);
  EXPECT_FALSE(defaults.execute);
}

TEST(ReplayOptions, BadValuesAreUsageErrors) {
  const std::vector<std::vector<std::string>> bad = {
      {},                                     // no SOURCE
      {"--execute"},                          // still no SOURCE
      {"s", "--transaction-size", "0"},       // too small
      {"s", "--transaction-size", "100001"},  // too large
      {"s", "--transaction-size", "many"},    // not a number
  };
  for (const auto& args : bad) {
    ReplayOptions o;
    testing::internal::CaptureStderr();
    EXPECT_EQ(parse_replay(args, o), Parsed::usage_error);
    EXPECT_NE(testing::internal::GetCapturedStderr().find("topicform: error: "), std::string::npos);
  }
}

TEST(ShowOptions, TopicsAndFormat) {
  ShowOptions o;
  ASSERT_EQ(parse_show({"-t", "a", "--topic", "b.dead", "-f", "markdown"}, o), Parsed::run);
  EXPECT_EQ(o.topics, (std::vector<std::string>{"a", "b.dead"}));
  EXPECT_EQ(o.format, "markdown");
  ShowOptions bad;
  testing::internal::CaptureStderr();
  EXPECT_EQ(parse_show({"--format", "yaml"}, bad), Parsed::usage_error);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "topicform: error: unknown format 'yaml': use text, json or markdown\nsee 'topicform "
            "dead show --help'\n");
}

}  // namespace
}  // namespace topicform
