// Reads whole files with a bound on their size, never blocking on what is not a regular file.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace topicform {

// What reading a file found: its bytes, or why there are none.
struct FileRead {
  enum class Status { ok, unreadable, not_regular, too_large, read_failed };
  Status status = Status::unreadable;
  std::uintmax_t size = 0;  // as the file system reported it when opened
  std::string text;         // at most that size, even if the file grew meanwhile
};

// Opens `path` without blocking (a FIFO or device never stalls the run), checks that it is a
// regular file of at most `limit` bytes, and reads it with one open, fstat, read and close.
FileRead read_file_at_most(const std::string& path, std::uintmax_t limit);

// The file's bytes, or nullopt when `path` is missing, unreadable or not a regular file.
std::optional<std::string> read_regular_file(
    const std::string& path, std::uintmax_t limit = std::numeric_limits<std::uintmax_t>::max());

}  // namespace topicform
