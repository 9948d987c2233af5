// Dead-letter triage by cause and the header rules of a replay, on records made in memory.
#include "core/operations/dead_letters.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

DeadRecord parked(const std::string& error, std::int64_t origin_offset, const std::string& at,
                  const std::string& group = "billing-service") {
  DeadRecord record;
  record.key = "A-" + std::to_string(origin_offset);
  record.headers = {{"trace", "t1"},
                    {"dead-origin-topic", "orders.created"},
                    {"dead-origin-partition", std::to_string(origin_offset % 3)},
                    {"dead-origin-offset", std::to_string(origin_offset)},
                    {"dead-consumer-group", group},
                    {"dead-attempts", "3"},
                    {"dead-error", error},
                    {"dead-at", at}};
  return record;
}

TEST(DeadLetterTriage, GroupsByCauseWithCountsTimesGroupsAndOrigin) {
  DeadLetterTriage triage;
  triage.add(parked("KeyError: 'total'", 57, "2026-01-15T12:40:11+00:00"));
  triage.add(parked("KeyError: 'total'", 12, "2026-01-15T12:30:00+00:00", "audit"));
  triage.add(parked("KeyError: 'total'", 90, "2026-01-15T13:40:11+01:00"));
  triage.add(parked("ValueError: bad", 3, "2026-01-15T12:00:00Z"));
  auto causes = triage.causes();
  ASSERT_EQ(causes.size(), 2u);
  const auto& total = causes[0];
  EXPECT_EQ(total.cause, "KeyError: 'total'");
  EXPECT_EQ(total.messages, 3);
  EXPECT_EQ(*total.first_at, "2026-01-15T12:30:00+00:00");
  EXPECT_EQ(*total.last_at, "2026-01-15T12:40:11+00:00");  // 13:40:11+01:00 is the same time
  EXPECT_EQ(total.groups, (std::set<std::string>{"audit", "billing-service"}));
  EXPECT_EQ(total.origin_partitions, (std::set<std::int32_t>{0}));
  EXPECT_EQ(*total.first_offset, 12);
  EXPECT_EQ(*total.last_offset, 90);
  EXPECT_EQ(*total.min_attempts, 3);
  EXPECT_EQ(*total.sample_key, "A-57");
  EXPECT_EQ(causes[1].messages, 1);
  EXPECT_EQ(triage.messages(), 4);
  EXPECT_EQ(triage.without_cause().messages, 0);
}

TEST(DeadLetterTriage, MessagesWithoutTheHeadersAreCountedApart) {
  DeadLetterTriage triage;
  DeadRecord bare;
  bare.key = std::nullopt;
  triage.add(bare);
  triage.add(bare);
  EXPECT_TRUE(triage.causes().empty());
  EXPECT_EQ(triage.without_cause().messages, 2);
  EXPECT_EQ(triage.without_cause().unreadable_times, 2);
  EXPECT_FALSE(triage.without_cause().sample_key.has_value());
}

TEST(DeadLetterTriage, TheLastOfRepeatedHeadersIsTheNewerFailure) {
  DeadRecord twice = parked("KeyError: 'total'", 1, "2026-01-15T12:40:11+00:00");
  twice.headers.push_back({"dead-error", "TimeoutError: db"});
  DeadLetterTriage triage;
  triage.add(twice);
  ASSERT_EQ(triage.causes().size(), 1u);
  EXPECT_EQ(triage.causes()[0].cause, "TimeoutError: db");
}

TEST(DeadLetterTriage, BadHeadersAreCountedNeverTrusted) {
  DeadRecord odd = parked(std::string(100'000, 'x'), 1, "yesterday");
  odd.headers.push_back({"dead-origin-partition", "-4"});
  odd.headers.push_back({"dead-attempts", "many"});
  odd.key = std::string("\xff\xfe", 2);
  DeadLetterTriage triage;
  triage.add(odd);
  const auto cause = triage.causes().at(0);
  EXPECT_EQ(cause.cause.size(), DeadLetterTriage::kMaxCauseBytes);
  EXPECT_EQ(cause.unreadable_times, 1);
  EXPECT_FALSE(cause.first_at.has_value());
  EXPECT_TRUE(cause.origin_partitions.empty());
  EXPECT_FALSE(cause.min_attempts.has_value());
  EXPECT_EQ(*cause.sample_key, std::string("\xff\xfe", 2));
}

TEST(DeadLetterTriage, MemoryIsBoundedByCausesAndListedItems) {
  DeadLetterTriage triage;
  for (int i = 0; i < 10'050; ++i) {
    triage.add(parked("E" + std::to_string(i), i, "2026-01-15T12:40:11Z", "g" + std::to_string(i)));
  }
  auto causes = triage.causes();
  EXPECT_EQ(causes.size(), DeadLetterTriage::kMaxCauses + 1);
  EXPECT_EQ(causes[0].cause, DeadLetterTriage::kOtherCauses);
  EXPECT_EQ(causes[0].messages, 50);
  EXPECT_EQ(causes[0].groups.size(), DeadLetterTriage::kMaxListed);
  EXPECT_TRUE(causes[0].lists_cut);
}

TEST(ReplayHeaders, OnlyTheSevenServiceHeadersAreLeftOut) {
  for (auto name : kDeadLetterHeaders) EXPECT_TRUE(is_service_header(name)) << name;
  EXPECT_FALSE(is_service_header("trace"));
  EXPECT_FALSE(is_service_header("dead-"));
  EXPECT_FALSE(is_service_header("Dead-Error"));  // header names are compared exactly
  EXPECT_FALSE(is_service_header("dead-error "));
}

TEST(ReplayHeaders, TheOriginPartitionIsUsedOnlyWhenItFitsTheSource) {
  const std::optional<std::string_view> absent;
  EXPECT_EQ(origin_partition("orders.created", "2", "orders.created", 3), 2);
  // A source that shrank (never), another topic's partition, a partition that is not a number.
  EXPECT_EQ(origin_partition("orders.created", "2", "orders.created", 2), std::nullopt);
  EXPECT_EQ(origin_partition("payments", "2", "orders.created", 3), std::nullopt);
  EXPECT_EQ(origin_partition("orders.created", "x", "orders.created", 3), std::nullopt);
  EXPECT_EQ(origin_partition("orders.created", "-1", "orders.created", 3), std::nullopt);
  EXPECT_EQ(origin_partition(absent, "2", "orders.created", 3), std::nullopt);
  EXPECT_EQ(origin_partition("orders.created", absent, "orders.created", 3), std::nullopt);
}

TEST(DeadAt, TheRunbooksFormatAndItsVariantsAreTimes) {
  EXPECT_EQ(parse_dead_at("1970-01-01T00:00:01+00:00"), 1000);
  EXPECT_EQ(parse_dead_at("1970-01-01T00:00:01.250Z"), 1250);
  EXPECT_EQ(parse_dead_at("1970-01-01T03:00:01+03:00"), 1000);
  EXPECT_EQ(parse_dead_at("1970-01-01T00:00:01-01:30"), 5'401'000);
  for (const char* bad :
       {"", "yesterday", "1970-01-01T00:00:01", "1970-13-01T00:00:01Z", "1970-01-01T00:00:01+25:00",
        "1970-01-01 00:00:01Z", "1970-01-01T00:00:01Zjunk"}) {
    EXPECT_EQ(parse_dead_at(bad), std::nullopt) << bad;
  }
}

}  // namespace
}  // namespace topicform
