// Loading files on several threads (every index once, errors carried back, file order kept), and
// the bounded, non-blocking read of one file.
#include "manifest/project_loader.hpp"

#include <sys/stat.h>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "core/ground/parallel_for.hpp"
#include "manifest/read_file.hpp"

namespace topicform {
namespace {

namespace fs = std::filesystem;

TEST(ParallelFor, CallsEveryIndexExactlyOnce) {
  std::vector<std::atomic<int>> calls(1000);
  parallel_for(calls.size(), 4, [&](std::size_t i) { ++calls[i]; });
  for (std::size_t i = 0; i < calls.size(); ++i) EXPECT_EQ(calls[i], 1) << i;
  parallel_for(0, 4, [](std::size_t) { FAIL() << "no index to call"; });
  std::atomic<int> one{0};
  parallel_for(1, 8, [&](std::size_t) { ++one; });
  EXPECT_EQ(one, 1);
}

TEST(ParallelFor, RethrowsAFailureOnceEveryThreadHasStopped) {
  std::atomic<int> running{0};
  auto run = [&] {
    parallel_for(1000, 3, [&](std::size_t i) {
      ++running;
      if (i == 5) {
        --running;
        throw std::runtime_error("file 5");
      }
      --running;
    });
  };
  EXPECT_THROW(run(), std::runtime_error);
  EXPECT_EQ(running, 0);  // joined: no call is still going when the failure arrives
}

TEST(ParallelFor, CountsTheCpusThisProcessMayUse) { EXPECT_GE(usable_cpus(), 1u); }

class ManyFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    // The process id, not gtest's seed: ctest starts each test as its own process, and two
    // started in the same millisecond drew the same seed and shared (and removed) one folder.
    m_dir = fs::temp_directory_path() /
            fmt::format("topicform-loader-{}-{}", ::getpid(),
                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
  }
  void TearDown() override { fs::remove_all(m_dir); }

  void write(const std::string& name, const std::string& text) {
    std::ofstream(m_dir / name) << text;
  }

  fs::path m_dir;
};

std::string topic(int i) {
  return fmt::format(
      "apiVersion: topicform/v1\nkind: Topic\nmetadata: {{name: d.t{:03}.events}}\n"
      "spec: {{partitions: {}}}\n",
      i, i % 7 + 1);
}

TEST_F(ManyFiles, KeepsFileOrderWhateverThreadFinishesFirst) {
  for (int i = 0; i < 200; ++i) {
    write(fmt::format("t{:03}.yaml", i), i % 50 == 7 ? "spec: [unclosed\n" : topic(i));
  }
  Project project = load_project({m_dir.string()});
  ASSERT_EQ(project.files.size(), 200u);
  std::vector<std::string> names, broken;
  for (const auto& spec : project.topics) names.push_back(spec.name.value);
  for (const auto& d : project.diagnostics) broken.push_back(fs::path(d.at.file.str()).filename());
  std::vector<std::string> expected;
  for (int i = 0; i < 200; ++i) {
    if (i % 50 != 7) expected.push_back(fmt::format("d.t{:03}.events", i));
  }
  EXPECT_EQ(names, expected);
  EXPECT_EQ(broken, (std::vector<std::string>{"t007.yaml", "t057.yaml", "t107.yaml", "t157.yaml"}));
}

TEST_F(ManyFiles, AFileOfSeveralTopicsKeepsThemBetweenItsNeighbours) {
  for (int i = 0; i < 120; ++i) {
    std::string text = topic(i);
    if (i % 40 == 3) text += "---\n" + topic(1000 + i) + "---\n" + topic(2000 + i);
    write(fmt::format("t{:03}.yaml", i), i % 40 == 9 ? "kind: Nothing\n" : text);
  }
  Project project = load_project({m_dir.string()});
  std::vector<std::string> names, expected;
  for (const auto& spec : project.topics) names.push_back(spec.name.value);
  for (int i = 0; i < 120; ++i) {
    if (i % 40 == 9) continue;
    expected.push_back(fmt::format("d.t{:03}.events", i));
    if (i % 40 != 3) continue;
    expected.push_back(fmt::format("d.t{:03}.events", 1000 + i));
    expected.push_back(fmt::format("d.t{:03}.events", 2000 + i));
  }
  EXPECT_EQ(names, expected);
  EXPECT_EQ(project.diagnostics.size(), 3u);  // the three files that are no manifest
}

TEST_F(ManyFiles, ReportsTheSecondSettingsDocumentInFileOrder) {
  std::string settings = "apiVersion: topicform/v1\nkind: Settings\nspec: {}\n";
  for (int i = 0; i < 64; ++i) write(fmt::format("t{:03}.yaml", i), topic(i));
  write("a.yaml", settings);
  write("z.yaml", settings);
  Project project = load_project({m_dir.string()});
  EXPECT_EQ(fs::path(project.settings.at.file.str()).filename(), "a.yaml");
  ASSERT_EQ(project.diagnostics.size(), 1u);
  EXPECT_EQ(project.diagnostics[0].rule, "manifest/settings");
  EXPECT_EQ(fs::path(project.diagnostics[0].at.file.str()).filename(), "z.yaml");
  EXPECT_EQ(project.topics.size(), 64u);
}

TEST_F(ManyFiles, ReadsAFileWholeOnlyWhenRegularAndWithinTheLimit) {
  write("a.yaml", "twelve bytes");
  FileRead whole = read_file_at_most((m_dir / "a.yaml").string(), 12);
  EXPECT_EQ(whole.status, FileRead::Status::ok);
  EXPECT_EQ(whole.text, "twelve bytes");
  FileRead large = read_file_at_most((m_dir / "a.yaml").string(), 11);
  EXPECT_EQ(large.status, FileRead::Status::too_large);
  EXPECT_EQ(large.size, 12u);
  EXPECT_EQ(large.text, "");
  EXPECT_EQ(read_file_at_most((m_dir / "none.yaml").string(), 12).status,
            FileRead::Status::unreadable);
  EXPECT_EQ(read_file_at_most(m_dir.string(), 12).status, FileRead::Status::not_regular);
  // Opened without a writer: a blocking open would never return.
  ASSERT_EQ(::mkfifo((m_dir / "pipe.yaml").c_str(), 0600), 0);
  EXPECT_EQ(read_file_at_most((m_dir / "pipe.yaml").string(), 12).status,
            FileRead::Status::not_regular);
  EXPECT_EQ(read_regular_file((m_dir / "pipe.yaml").string()), std::nullopt);
  EXPECT_EQ(read_regular_file((m_dir / "a.yaml").string()), "twelve bytes");
}

}  // namespace
}  // namespace topicform
