// The names a topic lends to its dead-letter topic and its subject, spelled in one place.
#include "core/model/topic_names.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

TEST(TopicNames, ADeadLetterTopicIsItsSourceWithDead) {
  EXPECT_EQ(dead_letter_name("orders.created"), "orders.created.dead");
  EXPECT_TRUE(is_dead_letter_name("orders.created.dead"));
  EXPECT_EQ(dead_letter_source("orders.created.dead"), "orders.created");
}

TEST(TopicNames, DeadAloneOrInsideANameIsNoDeadLetterName) {
  EXPECT_FALSE(is_dead_letter_name(".dead"));
  EXPECT_FALSE(is_dead_letter_name("orders.dead.created"));
  EXPECT_FALSE(is_dead_letter_name("orders.created-dead"));
  EXPECT_EQ(dead_letter_source(".dead"), "");
  EXPECT_EQ(dead_letter_source("orders.created"), "");
}

TEST(TopicNames, ADeadTopicsOwnDeadTopicKeepsOneSuffixPerLevel) {
  EXPECT_EQ(dead_letter_source(dead_letter_name("orders.created.dead")), "orders.created.dead");
}

TEST(TopicNames, TheValueSubjectFollowsTheTopicNameStrategy) {
  EXPECT_EQ(value_subject("orders.created"), "orders.created-value");
}

}  // namespace
}  // namespace topicform
