// Numbers in JSON topicform did not write: floats, strings and integers out of range are refused
// with the reader's own words, never converted (a saved file, a registry's answer).
#include "core/model/json_numbers.hpp"

#include <gtest/gtest.h>

#include "cluster/snapshot.hpp"
#include "registry/registry_answers.hpp"
#include "render/plan_file.hpp"

namespace topicform {
namespace {

TEST(JsonNumbers, OnlyIntegersThatFitAreTaken) {
  EXPECT_EQ(json_whole<int>(nlohmann::json(-5)), -5);
  EXPECT_EQ(json_whole<int>(nlohmann::json(2147483647)), 2147483647);
  EXPECT_FALSE(json_whole<int>(nlohmann::json(2147483648LL)));
  EXPECT_FALSE(json_whole<int>(nlohmann::json(-2147483649LL)));
  EXPECT_FALSE(json_whole<int>(nlohmann::json::parse("18446744073709551615")));
  EXPECT_FALSE(json_whole<int>(nlohmann::json(1e300)));
  EXPECT_FALSE(json_whole<int>(nlohmann::json(3.0)));
  EXPECT_FALSE(json_whole<int>(nlohmann::json("3")));
  EXPECT_EQ(json_integer(nlohmann::json::parse("9223372036854775807"), "x"), INT64_MAX);
  EXPECT_THROW(json_integer(nlohmann::json::parse("9223372036854775808"), "x"),
               nlohmann::json::other_error);
}

TEST(JsonNumbers, ASnapshotVersionTooLargeForAnyFieldIsAnUnsupportedVersion) {
  for (const char* version : {"2.2e123", "4294967297", "\"1\"", "null"}) {
    auto read = parse_snapshot(fmt::format(
        R"({{"version": {}, "clusterId": "c", "brokers": 3, "topics": {{}}}})", version));
    ASSERT_FALSE(read.has_value()) << version;
    EXPECT_EQ(read.error().message, "unsupported snapshot version (expected 1)");
  }
}

TEST(JsonNumbers, APlanFileVersionOrRegistryVersionTooLargeIsRefused) {
  auto plan = read_plan_file(R"({"planFile": 1e300, "clusterId": "c1", "actions": []})");
  ASSERT_FALSE(plan.has_value());
  EXPECT_EQ(plan.error().message,
            "not a topicform plan file: it names no plan file version; make one with "
            "'topicform plan --out'");
  SavedPlan saved;
  saved.plan.cluster_id = "c1";
  saved.plan.schemas.push_back(SchemaChange{});
  std::string text = write_plan_file(saved);
  auto at = text.find("\"latestBefore\": 0");
  ASSERT_NE(at, std::string::npos) << text;
  auto read = read_plan_file(text.replace(at, 17, "\"latestBefore\": 1e300"));
  ASSERT_FALSE(read.has_value());
  EXPECT_NE(read.error().message.find("'latestBefore' is not a whole number of at most 10 digits"),
            std::string::npos)
      << read.error().message;
}

TEST(JsonNumbers, ARegistryAnswerWithABrokenNumberOrTypeIsRefused) {
  SubjectState state;
  EXPECT_FALSE(parse_latest(R"({"version": 1e300, "schema": "{}"})", state));
  EXPECT_FALSE(parse_latest(R"({"version": 4294967297, "schema": "{}"})", state));
  auto typed = parse_latest(R"({"version": 2, "schema": "{}", "schemaType": 5})", state);
  ASSERT_FALSE(typed.has_value());
  EXPECT_EQ(
      typed.error().message,
      R"(answered a schema type that is not a word: HTTP 200: {"version": 2, "schema": "{}", "schemaType": 5})");
  EXPECT_FALSE(parse_versions("[1, 2.5]"));
  EXPECT_FALSE(parse_id(R"({"id": 1e300})"));
  EXPECT_EQ(error_code(R"({"error_code": 1e300})"), 0);
  EXPECT_EQ(error_code(R"({"error_code": 40401})"), 40401);
}

}  // namespace
}  // namespace topicform
