// All-or-nothing file writing: every path is checked before the first byte is written.
#include "cli/new_files.hpp"

#include <fmt/format.h>

#include "cli/plan_io.hpp"

namespace topicform {
namespace fs = std::filesystem;

Result<bool> write_new_files(const NewFiles& files, bool replace, std::ostream* log) {
  std::error_code ec;
  for (const auto& [path, text] : files) {
    if (!replace && fs::exists(path, ec)) {
      return Error{fmt::format("'{}' exists already; nothing was written", path.string())};
    }
  }
  for (const auto& [path, text] : files) {
    if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
    if (auto written = write_text_file(path.string(), text, "file"); !written) return written;
    if (log) *log << fmt::format("wrote {}\n", path.string());
  }
  return true;
}

}  // namespace topicform
