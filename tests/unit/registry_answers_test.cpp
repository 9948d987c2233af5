// The registry's answers read, and its refusals worded: Confluent's JSON, a proxy's HTML page,
// garbage, all bounded.
#include "registry/registry_answers.hpp"

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

}  // namespace
}  // namespace topicform
