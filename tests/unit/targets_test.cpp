// --target: glob matching, a selected topic bringing its dead topic, typos found, and a plan
// narrowed to the selection; and the natural order of names.
#include "core/plan/targets.hpp"

#include <gtest/gtest.h>

#include "core/plan/diff.hpp"
#include "unit/plan_fixture.hpp"

namespace topicform {
namespace {

TEST(Targets, GlobsMatchWholeNames) {
  Targets t{{"orders.*", "billing.pa?d"}};
  EXPECT_TRUE(t.match("orders.created"));
  EXPECT_TRUE(t.match("orders."));
  EXPECT_FALSE(t.match("xorders.created"));
  EXPECT_TRUE(t.match("billing.paid"));
  EXPECT_FALSE(t.match("billing.paiid"));
  EXPECT_TRUE(Targets{{"*a*b*c"}}.match("xxaxxbxxbxc"));
  EXPECT_FALSE(Targets{{"*a*b*c"}}.match("xxaxxbxxbx"));
  EXPECT_TRUE(Targets{{"exact.name"}}.match("exact.name"));
  EXPECT_FALSE(Targets{{"exact.name"}}.match("exact.names"));
}

TEST(Targets, ASourceBringsItsDeadTopicAndTyposAreNamed) {
  auto m = desired(topic("orders.created", 3) + topic("billing.paid", 3));
  Targets t{{"orders.created", "ordrs.*"}};
  auto selected = selected_topics(t, m->topics);
  ASSERT_EQ(selected.size(), 2u);
  EXPECT_EQ(selected[0].name, "orders.created");
  EXPECT_EQ(selected[1].name, "orders.created.dead");
  EXPECT_EQ(unmatched_targets(t, m->topics), std::vector<std::string>{"ordrs.*"});
  EXPECT_TRUE(unmatched_targets(Targets{{"*.dead"}}, m->topics).empty());
}

TEST(Targets, ANarrowedPlanKeepsOnlyTheSelection) {
  auto m = desired(topic("orders.created", 3) + topic("billing.paid", 3));
  ClusterState state = cluster({{"orders.created", {"", 3, 1, {{"segment.ms", "1"}}, true, false}},
                                {"legacy.orders", {"", 1, 1, {}, true, false}},
                                {"legacy.billing", {"", 1, 1, {}, true, false}}});
  Plan plan = diff(m->topics, state, DiffOptions{});
  ASSERT_GE(plan.actions.size(), 4u);
  // A warning in a left-out topic's manifest goes; one in the selection's or the settings' stays.
  for (auto& t : m->topics) {
    if (t.name.starts_with("orders.")) t.name_at.file = "orders.yaml";
  }
  plan.warnings = {{Severity::warning, "r", "in orders", {"orders.yaml", 1, 1}},
                   {Severity::warning, "r", "in billing", {"t.yaml", 1, 1}},
                   {Severity::warning, "r", "in the settings", {"topicform.yaml", 1, 1}},
                   {Severity::warning, "r", "of the cluster", {}}};
  narrow_plan(plan, m->topics, Targets{{"billing.*", "legacy.b*"}}, nullptr);
  ASSERT_EQ(plan.actions.size(), 2u);
  EXPECT_EQ(action_topic(plan.actions[0]), "billing.paid");
  EXPECT_EQ(plan.unmanaged, std::vector<std::string>{"legacy.billing"});
  ASSERT_EQ(plan.warnings.size(), 3u);
  EXPECT_EQ(plan.warnings[0].message, "in billing");
  Plan all = diff(m->topics, state, DiffOptions{});
  Plan untouched = all;
  narrow_plan(untouched, m->topics, Targets{}, nullptr);
  EXPECT_EQ(untouched.actions, all.actions);
  EXPECT_TRUE(untouched.targets.empty());
}

}  // namespace
}  // namespace topicform

#include "core/text/natural_order.hpp"

namespace topicform {
namespace {

TEST(NaturalOrder, NumbersByValueTheRestByBytes) {
  EXPECT_TRUE(natural_less("item2", "item10"));
  EXPECT_FALSE(natural_less("item10", "item2"));
  EXPECT_TRUE(natural_less("a.item9-x", "a.item10-x"));
  EXPECT_TRUE(natural_less("item1", "item01"));  // equal value: the shorter run first
  EXPECT_FALSE(natural_less("item01", "item1"));
  EXPECT_TRUE(natural_less("item", "item1"));
  EXPECT_TRUE(natural_less("a99999999999999999999", "a100000000000000000000"));
  EXPECT_FALSE(natural_less("same", "same"));
  EXPECT_TRUE(natural_less("orders.a", "orders.b"));
}

}  // namespace
}  // namespace topicform
