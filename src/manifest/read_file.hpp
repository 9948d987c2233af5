// Reads a whole file that a manifest names, never blocking on what is not a regular file.
#pragma once

#include <optional>
#include <string>

namespace topicform {

// The file's bytes, or nullopt when `path` is missing, unreadable or not a regular file: a FIFO
// or device named as a schema would otherwise block the run forever.
std::optional<std::string> read_regular_file(const std::string& path);

}  // namespace topicform
