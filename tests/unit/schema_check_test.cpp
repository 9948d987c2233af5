// Schema errors mapped back to the manifest: what is wrong, where, in words a person can act on.
#include "manifest/project_loader.hpp"

#include <gtest/gtest.h>

#include "unit/printers.hpp"

namespace topicform {
namespace {

std::vector<Diagnostic> load(const std::string& spec_body) {
  Project project;
  load_manifest_text(
      "apiVersion: topicform/v1\nkind: Topic\nmetadata:\n  name: orders.created\n"
      "spec:\n" +
          spec_body,
      "t.yaml", project);
  sort_diagnostics(project.diagnostics);
  return project.diagnostics;
}

TEST(SchemaCheck, PointsAtTheValueOfAWrongType) {
  auto diagnostics = load("  partitions: three\n");
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0],
            (Diagnostic{Severity::error, "manifest/schema",
                        "'spec.partitions' must be a whole number of partitions, got 'three'",
                        Location{"t.yaml", 6, 15}}));
}

TEST(SchemaCheck, PointsAtTheKeyOfEveryUnknownField) {
  auto diagnostics = load("  partitions: 3\n  partitons: 3\n  colour: red\n");
  ASSERT_EQ(diagnostics.size(), 2u);
  EXPECT_EQ(diagnostics[0].message,
            "unknown field 'partitons' in 'spec': did you mean 'partitions'?");
  EXPECT_EQ(diagnostics[0].at, (Location{"t.yaml", 7, 3}));
  EXPECT_EQ(diagnostics[1].at, (Location{"t.yaml", 8, 3}));
}

TEST(SchemaCheck, NamesAMissingRequiredField) {
  auto diagnostics = load("  retention: 7d\n");
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].message, "'spec' lacks the required field 'partitions'");
  EXPECT_EQ(diagnostics[0].at, (Location{"t.yaml", 5, 1}));
}

TEST(SchemaCheck, ListsTheChoicesOfAnEnum) {
  auto diagnostics = load("  partitions: 3\n  kind: evnt\n");
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].message,
            "'spec.kind' must be one of event, command, state, technical, got 'evnt'");
}

TEST(SchemaCheck, ReportsABadMapValueOnlyAtTheValue) {
  auto diagnostics = load("  partitions: 3\n  config:\n    retention.ms: [1, 2]\n");
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0],
            (Diagnostic{Severity::error, "manifest/schema",
                        "'spec.config.retention.ms' must be text or a number or true or false, got "
                        "a list",
                        Location{"t.yaml", 8, 19}}));
}

TEST(SchemaCheck, AcceptsAValidTopic) {
  EXPECT_TRUE(
      load("  partitions: 3\n  retention: 7d\n  cleanupPolicy: [compact, delete]\n").empty());
}

TEST(SchemaCheck, RejectsAnUnknownKindOrApiVersion) {
  Project project;
  load_manifest_text("apiVersion: topicform/v2\nkind: Topic\n", "t.yaml", project);
  load_manifest_text("apiVersion: topicform/v1\nkind: Topik\n", "u.yaml", project);
  ASSERT_EQ(project.diagnostics.size(), 2u);
  EXPECT_EQ(project.diagnostics[0].message,
            "unsupported apiVersion 'topicform/v2': expected 'topicform/v1'");
  EXPECT_EQ(project.diagnostics[1].message, "unknown kind 'Topik': expected 'Topic' or 'Settings'");
}

}  // namespace
}  // namespace topicform
