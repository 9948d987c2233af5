// All-or-nothing file writing: every path is checked before the first byte is written, and no
// link is followed out of the folder asked for.
#include "cli/new_files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "core/text/visible_text.hpp"
#include "log/log.hpp"
#include "manifest/read_file.hpp"

namespace topicform {
namespace fs = std::filesystem;

namespace {

// Why the existing entry at `path` cannot be written as a file; nullopt when it may be.
std::optional<std::string> unsafe_leaf(const fs::path& path, bool may_replace) {
  std::error_code ec;
  auto status = fs::symlink_status(path, ec);
  if (ec || !fs::exists(status)) return std::nullopt;
  if (fs::is_symlink(status)) {
    return fmt::format("'{}' is a symbolic link: it is not followed", path.string());
  }
  if (!fs::is_regular_file(status)) {
    return fmt::format("'{}' exists and is not a regular file", path.string());
  }
  if (!may_replace) return fmt::format("'{}' exists already", path.string());
  return std::nullopt;
}

}  // namespace

std::optional<std::string> unsafe_target(const fs::path& base, const fs::path& path,
                                         bool may_replace) {
  fs::path relative = path.lexically_normal().lexically_relative(base.lexically_normal());
  if (relative.empty() || *relative.begin() == ".." || relative == ".") {
    return fmt::format("'{}' is outside '{}'", path.string(), base.string());
  }
  fs::path folder = base;
  std::error_code ec;
  for (auto part = relative.begin(); std::next(part) != relative.end(); ++part) {
    folder /= *part;
    auto status = fs::symlink_status(folder, ec);
    if (ec || !fs::exists(status)) break;  // made fresh from here on
    if (fs::is_symlink(status)) {
      return fmt::format("'{}' is a symbolic link: it is not followed", folder.string());
    }
    if (!fs::is_directory(status)) {
      return fmt::format("'{}' is a file where a folder must be", folder.string());
    }
  }
  return unsafe_leaf(path, may_replace);
}

Result<bool> write_file_no_follow(const fs::path& path, const std::string& text, bool replace) {
  int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (replace ? O_TRUNC : O_EXCL);
  int fd = ::open(path.c_str(), flags, 0644);
  if (fd < 0) {
    return Error{fmt::format("cannot write '{}': {}", path.string(), std::strerror(errno))};
  }
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  bool closed = ::close(fd) == 0;
  if (done != text.size() || !closed) {
    return Error{fmt::format("cannot write '{}': {}", path.string(), std::strerror(errno))};
  }
  return true;
}

Result<bool> write_new_files(const fs::path& base, const NewFiles& files, bool replace,
                             bool log_each) {
  for (const auto& [path, text] : files) {
    if (auto why = unsafe_target(base, path, replace)) {
      return Error{*why + "; nothing was written"};
    }
  }
  std::error_code ec;
  for (const auto& [path, text] : files) {
    if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
    if (auto written = write_file_no_follow(path, text, replace); !written) return written;
    if (log_each) log_info(fmt::format("wrote {}", visible(path.string())));
  }
  return true;
}

namespace {

// The names the previous run listed in `dir`/`list_name`: read only from a regular file of
// bounded size (a link or a FIFO there is not ours).
std::set<std::string> listed_before(const fs::path& dir, const std::string& list_name) {
  std::set<std::string> out;
  auto text = read_regular_file((dir / list_name).string(), 64ULL << 20);
  if (!text || fs::is_symlink(fs::symlink_status(dir / list_name))) return out;
  std::istringstream lines(*text);
  for (std::string line; std::getline(lines, line);) out.insert(line);
  return out;
}

// Removes a stale file: only a regular file reached from `dir` through real folders, never
// through a link (a listed 'sub/page.md' whose 'sub' is a link leads out of DIR).
void remove_stale(const fs::path& dir, const std::string& stale) {
  if (stale.empty() || stale[0] == '/') return;
  fs::path path = dir / stale;
  if (unsafe_target(dir, path, true)) return;
  std::error_code ec;
  if (fs::is_regular_file(fs::symlink_status(path, ec))) fs::remove(path, ec);
}

}  // namespace

std::string write_generated_folder(const fs::path& dir, const GeneratedFiles& files,
                                   const std::string& list_name) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    return fmt::format("'{}' is not a folder; nothing was written", visible(dir.string()));
  std::set<std::string> before = listed_before(dir, list_name);
  std::string list;
  for (const auto& [name, content] : files) list += name + "\n";
  for (const auto& [name, content] : files) {
    if (auto why = unsafe_target(dir, dir / name, true)) return *why + "; nothing was written";
  }
  if (auto why = unsafe_target(dir, dir / list_name, true)) return *why + "; nothing was written";
  for (const auto& [name, content] : files) {
    fs::path path = dir / name;
    fs::create_directories(path.parent_path(), ec);
    if (auto written = write_file_no_follow(path, content, true); !written) {
      return written.error().message;
    }
    before.erase(name);
  }
  for (const auto& stale : before) remove_stale(dir, stale);
  auto written = write_file_no_follow(dir / list_name, list, true);
  return written ? "" : written.error().message;
}

}  // namespace topicform
