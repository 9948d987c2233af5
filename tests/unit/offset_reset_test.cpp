// Offset resets: Kafka's options held within each partition's log, and the engine's refusals
// and read-back, on an in-memory group.
#include "engine/offset_reset_run.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

ResetRequest request(ResetTo to, std::int64_t value = 0) {
  ResetRequest r;
  r.group = "billing-service";
  r.topic = "orders.created";
  r.to = to;
  r.value = value;
  return r;
}

PartitionOffsetsNow log(std::optional<std::int64_t> committed, std::int64_t start,
                        std::int64_t end) {
  PartitionOffsetsNow now;
  now.committed = committed;
  now.log_start = start;
  now.log_end = end;
  return now;
}

TEST(OffsetReset, EachOptionMeansWhatKafkasToolMeans) {
  auto now = log(50, 10, 100);
  EXPECT_EQ(plan_partition_reset(request(ResetTo::earliest), 0, now)->target, 10);
  EXPECT_EQ(plan_partition_reset(request(ResetTo::latest), 0, now)->target, 100);
  EXPECT_EQ(plan_partition_reset(request(ResetTo::offset, 42), 0, now)->target, 42);
  EXPECT_EQ(plan_partition_reset(request(ResetTo::shift_by, 1), 0, now)->target, 51);
  EXPECT_EQ(plan_partition_reset(request(ResetTo::shift_by, -5), 0, now)->target, 45);
  now.at_time = 70;
  EXPECT_EQ(plan_partition_reset(request(ResetTo::datetime, 1), 0, now)->target, 70);
  now.at_time.reset();  // no message that recent: the log end
  EXPECT_EQ(plan_partition_reset(request(ResetTo::datetime, 1), 0, now)->target, 100);
  auto reset = plan_partition_reset(request(ResetTo::shift_by, 1), 3, now);
  EXPECT_EQ(reset->partition, 3);
  EXPECT_EQ(*reset->current, 50);
  EXPECT_EQ(reset->lag_after, 49);
  EXPECT_FALSE(reset->asked.has_value());
}

