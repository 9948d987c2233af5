// What the manifests let the operations touch: managed dead topics, a replay's source, groups.
#include "core/operations/dead_topics.hpp"

#include "plan_fixture.hpp"

namespace topicform {
namespace {

std::unique_ptr<Manifests> shop() {
  return desired(topic("orders.created", 3) + topic("payments.made", 1) +
                 topic("audit.logged", 1, "none", "  deadLetter: {enabled: false, reason: r}\n"));
}

TEST(DeadTopics, EveryManagedDeadTopicOrTheNamedOnes) {
  auto m = shop();
  auto all = dead_topics_to_show(m->topics, {});
  ASSERT_TRUE(all);
  EXPECT_EQ(*all, (std::vector<std::string>{"orders.created.dead", "payments.made.dead"}));
  auto named = dead_topics_to_show(m->topics, {"payments.made", "orders.created.dead"});
  EXPECT_EQ(*named, (std::vector<std::string>{"orders.created.dead", "payments.made.dead"}));
  auto unknown = dead_topics_to_show(m->topics, {"audit.logged"});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().message,
            "'audit.logged' is neither a managed dead-letter topic nor the source of one in these "
            "manifests");
}

TEST(DeadTopics, AReplayNeedsAManagedSourceWithADeadTopic) {
  auto m = shop();
  EXPECT_EQ(*replay_dead_topic(m->topics, "orders.created"), "orders.created.dead");
  EXPECT_FALSE(replay_dead_topic(m->topics, "orders.created.dead"));  // a dead topic is no source
  EXPECT_FALSE(replay_dead_topic(m->topics, "orders.unknown"));
  auto opted_out = replay_dead_topic(m->topics, "audit.logged");
  ASSERT_FALSE(opted_out);
  EXPECT_EQ(opted_out.error().message,
            "'audit.logged' has no dead-letter topic in its manifest; nothing to replay");
}

TEST(DeadTopics, AServicesGroupIsNeverAReplayGroup) {
  auto m = shop();
  EXPECT_FALSE(service_group_refusal(m->topics, "topicform-replay"));
  auto refused = service_group_refusal(m->topics, "c-service");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->message,
            "group 'c-service' is the consumer group of a service on 'orders.created': a replay "
            "keeps its own offsets and must never move a service's; choose another --group");
}

TEST(DeadTopics, GroupsAreDeclaredOnTheirSourcesOnly) {
  auto m = shop();
  EXPECT_TRUE(declares_group_on(m->topics, "c-service", "orders.created"));
  EXPECT_FALSE(declares_group_on(m->topics, "c-service", "orders.created.dead"));
  EXPECT_FALSE(declares_group_on(m->topics, "other", "orders.created"));
  EXPECT_FALSE(declares_group_on(m->topics, "c-service", "orders.unknown"));
}

}  // namespace
}  // namespace topicform
