// The record counts parts are sized by, and the split of a part the controller finds too large.
#include "cluster/write_parts.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

CreateTopic topic(std::string name, std::int64_t partitions, ConfigMap configs) {
  return CreateTopic{std::move(name), partitions, 1, std::move(configs), "", {}};
}

// Measured on Kafka 4.1.1 (one node): a validate-only CreateTopics of 1,250 topics of 1 partition
// with five configs, min.insync.replicas among them, was accepted and 1,251 refused, so such a
// topic is 8 records; 1,666 topics of 4 other configs were accepted and 1,667 refused (6 each).
TEST(WriteParts, CreateCountsWhatTheControllerWrites) {
  ConfigMap four{{"retention.ms", "1"},
                 {"cleanup.policy", "delete"},
                 {"segment.bytes", "1"},
                 {"max.message.bytes", "1"}};
  EXPECT_EQ(create_records(topic("a", 1, four)), 6u);
  ConfigMap five = four;
  five["min.insync.replicas"] = "1";
  EXPECT_EQ(create_records(topic("a", 1, five)), 8u);
  EXPECT_EQ(create_records(topic("a", 3, five)), 10u);
  EXPECT_EQ(create_records(topic("a", 3, {})), 4u);
}

TEST(WriteParts, AlterCountsChangedKeysAndTheElrRecord) {
  AlterConfig change{"a", {{"retention.ms", "1"}, {"min.insync.replicas", "2"}}, {}, false, {}};
  change.changes = {{"retention.ms", "2", "1"}};
  EXPECT_EQ(alter_records(change, true), 1u);
  change.changes.push_back({"min.insync.replicas", "1", "2"});
  EXPECT_EQ(alter_records(change, true), 3u);
  EXPECT_EQ(alter_records(change, false), 5u);
}

// 2,000 topics of 3 partitions with min.insync.replicas and three more configs, and their dead
// topics: every part stays under the controller's 10,000 records as it counts them.
TEST(WriteParts, PartsOfALargeCreateStayUnderTheControllersLimit) {
  ConfigMap source{{"retention.ms", "1"},
                   {"cleanup.policy", "delete"},
                   {"segment.bytes", "1"},
                   {"min.insync.replicas", "1"}};
  ConfigMap dead{{"retention.ms", "1"}, {"cleanup.policy", "delete"}, {"min.insync.replicas", "1"}};
  std::vector<CreateTopic> topics;
  for (int i = 0; i < 2000; ++i) {
    topics.push_back(topic("t" + std::to_string(i), 3, source));
    topics.push_back(topic("t" + std::to_string(i) + ".dead", 1, dead));
  }
  auto parts = chunks(topics, create_records);
  std::size_t total = 0;
  for (const auto& part : parts) {
    std::size_t records = 0;
    for (const auto& t : part) records += create_records(t);
    EXPECT_LE(records, kMaxRecordsPerRequest);
    total += part.size();
  }
  EXPECT_EQ(total, topics.size());
  EXPECT_EQ(parts.size(), 4u);  // 2,000 x (9 + 6) = 30,000 records
}

TEST(WriteParts, TooLargeOnlyWhenEveryTopicSaysSo) {
  TopicOutcome big{"a", false, false, "Unable to perform excessively large batch operation.",
                   false};
  TopicOutcome other{"b", false, false, "Topic 'b' already exists.", false};
  EXPECT_TRUE(refused_as_too_large({big, big}));
  EXPECT_FALSE(refused_as_too_large({big, other}));
  EXPECT_FALSE(refused_as_too_large({}));
  TopicOutcome partitions{"c", false, false, "Excessively large number of partitions per request.",
                          false};
  EXPECT_TRUE(refused_as_too_large({partitions}));
}

// A controller that accepts at most `limit` topics a request: the sender halves until each
// request fits, and every topic comes back accepted, in order.
TEST(WriteParts, APartRefusedForItsSizeIsSplitAndSentAgain) {
  std::vector<std::string> names;
  for (int i = 0; i < 10; ++i) names.push_back("t" + std::to_string(i));
  std::vector<std::size_t> sizes;
  auto controller = [&](const std::vector<std::string>& part) -> Result<std::vector<TopicOutcome>> {
    sizes.push_back(part.size());
    std::vector<TopicOutcome> out;
    for (const auto& name : part) {
      if (part.size() > 3) {
        out.push_back(
            {name, false, false, "Unable to perform excessively large batch operation.", false});
      } else {
        out.push_back({name, true, false, "", false});
      }
    }
    return out;
  };
  auto outcomes = send_splitting(names, controller);
  ASSERT_TRUE(outcomes);
  ASSERT_EQ(outcomes->size(), 10u);
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ((*outcomes)[i].topic, names[i]);
    EXPECT_TRUE((*outcomes)[i].ok);
  }
  EXPECT_EQ(sizes, (std::vector<std::size_t>{10, 5, 2, 3, 5, 2, 3}));
}

TEST(WriteParts, ALoneTopicRefusedForItsSizeIsReportedAsIs) {
  std::vector<std::string> one{"huge"};
  int calls = 0;
  auto controller = [&](const std::vector<std::string>& part) -> Result<std::vector<TopicOutcome>> {
    ++calls;
    return std::vector<TopicOutcome>{
        {part[0], false, false, "Unable to perform excessively large batch operation.", false}};
  };
  auto outcomes = send_splitting(one, controller);
  ASSERT_TRUE(outcomes);
  EXPECT_FALSE((*outcomes)[0].ok);
  EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace topicform
