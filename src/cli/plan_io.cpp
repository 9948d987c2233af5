// Files are read and written here so that the engine and the renderers stay free of I/O.
#include "cli/plan_io.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cluster/snapshot.hpp"
#include "core/plan/fingerprint.hpp"
#include "log/log.hpp"
#include "manifest/read_file.hpp"
#include "render/plan_file.hpp"

namespace topicform {

std::string digest_of(const CheckedProject& checked) {
  return desired_digest(checked.topics, checked.project.settings, checked.environment);
}

Result<bool> write_text_file(const std::string& path, const std::string& text, const char* what) {
  std::ofstream out(path);
  out << text;
  out.close();
  if (!out) return Error{fmt::format("cannot write {} '{}'", what, path)};
  return true;
}

namespace {

// A plan or snapshot file is a few kilobytes per topic; anything far larger is not one.
constexpr std::uintmax_t kMaxSavedBytes = 256ULL << 20;

// The text of a saved file (`what`: "plan", "cluster snapshot"), or why it cannot be read.
Result<std::string> read_saved_file(const std::string& path, const char* what) {
  FileRead read = read_file_at_most(path, kMaxSavedBytes);
  if (read.status == FileRead::Status::not_regular || read.status == FileRead::Status::too_large) {
    return Error{
        fmt::format("cannot read {} '{}': not a regular file of at most 256 MiB", what, path)};
  }
  if (read.status != FileRead::Status::ok) {
    return Error{
        fmt::format("cannot read {} '{}': no such file, or it may not be read", what, path)};
  }
  return std::move(read.text);
}

}  // namespace

Result<ClusterState> load_snapshot_file(const std::string& path) {
  auto text = read_saved_file(path, "cluster snapshot");
  if (!text) return text.error();
  auto state = parse_snapshot(*text);
  if (!state) return Error{fmt::format("cluster snapshot '{}': {}", path, state.error().message)};
  return state;
}

Result<std::vector<SavedPlan>> load_plans_file(const std::string& path) {
  auto text = read_saved_file(path, "plan");
  if (!text) return text.error();
  auto saved = read_plans_file(*text);
  if (!saved) return Error{fmt::format("plan '{}': {}", path, saved.error().message)};
  return saved;
}

std::vector<std::string> absolute_paths(const std::vector<std::string>& paths) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& path : paths) {
    auto absolute = std::filesystem::absolute(path, ec);
    out.push_back(ec ? path : absolute.lexically_normal().string());
  }
  return out;
}

int fail(const std::string& message) {
  log_error(message);
  return kExitFailure;
}

}  // namespace topicform
