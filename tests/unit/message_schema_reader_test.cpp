// Message schema files as the contract fuzzer found them: JSON the YAML reader cannot mark must
// still be checked, with every place at the file's start, never an exception.
#include "manifest/message_schema_reader.hpp"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace topicform {
namespace {

TEST(MessageSchemaReader, JsonWithoutMarksIsCheckedAtTheFilesStart) {
  std::ifstream in(TOPICFORM_SOURCE_DIR "/tests/fuzz/regressions/contract-marks-missing",
                   std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  std::string text = bytes.str();
  ASSERT_FALSE(text.empty());
  auto cut = text.find("\n----\n");
  ASSERT_NE(cut, std::string::npos);
  std::vector<Diagnostic> found;
  EXPECT_NO_THROW(read_message_schema(text.substr(0, cut), "old.json", found));
  EXPECT_NO_THROW(read_message_schema(text.substr(cut + 6), "new.json", found));
  EXPECT_FALSE(found.empty());
  // A type that is no type, after a tab: told in the file, whatever marks the reader made.
  std::vector<Diagnostic> tabbed;
  auto schema = read_message_schema("{\"type\":\n\t\"strin\"}", "tab.json", tabbed);
  EXPECT_EQ(schema, nullptr);
  ASSERT_FALSE(tabbed.empty());
  EXPECT_EQ(tabbed[0].rule, "contract/schema-invalid");
  EXPECT_EQ(tabbed[0].at.file, "tab.json");
}

}  // namespace
}  // namespace topicform
