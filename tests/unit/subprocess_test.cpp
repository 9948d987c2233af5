// run_process: a program that writes while it still reads (git cat-file --batch does) never
// blocks on a full pipe; limits of output and time end a run with an error.
#include "manifest/subprocess.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

TEST(Subprocess, MegabytesInWhileMegabytesComeOutDoNotDeadlock) {
  std::string input(4u << 20, 'x');  // far above a pipe's 64 KiB, both ways
  auto run = run_process({"cat"}, input, {64u << 20, std::chrono::milliseconds(20'000)});
  ASSERT_TRUE(run) << run.error().message;
  EXPECT_EQ(run->status, 0);
  EXPECT_EQ(run->out.size(), input.size());
}

TEST(Subprocess, TooMuchOutputIsAnError) {
  auto run = run_process({"head", "-c", "2000000", "/dev/zero"}, "",
                         {1000, std::chrono::milliseconds(20'000)});
  ASSERT_FALSE(run);
  EXPECT_EQ(run.error().message, "head was stopped: it wrote more than 1000 bytes");
}

TEST(Subprocess, APastDeadlineIsAnError) {
  auto run = run_process({"sleep", "30"}, "", {1000, std::chrono::milliseconds(200)});
  ASSERT_FALSE(run);
  EXPECT_EQ(run.error().message, "sleep was stopped: it ran longer than 200 ms");
}

TEST(Subprocess, AMissingProgramIsAnError) {
  auto run = run_process({"no-such-program-here"}, "");
  ASSERT_FALSE(run);
  EXPECT_EQ(run.error().message, "cannot run no-such-program-here: No such file or directory");
}

TEST(Subprocess, ExitStatusAndStderrAreKept) {
  auto run = run_process({"sh", "-c", "echo oops >&2; exit 3"}, "");
  ASSERT_TRUE(run);
  EXPECT_EQ(run->status, 3);
  EXPECT_EQ(run->err, "oops\n");
}

}  // namespace
}  // namespace topicform
