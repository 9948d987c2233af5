// Message schema files as the contract fuzzer found them (tests/fuzz/regressions/contract-*):
// each is read and compared as the fuzzer does, with diagnostics and never an exception.
#include "manifest/message_schema_reader.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "core/contract/compatibility.hpp"

namespace topicform {
namespace {

// The fuzzer's own steps on one input: two schemas split at "\n----\n", compared both ways.
void read_and_compare(const std::string& text) {
  auto cut = text.find("\n----\n");
  std::vector<Diagnostic> found;
  auto earlier = read_message_schema(text.substr(0, cut), "old.json", found);
  auto later = read_message_schema(cut == std::string::npos ? text : text.substr(cut + 6),
                                   "new.json", found);
  if (!earlier || !later) return;
  schema_breaks({&earlier->root}, later->root, CompatibilityMode::full_transitive);
  schema_breaks({&later->root}, earlier->root, CompatibilityMode::full);
}

TEST(MessageSchemaReader, EveryInputThatOnceCrashedTheFuzzerIsRead) {
  int inputs = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(TOPICFORM_SOURCE_DIR "/tests/fuzz/regressions")) {
    if (!entry.path().filename().string().starts_with("contract-")) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    EXPECT_NO_THROW(read_and_compare(bytes.str())) << entry.path();
    ++inputs;
  }
  EXPECT_GE(inputs, 2);
}

TEST(MessageSchemaReader, AMalformedRefPointerNamesNothing) {
  std::vector<Diagnostic> found;
  auto schema = read_message_schema(R"({"properties": {"a": {"$ref": "#/definitions/~2x"}}})",
                                    "bad.json", found);
  EXPECT_EQ(schema, nullptr);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].message, "$ref '#/definitions/~2x' names nothing in this file");
}

}  // namespace
}  // namespace topicform
