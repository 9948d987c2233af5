// A ListOffsets answer read partition by partition, as both librdkafka paths give it.
#include "cluster/offset_answers.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace topicform {
namespace {

struct ListDeleter {
  void operator()(rd_kafka_topic_partition_list_t* l) const {
    rd_kafka_topic_partition_list_destroy(l);
  }
};
using List = std::unique_ptr<rd_kafka_topic_partition_list_t, ListDeleter>;

// orders.dead/0 at offset 4, orders.dead/1 led by a broker that is moving it, and
// shipped.dead/0, created moments ago, not known yet to the broker that answered.
List answer_after_a_create() {
  List list(rd_kafka_topic_partition_list_new(3));
  rd_kafka_topic_partition_list_add(list.get(), "orders.dead", 0)->offset = 4;
  auto* moving = rd_kafka_topic_partition_list_add(list.get(), "orders.dead", 1);
  moving->offset = -1;
  moving->err = RD_KAFKA_RESP_ERR_NOT_LEADER_FOR_PARTITION;
  auto* unknown = rd_kafka_topic_partition_list_add(list.get(), "shipped.dead", 0);
  unknown->offset = -1;
  unknown->err = RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART;
  return list;
}

const PartitionOffsets kPerPartition = {
    {{"orders.dead", 0}, 4}, {{"orders.dead", 1}, kUncounted}, {{"shipped.dead", 0}, kGoneTopic}};

TEST(OffsetAnswers, ListOffsetsReportsEachPartitionsOwnError) {
  auto list = answer_after_a_create();
  auto read = offsets_of_answer(RD_KAFKA_RESP_ERR_NO_ERROR, *list);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(*read, kPerPartition);
}

// offsets_for_times (librdkafka 2.0.2) returns a partition's error as the call's too: a topic
// unknown to the broker that answered failed the whole plan right after a large create.
TEST(OffsetAnswers, OffsetsForTimesCallErrorOfAPartitionIsReadPerPartition) {
  auto list = answer_after_a_create();
  for (auto call :
       {RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART, RD_KAFKA_RESP_ERR_NOT_LEADER_FOR_PARTITION}) {
    auto read = offsets_of_answer(call, *list);
    ASSERT_TRUE(read) << rd_kafka_err2name(call) << ": " << read.error().message;
    EXPECT_EQ(*read, kPerPartition) << rd_kafka_err2name(call);
  }
}

TEST(OffsetAnswers, AnErrorNoPartitionExplainsFailsTheRead) {
  auto list = answer_after_a_create();
  auto refused = offsets_of_answer(RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED, *list);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message,
            rd_kafka_err2str(RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED));
  list->elems[0].err = RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED;
  auto partly = offsets_of_answer(RD_KAFKA_RESP_ERR_NO_ERROR, *list);
  ASSERT_FALSE(partly);
  EXPECT_EQ(partly.error().message, rd_kafka_err2str(RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED));
}

}  // namespace
}  // namespace topicform
