// The plain reader against yaml-cpp: every document it accepts reads exactly as yaml-cpp reads it
// (values, types, marks), and what it cannot be sure of is left to yaml-cpp.
#include "manifest/plain_yaml.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "unit/printers.hpp"

namespace topicform {
namespace {

namespace fs = std::filesystem;

std::string marks_text(const YamlDocument& doc) {
  std::map<std::string, std::string> sorted;
  for (const auto& [pointer, m] : doc.marks) {
    sorted[pointer] = fmt::format("{}:{} {}:{}", m.key_at.line, m.key_at.column, m.value_at.line,
                                  m.value_at.column);
  }
  std::string out;
  for (const auto& [pointer, m] : sorted) out += pointer + " " + m + "\n";
  return out;
}

// What reading `text` gives, as comparable text: documents (JSON, start, marks), diagnostics.
std::string reading(const std::string& text, YamlReaders readers) {
  std::vector<Diagnostic> diagnostics;
  auto docs = parse_yaml_documents(text, "m.yaml", diagnostics, readers);
  std::string out;
  for (const auto& doc : docs) {
    out += doc.root.dump() + fmt::format(" @{}:{}\n", doc.start.line, doc.start.column);
    out += marks_text(doc);
  }
  for (const auto& d : diagnostics) out += d.rule + " " + d.message + "\n";
  return out;
}

// Whether the plain reader takes `text` (one document), and then reads it as yaml-cpp does.
bool plain_reads_as_yaml_cpp(const std::string& text) {
  EXPECT_EQ(reading(text, YamlReaders::plain_first), reading(text, YamlReaders::yaml_cpp_only))
      << text;
  return read_plain_yaml(text, 0, "m.yaml").has_value();
}

TEST(PlainYaml, ReadsAManifestAsYamlCppDoes) {
  EXPECT_TRUE(plain_reads_as_yaml_cpp(
      "# a comment\n---\napiVersion: topicform/v1\nkind: Topic\nmetadata: {name: orders.created, "
      "labels: {domain: orders}}\nspec:\n  partitions: 3   # three\n  retention: 7d\n"
      "  ratio: 0.5\n  empty:\n  nothing: ~\n  quoted: 'it''s'\n  double: \"3\"\n"
      "  consumers: [billing-service, {group: notifications-service, replicas: 2}]\n"
      "  list:\n  - a\n  - b: 1\n    c: [ ]\n  deeper:\n    - {}\n    - -5\n"));
}

TEST(PlainYaml, ReadsEveryShapeOfBlockNesting) {
  EXPECT_TRUE(plain_reads_as_yaml_cpp("- a\n- b: c\n  d:\n    e: f\n- [1, 2]\n"));
  EXPECT_TRUE(plain_reads_as_yaml_cpp("  a:\n      - x\n      - y\n  b: true\n"));
  EXPECT_TRUE(plain_reads_as_yaml_cpp("a: prose (with parentheses), commas; it's 50% \"more\"\n"));
  EXPECT_TRUE(plain_reads_as_yaml_cpp("a: http://example.com/x\nb: 'x: y'\nc: null\n"));
}

TEST(PlainYaml, LeavesWhatItDoesNotReadToYamlCpp) {
  for (const char* text : {"a: &x 1\nb: *x\n",
                           "a: !!str 3\n",
                           "a: |\n  text\n",
                           "a: b\n  c\n",
                           "a:\tb\n",
                           "a: b: c\n",
                           "a: 1\na: 2\n",
                           "'a': 1\n",
                           "? a\n: b\n",
                           "a: \"x\\ty\"\n",
                           "a: [1,\n 2]\n",
                           "a: [1, 2,]\n",
                           "a: {b: }\n",
                           "- - a\n",
                           "-\n  a\n",
                           "a:\n - b\n c: d\n",
                           "%YAML 1.2\n---\na: 1\n",
                           "a: caf\xC3\xA9\n",
                           "a: b\r\n",
                           "",
                           "# only a comment\n",
                           "~\n",
                           "a: 1\n  b: 2\n",
                           "a: 'open\n",
                           "key : value\n",
                           "a: x #c\n b: y\n",
                           "a: [brackets] {and} a#hash\n",
                           "a: {min.i?sync: 2}\n"}) {
    EXPECT_FALSE(plain_reads_as_yaml_cpp(text)) << text;
  }
}

// Every YAML file the project ships, from its example topics to the corpus of broken ones.
std::vector<fs::path> repository_yaml() {
  std::vector<fs::path> out;
  for (const char* dir : {"topics", "examples", "tests/corpus", "tests/golden"}) {
    fs::path root = fs::path(TOPICFORM_SOURCE_DIR) / dir;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      auto ext = entry.path().extension();
      if (entry.is_regular_file() && (ext == ".yaml" || ext == ".yml")) out.push_back(entry.path());
    }
  }
  return out;
}

TEST(PlainYaml, ReadsTheRepositorysYamlAsYamlCppDoes) {
  std::size_t files = 0, plain = 0;
  for (const auto& path : repository_yaml()) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(reading(text.str(), YamlReaders::plain_first),
              reading(text.str(), YamlReaders::yaml_cpp_only))
        << path;
    ++files;
    if (read_plain_yaml(text.str(), 0, "m.yaml")) ++plain;
  }
  // Most of them are plain: a reader that gave up on everything would compare equal too.
  EXPECT_GT(files, 100u);
  EXPECT_GT(plain * 2, files) << plain << " of " << files;
}

}  // namespace
}  // namespace topicform