TEST(OffsetReset, AnOffsetOutsideTheLogIsClampedAndSaidSo) {
  auto now = log(50, 10, 100);
  auto past_end = plan_partition_reset(request(ResetTo::shift_by, 1'000), 0, now);
  EXPECT_EQ(past_end->target, 100);
  EXPECT_EQ(*past_end->asked, 1'050);
  auto before_start = plan_partition_reset(request(ResetTo::shift_by, -1'000), 0, now);
  EXPECT_EQ(before_start->target, 10);
  EXPECT_EQ(*before_start->asked, -950);
  auto huge = plan_partition_reset(request(ResetTo::shift_by, INT64_MAX), 0, now);
  EXPECT_EQ(huge->target, 100);
  EXPECT_EQ(*huge->asked, INT64_MAX);
  auto far = plan_partition_reset(request(ResetTo::offset, 5), 0, now);
  EXPECT_EQ(far->target, 10);
  EXPECT_EQ(far->lag_after, 90);
}

TEST(OffsetReset, AShiftNeedsACommittedOffset) {
  auto shifted = plan_partition_reset(request(ResetTo::shift_by, 1), 2, log(std::nullopt, 0, 9));
  ASSERT_FALSE(shifted);
  EXPECT_EQ(shifted.error().message,
            "group 'billing-service' has no committed offset on orders.created:2 to shift from; "
            "use --to-earliest, --to-latest or --to-offset for it");
}

TEST(OffsetReset, TimesAreReadAsKafkasToolReadsThem) {
  EXPECT_EQ(parse_reset_time("1970-01-01T00:00:01.500Z"), 1'500);
  EXPECT_EQ(parse_reset_time("1970-01-01T01:00:00+01:00"), 0);
  EXPECT_TRUE(parse_reset_time("2026-01-15T00:00:00.000").has_value());  // local time
  EXPECT_FALSE(parse_reset_time("2026-01-15").has_value());
  EXPECT_FALSE(parse_reset_time("tomorrow").has_value());
}

// A group on a two-partition topic; `live_from_read` makes members join at that activity read.
class FakeGroup : public GroupOffsets {
 public:
  int live_from_read = 0;  // 0: never live
  int activity_reads = 0;
  std::map<std::int32_t, PartitionOffsetsNow> partitions{{0, log(5, 0, 10)}, {1, log(7, 2, 20)}};
  std::vector<std::map<std::int32_t, std::int64_t>> commits;
  bool commit_ignored = false;

  Result<GroupActivity> group_activity(const std::string&) override {
    ++activity_reads;
    bool live = live_from_read > 0 && activity_reads >= live_from_read;
    return GroupActivity{true, live, live ? "Stable" : "Empty", live ? "consumer" : ""};
  }
  Result<std::map<std::int32_t, PartitionOffsetsNow>> partition_offsets(
      const std::string&, const std::string&, std::optional<std::int64_t>) override {
    return partitions;
  }
  Result<bool> commit_offsets(const std::string&, const std::string&,
                              const std::map<std::int32_t, std::int64_t>& offsets) override {
    commits.push_back(offsets);
    if (!commit_ignored) {
      for (const auto& [p, o] : offsets) partitions[p].committed = o;
    }
    return true;
  }
};

TEST(OffsetResetRun, ExecuteCommitsAndReadsBack) {
  FakeGroup group;
  auto outcome = execute_offset_reset(group, request(ResetTo::earliest));
  ASSERT_TRUE(outcome) << outcome.error().message;
  EXPECT_TRUE(outcome->written);
  ASSERT_EQ(group.commits.size(), 1u);
  EXPECT_EQ(group.commits[0], (std::map<std::int32_t, std::int64_t>{{0, 0}, {1, 2}}));
  EXPECT_EQ(group.activity_reads, 2);  // at the plan and again at the moment of writing
}

TEST(OffsetResetRun, ALiveGroupIsRefusedAndNothingIsWritten) {
  FakeGroup group;
  group.live_from_read = 1;
  auto outcome = execute_offset_reset(group, request(ResetTo::latest));
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().message,
            "group 'billing-service' has live members (state Stable, consumer protocol): Kafka "
            "moves a group's offsets only while it is stopped; stop the service first (docker "
            "compose stop app), then run this again; nothing was written");
  EXPECT_TRUE(group.commits.empty());
}

TEST(OffsetResetRun, MembersJoiningAfterThePlanAreCaughtAtTheWrite) {
  FakeGroup group;
  group.live_from_read = 2;
  EXPECT_FALSE(execute_offset_reset(group, request(ResetTo::latest)));
  EXPECT_TRUE(group.commits.empty());
  EXPECT_EQ(group.activity_reads, 2);
}

TEST(OffsetResetRun, AReadBackThatDiffersIsAnError) {
  FakeGroup group;
  group.commit_ignored = true;
  auto outcome = execute_offset_reset(group, request(ResetTo::latest));
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().message,
            "read back: group 'billing-service' on orders.created:0 holds offset 5 instead of 10; "
            "run the reset again");
}

TEST(OffsetResetRun, OnlyThePartitionsAskedForAndOnlyOnesThatExist) {
  FakeGroup group;
  auto request_one = request(ResetTo::latest);
  request_one.partitions = {1};
  auto outcome = plan_offset_reset(group, request_one);
  ASSERT_TRUE(outcome);
  ASSERT_EQ(outcome->partitions.size(), 1u);
  EXPECT_EQ(outcome->partitions[0].target, 20);
  request_one.partitions = {7};
  auto missing = plan_offset_reset(group, request_one);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message, "topic 'orders.created' has no partition 7 (it has 2)");
  EXPECT_TRUE(group.commits.empty());
}

}  // namespace
}  // namespace topicform

namespace topicform {
namespace {

TEST(OffsetReset, TheResolvedInstantIsShownInUtcWithMilliseconds) {
  EXPECT_EQ(utc_instant_text(1'709'164'800'500), "2024-02-29T00:00:00.500Z");
  EXPECT_EQ(utc_instant_text(0), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(utc_instant_text(-1), "1969-12-31T23:59:59.999Z");
}

}  // namespace
}  // namespace topicform
