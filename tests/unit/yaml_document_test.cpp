// YAML -> JSON with marks: scalar typing, marks, duplicate keys and the limits on hostile input.
#include "manifest/yaml_document.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "unit/printers.hpp"

namespace topicform {
namespace {

std::vector<YamlDocument> parse(const std::string& text, std::vector<Diagnostic>& out) {
  return parse_yaml_documents(text, "m.yaml", out);
}

TEST(YamlDocument, TypesScalarsByTheYaml12CoreSchema) {
  std::vector<Diagnostic> diagnostics;
  auto docs = parse("a: 3\nb: '3'\nc: true\nd: 0.5\ne: 7d\nf: ~\ng: yes\nh: -4\n", diagnostics);
  ASSERT_EQ(docs.size(), 1u);
  const auto& root = docs[0].root;
  EXPECT_TRUE(root["a"].is_number_integer());
  EXPECT_TRUE(root["b"].is_string());
  EXPECT_TRUE(root["c"].is_boolean());
  EXPECT_TRUE(root["d"].is_number_float());
  EXPECT_EQ(root["e"], "7d");
  EXPECT_TRUE(root["f"].is_null());
  EXPECT_EQ(root["g"], "yes");  // YAML 1.1 booleans are text in 1.2
  EXPECT_EQ(root["h"], -4);
  EXPECT_TRUE(diagnostics.empty());
}

TEST(YamlDocument, RecordsOneBasedMarksForKeysAndValues) {
  std::vector<Diagnostic> diagnostics;
  auto docs = parse("spec:\n  partitions: 3\n  list: [a, b]\n", diagnostics);
  ASSERT_EQ(docs.size(), 1u);
  const auto& marks = docs[0].at("/spec/partitions");
  EXPECT_EQ(marks.key_at, (Location{"m.yaml", 2, 3}));
  EXPECT_EQ(marks.value_at, (Location{"m.yaml", 2, 15}));
  EXPECT_EQ(docs[0].at("/spec/list/1").value_at, (Location{"m.yaml", 3, 13}));
}

TEST(YamlDocument, ReportsDuplicateKeysAndKeepsTheFirst) {
  std::vector<Diagnostic> diagnostics;
  auto docs = parse("a: 1\nb: 2\na: 3\n", diagnostics);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0],
            (Diagnostic{Severity::error, "manifest/duplicate-key",
                        "duplicate key 'a' (first at line 1)", Location{"m.yaml", 3, 1}}));
  ASSERT_EQ(docs.size(), 1u);
  EXPECT_EQ(docs[0].root["a"], 1);
}

TEST(YamlDocument, ReportsSyntaxErrorsWithTheirPosition) {
  std::vector<Diagnostic> diagnostics;
  auto docs = parse("a: [1, 2\n", diagnostics);
  EXPECT_TRUE(docs.empty());
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].rule, "manifest/syntax");
  EXPECT_EQ(diagnostics[0].at.line, 2);
}

TEST(YamlDocument, RejectsInvalidUtf8AtTheFirstBadByte) {
  std::vector<Diagnostic> diagnostics;
  parse("a: ok\nb: caf\xe9\n", diagnostics);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0], (Diagnostic{Severity::error, "manifest/encoding",
                                        "the file is not valid UTF-8", Location{"m.yaml", 2, 7}}));
}

TEST(YamlDocument, RejectsDeepFlowNestingBeforeParsing) {
  std::vector<Diagnostic> diagnostics;
  parse("a: " + std::string(100'000, '['), diagnostics);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].rule, "manifest/too-deep");
}

TEST(YamlDocument, RejectsDeepBlockNesting) {
  std::vector<Diagnostic> diagnostics;
  std::string text;
  for (int i = 0; i < 100; ++i) text += std::string(static_cast<std::size_t>(i), ' ') + "k:\n";
  parse(text, diagnostics);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].rule, "manifest/too-deep");
}

TEST(YamlDocument, StopsAliasExpansionBombs) {
  std::string text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  char previous = 'a';
  for (char name = 'b'; name <= 'i'; ++name, ++previous) {
    text += fmt::format("{0}: &{0} [*{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}]\n",
                        name, previous);
  }
  std::vector<Diagnostic> diagnostics;
  auto docs = parse(text, diagnostics);
  EXPECT_TRUE(docs.empty());
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].rule, "manifest/too-large");
}

TEST(YamlDocument, ReportsAnEmptyFile) {
  std::vector<Diagnostic> diagnostics;
  parse("# only a comment\n", diagnostics);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].rule, "manifest/empty");
}

TEST(YamlDocument, ReadsSeveralDocumentsAndSkipsEmptyOnes) {
  std::vector<Diagnostic> diagnostics;
  auto docs = parse("a: 1\n---\n---\nb: 2\n", diagnostics);
  EXPECT_EQ(docs.size(), 2u);
  EXPECT_EQ(docs[1].start.line, 4);
  EXPECT_TRUE(diagnostics.empty());
}

TEST(DisplayPath, ReadsLikeTheManifest) {
  EXPECT_EQ(display_path("/spec/owner/consumers/0/group"), "spec.owner.consumers[0].group");
  EXPECT_EQ(display_path("/spec/rules/naming~1legal"), "spec.rules.naming/legal");
  EXPECT_EQ(display_path(""), "");
}

}  // namespace
}  // namespace topicform

namespace topicform {
namespace {

// yaml-cpp 0.7's LoadAll never returns on these (found by the fuzzer); each must end in a report.
TEST(YamlDocument, MalformedStreamsThatHangLoadAllEndWithADiagnostic) {
  for (const char* text : {",", "[:", "{:", "- !+(.,.)", "a: 1\n---\n,\n"}) {
    std::vector<Diagnostic> diagnostics;
    parse_yaml_documents(text, "m.yaml", diagnostics);
    EXPECT_FALSE(diagnostics.empty()) << text;
  }
}

TEST(YamlDocument, KeepsLineNumbersAcrossDocuments) {
  std::vector<Diagnostic> diagnostics;
  auto docs = parse_yaml_documents("a: 1\n---\nb: 2\n...\n---\nc: [\n", "m.yaml", diagnostics);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].rule, "manifest/syntax");
  EXPECT_EQ(diagnostics[0].at.line, 7);
}

}  // namespace
}  // namespace topicform
