// A bound on work that may never return: the caller goes on at the bound, the work goes on alone.
#include "cluster/bounded_close.hpp"

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include <gtest/gtest.h>

namespace topicform {
namespace {

using namespace std::chrono_literals;

TEST(FinishWithin, WorkThatEndsInTimeIsWaitedFor) {
  bool ran = false;
  EXPECT_TRUE(finish_within([&ran] { ran = true; }, 10s));
  EXPECT_TRUE(ran);
}

TEST(FinishWithin, WorkPastTheBoundIsLeftRunningAndTheCallerGoesOn) {
  auto release = std::make_shared<std::promise<void>>();
  auto ended = std::make_shared<std::promise<void>>();
  std::shared_future<void> released = release->get_future().share();
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(finish_within(
      [released, ended] {
        released.wait();  // stands for a destroy that joins a thread which never ends
        ended->set_value();
      },
      50ms));
  auto waited = std::chrono::steady_clock::now() - start;
  EXPECT_GE(waited, 50ms);
  EXPECT_LT(waited, 5s);
  auto finished = ended->get_future();
  EXPECT_EQ(finished.wait_for(0ms), std::future_status::timeout);  // still running
  release->set_value();
  EXPECT_EQ(finished.wait_for(10s), std::future_status::ready);  // and ends on its own
}

}  // namespace
}  // namespace topicform
