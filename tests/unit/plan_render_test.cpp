// Plan renderings: the text summary, the Markdown comment's limit with a visible notice, human
// units and Markdown escaping.
#include "render/plan_render.hpp"

#include <gtest/gtest.h>

#include "core/model/config_value_text.hpp"
#include "core/text/markdown_text.hpp"
#include "render/plan_file.hpp"

namespace topicform {
namespace {

Plan many_creates(int count) {
  Plan plan;
  plan.cluster_id = "c1";
  plan.environment = "prod";
  for (int i = 0; i < count; ++i) {
    plan.actions.push_back(CreateTopic{"orders.event" + std::to_string(i) + "-happened",
                                       3,
                                       3,
                                       {{"retention.ms", "604800000"}},
                                       "",
                                       {}});
  }
  return plan;
}

TEST(RenderPlanText, SaysWhenNothingChanges) {
  Plan plan;
  plan.cluster_id = "c1";
  plan.environment = "local";
  EXPECT_EQ(render_plan_text(plan, false),
            "topicform plan for environment 'local' (cluster c1)\n\n"
            "No changes: the cluster matches the manifests.\n");
}

TEST(RenderPlanText, AWithheldDeleteIsNotNoChanges) {
  Plan plan;
  plan.cluster_id = "c1";
  plan.environment = "local";
  plan.withheld.push_back(DeleteTopic{"orders.gone", {}});
  EXPECT_EQ(render_plan_text(plan, false),
            "topicform plan for environment 'local' (cluster c1)\n\n"
            "  - orders.gone: delete withheld: deletes are not allowed without --allow-delete\n\n"
            "Plan: 0 to create, 0 to update, 0 to delete, 0 blocked, 1 delete withheld (not "
            "allowed without --allow-delete).\n");
  EXPECT_EQ(render_plan_github(plan),
            "::notice title=delete/explicit::- orders.gone: delete withheld: deletes are not "
            "allowed without --allow-delete\n"
            "topicform plan: Plan: 0 to create, 0 to update, 0 to delete, 0 blocked, 1 delete "
            "withheld (not allowed without --allow-delete).\n");
}

TEST(RenderPlanText, NamesTenUnmanagedTopicsAndCountsTheRest) {
  Plan plan;
  plan.cluster_id = "c1";
  plan.environment = "local";
  for (int i = 0; i < 12; ++i) plan.unmanaged.push_back("t" + std::to_string(i));
  EXPECT_NE(render_plan_text(plan, false)
                .find("12 unmanaged topics on the cluster (listed, never touched): t0, t1, t2, t3, "
                      "t4, t5, t6, t7, t8, t9 and 2 more\n"),
            std::string::npos);
}

TEST(RenderPlanMarkdown, StaysUnderTheLimitWithAVisibleNotice) {
  std::string small = render_plan_markdown(many_creates(3));
  EXPECT_EQ(small.find("cut here"), std::string::npos);
  std::string big = render_plan_markdown(many_creates(2000));
  EXPECT_LE(big.size(), 65'000u);
  EXPECT_NE(
      big.find("**The plan is cut here to fit a comment; run `topicform plan` for all of it.**"),
      std::string::npos);
  EXPECT_EQ(big.find("**Plan: 2000 to create, 0 to update, 0 to delete, 0 blocked.**"), 28u);
  EXPECT_TRUE(big.ends_with("</details>\n"));
}

// The diff stops being written once past the limit; what is cut must still fill the comment.
TEST(RenderPlanMarkdown, AHundredThousandCreatesFillTheCommentToItsLastWholeLine) {
  std::string big = render_plan_markdown(many_creates(100'000));
  EXPECT_LE(big.size(), 65'000u);
  EXPECT_GT(big.size(), 65'000u - 200);
  EXPECT_NE(big.find("+ orders.event400-happened: create"), std::string::npos);
}

TEST(RenderPlanMarkdown, CallsOutDestructiveChangesFirst) {
  Plan plan = many_creates(1);
  plan.actions.push_back(DeleteTopic{"orders.gone", {}});
  std::string md = render_plan_markdown(plan);
  EXPECT_LT(md.find(":warning: **destructive** orders.gone: delete"), md.find("<details>"));
}

TEST(RenderPlanMarkdown, ManyWarningsAreCutBeforeTheDetailsWithANotice) {
  Plan plan = many_creates(1);
  for (int i = 0; i < 2000; ++i) {
    plan.warnings.push_back({Severity::warning,
                             "config/authoritative",
                             "'t" + std::to_string(i) + "' has 'segment.ms=1' set on the cluster",
                             {}});
  }
  std::string md = render_plan_markdown(plan);
  EXPECT_LE(md.size(), 65'000u);
  EXPECT_EQ(md.find("<details>"), std::string::npos);
  EXPECT_TRUE(md.ends_with(
      "\n**The plan is cut here to fit a comment; run `topicform plan` for all of it.**\n"));
}

TEST(ReadableValue, DurationsAndSizesInHumanUnitsBesideTheRawValue) {
  EXPECT_EQ(readable_value("retention.ms", "604800000"), "7d (604800000)");
  EXPECT_EQ(readable_value("retention.ms", "-1"), "infinite (-1)");
  EXPECT_EQ(readable_value("segment.ms", "500"), "500");
  EXPECT_EQ(readable_value("max.message.bytes", "1048576"), "1 MiB (1048576)");
  EXPECT_EQ(readable_value("segment.bytes", "1000012"), "976.6 KiB (1000012)");
  EXPECT_EQ(readable_value("retention.bytes", "-1"), "infinite (-1)");
  EXPECT_EQ(readable_value("retention.bytes", "512"), "512");
  EXPECT_EQ(readable_value("cleanup.policy", "delete"), "delete");
  EXPECT_EQ(readable_value("retention.ms", "7d"), "7d");
  EXPECT_EQ(readable_change("retention.ms", "259200000", "432000000"),
            "retention.ms: 3d -> 5d (259200000 -> 432000000)");
  EXPECT_EQ(readable_change("retention.ms", std::nullopt, "3600000"),
            "retention.ms: (default) -> 1h (3600000)");
  EXPECT_EQ(readable_change("min.insync.replicas", "1", std::nullopt),
            "min.insync.replicas: 1 -> (default)");
}

TEST(MarkdownText, UserTextStaysLiteral) {
  EXPECT_EQ(markdown_text("<domain>.<what> and min_isr *x* [a](b) `c` a|b\nc &amp; ~~s~~"),
            "\\<domain>.\\<what> and min\\_isr \\*x\\* \\[a\\](b) \\`c\\` a\\|b c \\&amp; "
            "\\~\\~s\\~\\~");
  EXPECT_EQ(markdown_code("a.yaml:1:2"), "`a.yaml:1:2`");
  EXPECT_EQ(markdown_code("we`ird|path"), "``we`ird\\|path``");
  EXPECT_EQ(markdown_code("`x"), "`` `x ``");
}

TEST(PlanFile, RoundTripsEveryActionKind) {
  SavedPlan saved;
  saved.plan = many_creates(1);
  saved.plan.actions.push_back(AddPartitions{"a.b", 1, 3, {}});
  saved.plan.actions.push_back(
      AlterConfig{"a.b",
                  {{"retention.ms", "1"}},
                  {{"retention.ms", "2", "1"}, {"segment.ms", "5", std::nullopt}},
                  true,
                  {}});
  saved.plan.actions.push_back(DeleteTopic{"c.d", {}});
  saved.digest = "0123456789abcdef";
  saved.paths = {"/p/topics", "/p/more"};
  saved.plan.withheld.push_back(DeleteTopic{"e.f", {}});
  auto read = read_plan_file(write_plan_file(saved));
  ASSERT_TRUE(read.has_value()) << read.error().message;
  EXPECT_EQ(read->plan.actions, saved.plan.actions);
  EXPECT_EQ(read->digest, saved.digest);
  EXPECT_EQ(read->paths, saved.paths);
  EXPECT_EQ(read->plan.cluster_id, "c1");
  // A plan file of the version before digests cannot be checked against the manifests.
  auto old = read_plan_file("{\"version\": 1, \"clusterId\": \"c1\", \"actions\": []}");
  ASSERT_FALSE(old.has_value());
  EXPECT_EQ(old.error().message,
            "a plan file of version 1, and this topicform reads version 2: make the plan again "
            "with 'topicform plan --out'");
  // Nested brackets, or JSON of anything else, name no version at all.
  for (const char* other : {"[[[[[]]]]]", "{\"apiVersion\": \"topicform/v1\"}", "3"}) {
    auto read_other = read_plan_file(other);
    ASSERT_FALSE(read_other.has_value()) << other;
    EXPECT_EQ(read_other.error().message,
              "not a topicform plan file: it names no plan file version; make one with "
              "'topicform plan --out'")
        << other;
  }
}

}  // namespace
}  // namespace topicform
