// Whole-file reads for the files manifests point to (schemas).
#include "manifest/read_file.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace topicform {

std::optional<std::string> read_regular_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return buffer.str();
}

}  // namespace topicform
