// recount_dead_letters: only the uncounted dead topics are read again, until counted or the
// time budget is spent.
#include "engine/dead_counts.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

// A cluster whose dead topic's leader answers offsets only from its `answers_from`-th read on.
class LateLeader : public ClusterReader {
 public:
  explicit LateLeader(int answers_from) : m_answers_from(answers_from) {}
  Result<ClusterState> read(const ReadRequest& request) override {
    requests.push_back(request.managed);
    ClusterState state;
    state.dead_messages["a.dead"] =
        static_cast<int>(requests.size()) >= m_answers_from ? 2 : kUncountedMessages;
    return state;
  }
  std::vector<std::vector<std::string>> requests;

 private:
  int m_answers_from;
};

ClusterState read_right_after_create() {
  ClusterState state;
  state.dead_messages = {{"a.dead", kUncountedMessages}, {"b.dead", 0}};
  return state;
}

TEST(DeadCounts, AnUncountedDeadTopicIsReadAgainUntilItsLeaderAnswers) {
  LateLeader reader(3);
  ClusterState state = read_right_after_create();
  int slept = 0;
  recount_dead_letters(reader, state, 30'000, [&](int ms) { slept += ms; });
  EXPECT_EQ(state.dead_messages.at("a.dead"), 2);
  EXPECT_EQ(state.dead_messages.at("b.dead"), 0);
  ASSERT_EQ(reader.requests.size(), 3u);
  for (const auto& managed : reader.requests) {
    EXPECT_EQ(managed, std::vector<std::string>{"a.dead"});  // only the one not counted
  }
  EXPECT_EQ(slept, 100 + 200 + 400);
}

TEST(DeadCounts, TheWaitEndsAtTheTimeoutWithTheTopicStillUncounted) {
  LateLeader reader(1'000);
  ClusterState state = read_right_after_create();
  int slept = 0;
  recount_dead_letters(reader, state, 2'000, [&](int ms) { slept += ms; });
  EXPECT_EQ(state.dead_messages.at("a.dead"), kUncountedMessages);
  EXPECT_EQ(slept, 2'000);
}

TEST(DeadCounts, NothingIsReadWhenEveryDeadTopicWasCounted) {
  LateLeader reader(1);
  ClusterState state;
  state.dead_messages = {{"b.dead", 0}};
  recount_dead_letters(reader, state, 30'000, [](int) {});
  EXPECT_TRUE(reader.requests.empty());
}

}  // namespace
}  // namespace topicform
