// Runs over several environments: which ones `--env` names, how outcomes add up, plan files.
#include <gtest/gtest.h>

#include "core/plan/environment_runs.hpp"
#include "render/environment_plans_render.hpp"
#include "render/environment_reports_render.hpp"
#include "render/health_render.hpp"
#include "render/plan_file.hpp"

namespace topicform {
namespace {

Settings with_environments(const std::vector<std::pair<std::string, int>>& named_at_line) {
  Settings settings;
  for (const auto& [name, line] : named_at_line) {
    Environment environment;
    environment.name = name;
    environment.at = Location{"topicform.yaml", line, 5};
    settings.environments[name] = environment;
  }
  return settings;
}

TEST(EnvironmentRuns, OnlySeveralOrAllReportPerEnvironment) {
  EXPECT_FALSE(reports_per_environment({}));
  EXPECT_FALSE(reports_per_environment({"prod"}));
  EXPECT_TRUE(reports_per_environment({"all"}));
  EXPECT_TRUE(reports_per_environment({"staging", "prod"}));
}

TEST(EnvironmentRuns, AllFollowsTheSettingsOrderNotTheAlphabet) {
  Settings settings = with_environments({{"local", 10}, {"staging", 14}, {"prod", 20}, {"dr", 30}});
  auto names = chosen_environments({"all"}, settings);
  ASSERT_TRUE(names);
  EXPECT_EQ(*names, (std::vector<std::string>{"local", "staging", "prod", "dr"}));
}

TEST(EnvironmentRuns, GivenOrderIsKeptAndRepeatsDropped) {
  Settings settings = with_environments({{"local", 10}, {"staging", 14}, {"prod", 20}});
  auto names = chosen_environments({"prod", "staging", "prod", "all"}, settings);
  ASSERT_TRUE(names);
  EXPECT_EQ(*names, (std::vector<std::string>{"prod", "staging", "local"}));
  auto none = chosen_environments({}, settings);
  ASSERT_TRUE(none);
  EXPECT_EQ(*none, (std::vector<std::string>{""}));
}

TEST(EnvironmentRuns, AllWithoutEnvironmentsIsAnError) {
  auto names = chosen_environments({"all"}, Settings{});
  ASSERT_FALSE(names);
  EXPECT_EQ(names.error().message,
            "--env all: the settings declare no environments; name one with --env, or add "
            "`environments:` to the settings");
}

EnvironmentPlan part(const std::string& name, int kind) {
  EnvironmentPlan p{name, Plan{}, "", {}};
  p.plan->environment = name;
  if (kind == 1) p.plan->actions.push_back(DeleteTopic{"t", {}});
  if (kind == 2) p.plan->blocked.push_back(BlockedChange{"t", "r", "m", {}});
  if (kind == 3) {
    p.plan.reset();
    p.error = "unreachable";
  }
  return p;
}

TEST(EnvironmentRuns, TheWorstOutcomeWinsWhateverTheOrder) {
  EXPECT_EQ(worst_outcome({part("a", 0), part("b", 0)}), PlanOutcome::no_changes);
  EXPECT_EQ(worst_outcome({part("a", 1), part("b", 0)}), PlanOutcome::changes);
  EXPECT_EQ(worst_outcome({part("a", 0), part("b", 2), part("c", 1)}), PlanOutcome::blocked);
  EXPECT_EQ(worst_outcome({part("a", 3), part("b", 2)}), PlanOutcome::failed);
  EXPECT_EQ(worst_outcome({part("a", 2), part("b", 3)}), PlanOutcome::failed);
}

TEST(EnvironmentRuns, APlanFileHoldsEveryEnvironmentInOrder) {
  std::vector<SavedPlan> saved{SavedPlan{*part("staging", 1).plan, "d1", {"/p"}, {}},
                               SavedPlan{*part("prod", 0).plan, "d2", {"/p"}, {}}};
  auto read = read_plans_file(write_plans_file(saved));
  ASSERT_TRUE(read);
  ASSERT_EQ(read->size(), 2u);
  EXPECT_EQ((*read)[0].plan.environment, "staging");
  EXPECT_EQ((*read)[0].plan.actions.size(), 1u);
  EXPECT_EQ((*read)[1].plan.environment, "prod");
  EXPECT_EQ((*read)[1].digest, "d2");
  auto one = read_plan_file(write_plans_file(saved));
  ASSERT_FALSE(one);
  EXPECT_EQ(one.error().message, "the plan file holds 2 environments, not one");
  auto empty = read_plans_file(R"({"planFile": 2, "environments": []})");
  ASSERT_FALSE(empty);
}

TEST(EnvironmentRuns, TheCommentIsCutToItsLimit) {
  EnvironmentPlan big = part("prod", 0);
  for (int i = 0; i < 3000; ++i) {
    big.plan->actions.push_back(DeleteTopic{"topic.number." + std::to_string(i), {}});
  }
  std::string comment = render_plans_markdown({part("local", 3), big}, 20'000);
  EXPECT_LE(comment.size(), 20'000u);
  EXPECT_NE(comment.find("cut here"), std::string::npos);
  EXPECT_NE(comment.find("`local`: :x: **failed**: unreachable"), std::string::npos);
}

TEST(EnvironmentRuns, PrometheusKeepsOneHeadPerMetric) {
  HealthReport a = unreachable_report("local", "down");
  HealthReport b = unreachable_report("prod", "down");
  std::string both = render_healths_prometheus({a, b});
  std::string one = render_health_prometheus(a);
  auto count = [](const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count(both, "# HELP"), count(one, "# HELP"));
  EXPECT_EQ(count(both, "environment=\"prod\""), count(one, "environment=\"local\""));
  EXPECT_GT(count(one, "environment=\"local\""), 0u);
}

}  // namespace
}  // namespace topicform
