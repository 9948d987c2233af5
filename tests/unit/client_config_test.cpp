// Client properties: Java-style files, ${env:NAME} references and sasl.jaas.config translation.
#include "cluster/client_config.hpp"

#include <cstdlib>

#include <gtest/gtest.h>

namespace topicform {
namespace {

TEST(ClientConfig, EnvironmentReferencesAreExpanded) {
  ::setenv("TOPICFORM_TEST_PASSWORD", "s3cret-from-env", 1);
  ClientProperties p{{"sasl.password", "${env:TOPICFORM_TEST_PASSWORD}"},
                     {"client.id", "a-${env:TOPICFORM_TEST_PASSWORD}-b"}};
  ASSERT_TRUE(resolve_client_properties(p));
  EXPECT_EQ(p["sasl.password"], "s3cret-from-env");
  EXPECT_EQ(p["client.id"], "a-s3cret-from-env-b");
}

TEST(ClientConfig, AMissingVariableNamesTheKeyAndVariableOnly) {
  ::unsetenv("TOPICFORM_TEST_UNSET");
  ClientProperties p{{"sasl.password", "${env:TOPICFORM_TEST_UNSET}"}};
  auto r = resolve_client_properties(p);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message,
            "client property 'sasl.password' refers to ${env:TOPICFORM_TEST_UNSET}, which is not "
            "set");
}

TEST(ClientConfig, JavaScramJaasConfigBecomesUsernameAndPassword) {
  ClientProperties p{
      {"sasl.jaas.config",
       "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"app\" "
       "password=\"p@ss word\";"},
      {"sasl.mechanism", "SCRAM-SHA-512"}};
  ASSERT_TRUE(resolve_client_properties(p));
  EXPECT_EQ(p.count("sasl.jaas.config"), 0u);
  EXPECT_EQ(p["sasl.username"], "app");
  EXPECT_EQ(p["sasl.password"], "p@ss word");
}

TEST(ClientConfig, OtherLoginModulesAreRefused) {
  ClientProperties p{{"sasl.jaas.config",
                      "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule "
                      "required clientSecret=\"hidden\";"}};
  auto r = resolve_client_properties(p);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message.find("hidden"), std::string::npos);
}

TEST(ClientConfig, LongJaasConfigsAndValuesAreReadInOnePass) {
  // About 30 KB once overflowed the stack of the backtracking regex that parsed it.
  std::string padding(40'000, ' ');
  ClientProperties p{
      {"sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required" +
                               padding + "username='app'" + padding + "password=\"" +
                               std::string(40'000, 'p') + "\";"},
      {"ssl.ca.location", std::string(100'000, '$') + "${env:HOME}"}};
  ASSERT_TRUE(resolve_client_properties(p));
  EXPECT_EQ(p["sasl.username"], "app");
  EXPECT_EQ(p["sasl.password"], std::string(40'000, 'p'));
  EXPECT_EQ(p["ssl.ca.location"], std::string(100'000, '$') + std::getenv("HOME"));
}

TEST(ClientConfig, OnlyWholeOptionNamesAreRead) {
  ClientProperties p{{"sasl.jaas.config",
                      "org.apache.kafka.common.security.plain.PlainLoginModule required "
                      "myusername=\"wrong\" username = \"right\" password=\"x\";"},
                     {"client.id", "${env:}${env:1X}$${env:HOME"}};
  ASSERT_TRUE(resolve_client_properties(p));
  EXPECT_EQ(p["sasl.username"], "right");
  EXPECT_EQ(p["client.id"], "${env:}${env:1X}$${env:HOME");  // not references: kept as written
}

}  // namespace
}  // namespace topicform
