// The registry's answers read, and its refusals worded: Confluent's JSON, a proxy's HTML page,
// garbage, all bounded.
#include "registry/registry_answers.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace topicform {
namespace {

TEST(RegistryAnswers, AConfluentErrorGivesItsMessageAndCode) {
  EXPECT_EQ(error_words(404, R"({"error_code": 40401, "message": "Subject 'x' not found."})"),
            "Subject 'x' not found. (40401)");
}

TEST(RegistryAnswers, AProxysHtmlPageIsToldByItsTitle) {
  std::string page =
      "<html>\r\n<head><title>401 Authorization Required</title></head>\r\n<body>...</body>";
  EXPECT_EQ(error_words(401, page),
            "HTTP 401: an HTML page, not the registry's answer: \"401 Authorization Required\"");
}

TEST(RegistryAnswers, OtherBodiesAreQuotedPrintableAndBounded) {
  EXPECT_EQ(error_words(500, ""), "HTTP 500 with an empty body");
  EXPECT_EQ(error_words(502, std::string(1000, 'x')), "HTTP 502: " + std::string(300, 'x'));
  EXPECT_EQ(error_words(500, "<html>no title" + std::string(10, '\n')).substr(0, 24),
            "HTTP 500: <html>no title");
}

TEST(RegistryAnswers, TheLatestVersionGivesItsSchemaIdWhenThereIsOne) {
  SubjectState state;
  ASSERT_TRUE(parse_latest(R"({"version": 3, "id": 17, "schema": "{}"})", state));
  EXPECT_EQ(state.latest_version, 3);
  EXPECT_EQ(state.latest_id, 17);
  EXPECT_EQ(state.latest_type, "AVRO") << "Confluent leaves AVRO out";
  EXPECT_FALSE(parse_latest(R"({"version": "3", "schema": "{}"})", state));
}

TEST(RegistryAnswers, AVersionBelowOneIsRefusedWhereverItIsRead) {
  SubjectState state;
  for (const char* version : {"-1", "0"}) {
    std::string latest = fmt::format(R"({{"version": {}, "id": 1, "schema": "{{}}"}})", version);
    auto read = parse_latest(latest, state);
    ASSERT_FALSE(read) << version;
    EXPECT_EQ(
        read.error().message,
        fmt::format("answered a version that is not a whole number from 1: HTTP 200: {}", latest));
    EXPECT_FALSE(parse_versions(fmt::format("[1, {}]", version))) << version;
    EXPECT_FALSE(parse_version_of(fmt::format(R"({{"version": {}}})", version))) << version;
  }
  EXPECT_EQ(*parse_versions("[1, 2]"), (std::vector<int>{1, 2}));
  EXPECT_EQ(*parse_version_of(R"({"version": 1})"), 1);
}

}  // namespace
}  // namespace topicform
