// The Kafka 4.x topic config table: known keys, value checks, "did you mean", normalisation.
#include "core/model/topic_configs.hpp"

#include "core/text/spelling.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

TEST(TopicConfigs, KnowsKafka4KeysAndNotRemovedOnes) {
  EXPECT_NE(find_topic_config("retention.ms"), nullptr);
  EXPECT_NE(find_topic_config("min.insync.replicas"), nullptr);
  EXPECT_EQ(find_topic_config("message.format.version"), nullptr);
  EXPECT_TRUE(is_removed_in_kafka4("message.format.version"));
  EXPECT_FALSE(is_removed_in_kafka4("retention.ms"));
}

TEST(TopicConfigs, SuggestsTheClosestKey) {
  EXPECT_EQ(closest_topic_config("retention.mss"), "retention.ms");
  EXPECT_EQ(closest_topic_config("min.insync.replica"), "min.insync.replicas");
  EXPECT_EQ(closest_topic_config("completely.unrelated.thing"), std::nullopt);
}

TEST(TopicConfigs, ChecksValueTypesAndRanges) {
  const auto& segment = *find_topic_config("segment.bytes");
  EXPECT_EQ(check_config_value(segment, "1073741824"), std::nullopt);
  EXPECT_EQ(check_config_value(segment, "10"), "must be at least 1048576, got 10");
  EXPECT_EQ(check_config_value(segment, "big"), "must be a whole number, got 'big'");
  const auto& ratio = *find_topic_config("min.cleanable.dirty.ratio");
  EXPECT_EQ(check_config_value(ratio, "0.5"), std::nullopt);
  EXPECT_EQ(check_config_value(ratio, "1.5"), "must be between 0 and 1, got 1.5");
  const auto& preallocate = *find_topic_config("preallocate");
  EXPECT_EQ(check_config_value(preallocate, "yes"), "must be true or false, got 'yes'");
  const auto& compression = *find_topic_config("compression.type");
  EXPECT_EQ(check_config_value(compression, "zstd"), std::nullopt);
  EXPECT_EQ(check_config_value(compression, "brotli"),
            "must be one of uncompressed, zstd, lz4, snappy, gzip, producer, got 'brotli'");
}

// Every whole-number key at its bounds: the minimum and the maximum are accepted (a long with no
// stated maximum up to Kafka's own, 9223372036854775807, the default of max.compaction.lag.ms),
// one past either refused.
TEST(TopicConfigs, EveryWholeNumberKeyAtItsBounds) {
  constexpr long long kLongMax = 9223372036854775807LL;
  int walked = 0;
  for (const auto& info : topic_configs()) {
    if (info.type != ConfigType::integer && info.type != ConfigType::long_integer) continue;
    ++walked;
    auto low = static_cast<long long>(info.minimum);
    bool unbounded = info.maximum >= kNoUpperLimit;
    long long high = unbounded ? kLongMax : static_cast<long long>(info.maximum);
    EXPECT_EQ(check_config_value(info, std::to_string(low)), std::nullopt) << info.key;
    EXPECT_EQ(check_config_value(info, std::to_string(high)), std::nullopt) << info.key;
    EXPECT_NE(check_config_value(info, std::to_string(low - 1)), std::nullopt) << info.key;
    std::string past = unbounded ? "9223372036854775808" : std::to_string(high + 1);
    EXPECT_NE(check_config_value(info, past), std::nullopt) << info.key;
  }
  EXPECT_GE(walked, 20);
}

TEST(TopicConfigs, NormalisesListsTheWayTheBrokerReportsThem) {
  EXPECT_EQ(normalise_config_value("cleanup.policy", "compact, delete"), "compact,delete");
  EXPECT_EQ(normalise_config_value("retention.ms", " 100 "), "100");
}

TEST(EditDistance, CountsEdits) {
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("same", "same"), 0u);
}

}  // namespace
}  // namespace topicform
