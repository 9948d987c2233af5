// The IncrementalAlterConfigs operations derived from a planned config change.
#include "cluster/incremental_configs.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

TEST(IncrementalOperations, SetsChangedKeysDeletesResetOnesAndLeavesTheRest) {
  AlterConfig change;
  change.name = "orders.created";
  // The desired set holds a throttle another tool set; it does not change, so it is not sent.
  change.desired = {{"retention.ms", "432000000"},
                    {"min.insync.replicas", "2"},
                    {"leader.replication.throttled.replicas", "*"}};
  change.changes = {{"retention.ms", "259200000", "432000000"},
                    {"min.insync.replicas", std::nullopt, "2"},
                    {"segment.ms", "3600000", std::nullopt}};
  std::vector<ConfigOperation> want = {
      {"retention.ms", "432000000"}, {"min.insync.replicas", "2"}, {"segment.ms", std::nullopt}};
  EXPECT_EQ(incremental_operations(change), want);
}

TEST(IncrementalOperations, NothingChangedSendsNothing) {
  AlterConfig change;
  change.name = "orders.created";
  change.desired = {{"retention.ms", "432000000"}};
  EXPECT_TRUE(incremental_operations(change).empty());
}

}  // namespace
}  // namespace topicform
