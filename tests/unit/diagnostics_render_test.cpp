// The three renderings of diagnostics, pinned byte for byte.
#include "render/diagnostics_render.hpp"

#include <gtest/gtest.h>

#include "unit/printers.hpp"

namespace topicform {
namespace {

const std::vector<Diagnostic> kDiagnostics{
    {Severity::error, "partitions/positive", "partitions must be >= 1, got 0", {"t.yaml", 8, 15}},
    {Severity::warning, "naming/past-tense", "x: a, b", {"t.yaml", 4, 9}}};
const ValidationSummary kSummary{1, 2, "local"};

TEST(RenderText, PrintsCompilerStyleLinesAndASummary) {
  EXPECT_EQ(render_text(kDiagnostics, kSummary, false),
            "t.yaml:8:15: error: partitions must be >= 1, got 0 [partitions/positive]\n"
            "t.yaml:4:9: warning: x: a, b [naming/past-tense]\n"
            "failed in 1 file, 2 topics for environment 'local': 1 error, 1 warning\n");
}

TEST(RenderText, ColoursOnlyWhenAsked) {
  EXPECT_NE(render_text(kDiagnostics, kSummary, true).find("\x1b[1;31merror"), std::string::npos);
  EXPECT_EQ(render_text(kDiagnostics, kSummary, false).find("\x1b"), std::string::npos);
}

TEST(RenderGithub, EscapesPropertiesAndData) {
  EXPECT_EQ(render_github({kDiagnostics[1]}, kSummary),
            "::warning file=t.yaml,line=4,col=9,title=naming/past-tense::x: a, b\n"
            "topicform validate: ok in 1 file, 2 topics: 0 errors, 1 warning\n");
  Diagnostic odd{Severity::error, "r", "50%\nnext", {"a,b:c.yaml", 0, 0}};
  EXPECT_EQ(render_github({odd}, kSummary).substr(0, 41),
            "::error file=a%2Cb%3Ac.yaml,title=r::50%2");
}

TEST(RenderJson, IsVersionedAndOrdered) {
  std::string json = render_json({kDiagnostics[0]}, kSummary);
  EXPECT_EQ(json.find("{\n  \"version\": 1,\n  \"valid\": false,\n  \"diagnostics\": [\n    {\n"),
            0u);
  EXPECT_NE(json.find("\"rule\": \"partitions/positive\""), std::string::npos);
}

}  // namespace
}  // namespace topicform
