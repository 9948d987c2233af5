// URLs in messages lose their credentials whatever the password holds; secrets in settings are
// whole ${env:NAME} references.
#include "core/text/url_text.hpp"

#include <gtest/gtest.h>

#include "core/text/env_references.hpp"

namespace topicform {
namespace {

TEST(UrlText, TheUserinfoIsCutEvenWithSlashesAndAtSignsInThePassword) {
  EXPECT_EQ(url_for_messages("http://alice:secret@registry:8081"), "http://registry:8081");
  EXPECT_EQ(url_for_messages("http://alice:Sl/ash@registry:8081/apis"),
            "http://registry:8081/apis");
  EXPECT_EQ(url_for_messages("https://alice:a@b/c@registry/x?y=@z"), "https://registry/x?y=@z");
  EXPECT_EQ(url_for_messages("http://registry:8081/apis/ccompat/v7"),
            "http://registry:8081/apis/ccompat/v7");
  EXPECT_EQ(url_for_messages("registry:8081"), "registry:8081");
}

TEST(UrlText, CredentialsComeOutOfTheUrlDecoded) {
  UrlParts parts = split_url_credentials("http://al%69ce:Sl/ash%40x@registry:8081/apis");
  EXPECT_EQ(parts.url, "http://registry:8081/apis");
  EXPECT_EQ(parts.username, "alice");
  EXPECT_EQ(parts.password, "Sl/ash@x");
  EXPECT_TRUE(parts.has_password);
  parts = split_url_credentials("http://alice@registry");
  EXPECT_EQ(parts.username, "alice");
  EXPECT_FALSE(parts.has_password);
  EXPECT_EQ(split_url_credentials("http://registry/%zz").url, "http://registry/%zz");
  EXPECT_EQ(split_url_credentials("http://a:100%@registry").password, "100%");
}

TEST(UrlText, ThePasswordAsWrittenIsFoundForTheSecretCheck) {
  EXPECT_EQ(url_password_as_written("http://alice:${env:PW}@registry"), "${env:PW}");
  EXPECT_EQ(url_password_as_written("http://alice:Sl/ash@registry"), "Sl/ash");
  EXPECT_EQ(url_password_as_written("http://alice@registry"), "");
  EXPECT_EQ(url_password_as_written("http://registry"), "");
}

TEST(EnvReferences, ASecretIsExactlyOneReference) {
  EXPECT_TRUE(is_env_reference("${env:REGISTRY_PASSWORD}"));
  EXPECT_FALSE(is_env_reference("${env:X}Literal"));
  EXPECT_FALSE(is_env_reference("Literal${env:X}"));
  EXPECT_FALSE(is_env_reference("${env:X}${env:Y}"));
  EXPECT_FALSE(is_env_reference("${env:}"));
  EXPECT_FALSE(is_env_reference("${env:1X}"));
  EXPECT_FALSE(is_env_reference("secret"));
}

}  // namespace
}  // namespace topicform
