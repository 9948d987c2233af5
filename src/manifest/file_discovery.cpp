// Recursive discovery with std::filesystem; canonical paths detect loops and double visits.
#include "manifest/file_discovery.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/format.h>

namespace topicform {
namespace fs = std::filesystem;
namespace {

class Discovery {
 public:
  explicit Discovery(std::vector<Diagnostic>& diagnostics) : m_diagnostics(diagnostics) {}

  void add_path(const std::string& path) {
    std::error_code ec;
    auto status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
      return report("manifest/unreadable", path, "no such file or folder (or a broken link)");
    }
    if (fs::is_directory(status)) {
      std::vector<fs::path> ancestors;
      return walk(fs::path(path), ancestors);
    }
    if (!fs::is_regular_file(status)) {
      return report("manifest/unreadable", path, "not a regular file");
    }
    add_file(fs::path(path));
  }

  std::vector<std::string> files() const { return m_files; }

 private:
  void report(const std::string& rule, const std::string& path, std::string message) {
    m_diagnostics.push_back(
        Diagnostic{Severity::error, rule, std::move(message), Location{path, 0, 0}});
  }

  void add_file(const fs::path& path) {
    std::error_code ec;
    fs::path canonical = fs::canonical(path, ec);
    if (ec) return report("manifest/unreadable", path.string(), ec.message());
    if (m_seen_files.insert(canonical).second) m_files.push_back(path.string());
  }

  void walk(const fs::path& dir, std::vector<fs::path>& ancestors) {
    std::error_code ec;
    fs::path canonical = fs::canonical(dir, ec);
    if (ec) return report("manifest/unreadable", dir.string(), ec.message());
    if (std::find(ancestors.begin(), ancestors.end(), canonical) != ancestors.end()) {
      return report("manifest/symlink-loop", dir.string(),
                    "the link leads back into a folder that is already being read");
    }
    if (!m_seen_dirs.insert(canonical).second) return;  // reached twice through links
    std::vector<fs::path> entries;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      entries.push_back(it->path());
    }
    if (ec) return report("manifest/unreadable", dir.string(), ec.message());
    std::sort(entries.begin(), entries.end());
    ancestors.push_back(canonical);
    for (const auto& entry : entries) {
      std::string name = entry.filename().string();
      if (name.starts_with(".")) continue;
      auto status = fs::status(entry, ec);
      if (ec || !fs::exists(status)) {
        if (fs::is_symlink(fs::symlink_status(entry, ec))) {
          report("manifest/unreadable", entry.string(), "a broken symbolic link");
        }
        continue;
      }
      if (fs::is_directory(status)) {
        walk(entry, ancestors);
      } else if (fs::is_regular_file(status) &&
                 (entry.extension() == ".yaml" || entry.extension() == ".yml")) {
        add_file(entry);
      }
    }
    ancestors.pop_back();
  }

  std::vector<Diagnostic>& m_diagnostics;
  std::vector<std::string> m_files;
  std::set<fs::path> m_seen_files;
  std::set<fs::path> m_seen_dirs;
};

}  // namespace

std::vector<std::string> discover_manifests(const std::vector<std::string>& paths,
                                            std::vector<Diagnostic>& diagnostics) {
  Discovery discovery(diagnostics);
  for (const auto& path : paths) discovery.add_path(path);
  return discovery.files();
}

}  // namespace topicform
