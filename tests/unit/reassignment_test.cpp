// plan_reassignment(): what stays, where new replicas go, what goes, and the file it writes.
#include "core/operations/reassignment.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

using Replicas = std::vector<std::vector<std::int32_t>>;

ClusterLayout layout(std::vector<BrokerNode> brokers, ReplicaLayout topics) {
  return ClusterLayout{std::move(brokers), std::move(topics)};
}

std::vector<BrokerNode> plain(int n) {
  std::vector<BrokerNode> out;
  for (int i = 1; i <= n; ++i) out.push_back({i, std::nullopt});
  return out;
}

TEST(Reassignment, GrowingKeepsEveryReplicaAndTheLeaderAndSpreadsTheNewOnes) {
  auto moves = plan_reassignment(layout(plain(3), {{"t", Replicas{{1}, {2}, {3}}}}), {{"t", 3}});
  ASSERT_TRUE(moves);
  EXPECT_EQ(moves->at("t"), (Replicas{{1, 2, 3}, {2, 1, 3}, {3, 1, 2}}));
  std::map<std::int32_t, int> load;
  for (const auto& replicas : moves->at("t")) {
    for (auto id : replicas) ++load[id];
  }
  EXPECT_EQ(load, (std::map<std::int32_t, int>{{1, 3}, {2, 3}, {3, 3}}));
}

TEST(Reassignment, NewReplicasGoToARackThePartitionLacksFirst) {
  std::vector<BrokerNode> brokers{{1, "a"}, {2, "a"}, {3, "b"}, {4, "b"}};
  // Broker 3 is the busiest, but only b is a rack partition 0 lacks.
  auto moves = plan_reassignment(
      layout(brokers, {{"t", Replicas{{1}}}, {"other", Replicas{{3}, {3}, {2}}}}), {{"t", 2}});
  ASSERT_TRUE(moves);
  EXPECT_EQ(moves->at("t"), (Replicas{{1, 4}}));
}

TEST(Reassignment, ShrinkingKeepsTheLeaderAndRacksApart) {
  std::vector<BrokerNode> brokers{{1, "a"}, {2, "a"}, {3, "b"}};
  auto moves = plan_reassignment(layout(brokers, {{"t", Replicas{{2, 1, 3}}}}), {{"t", 2}});
  ASSERT_TRUE(moves);
  EXPECT_EQ(moves->at("t"), (Replicas{{2, 3}}));  // 1 shares rack a with the leader
  auto loaded = plan_reassignment(
      layout(plain(3), {{"t", Replicas{{1, 2, 3}}}, {"other", Replicas{{2}, {2}}}}), {{"t", 2}});
  EXPECT_EQ(loaded->at("t"), (Replicas{{1, 3}}));  // 2 is the most loaded
}

TEST(Reassignment, OnlyTopicsThatChangeAndNoMoreReplicasThanBrokers) {
  auto same = plan_reassignment(layout(plain(2), {{"t", Replicas{{1, 2}}}}), {{"t", 2}});
  ASSERT_TRUE(same);
  EXPECT_TRUE(same->empty());
  auto too_many = plan_reassignment(layout(plain(2), {{"t", Replicas{{1}}}}), {{"t", 3}});
  ASSERT_FALSE(too_many);
  EXPECT_EQ(too_many.error().message, "'t' wants 3 replicas, and the cluster has 2 brokers");
  auto missing = plan_reassignment(layout(plain(2), {}), {{"t", 2}});
  EXPECT_EQ(missing.error().message, "'t' is not on the cluster: nothing to reassign");
}

TEST(Reassignment, TheFileIsWhatKafkaReassignPartitionsTakes) {
  EXPECT_EQ(reassignment_json({{"a.b", Replicas{{1, 2}, {2, 1}}}}),
            "{\"version\": 1, \"partitions\": [\n"
            "  {\"topic\": \"a.b\", \"partition\": 0, \"replicas\": [1, 2]},\n"
            "  {\"topic\": \"a.b\", \"partition\": 1, \"replicas\": [2, 1]}\n"
            "]}\n");
}

}  // namespace
}  // namespace topicform
