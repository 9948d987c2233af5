// Recursive discovery with std::filesystem; canonical paths detect loops and double visits.
#include "manifest/file_discovery.hpp"

#include <algorithm>
#include <filesystem>
#include <unordered_set>

#include <fmt/format.h>

#include "manifest/read_file.hpp"
#include "manifest/yaml_document.hpp"

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

  std::vector<std::string> files() && { return std::move(m_files); }

 private:
  void report(const std::string& rule, const std::string& path, std::string message) {
    m_diagnostics.push_back(
        Diagnostic{Severity::error, rule, std::move(message), Location{path, 0, 0}});
  }

  void add_file(const fs::path& path) {
    std::error_code ec;
    fs::path canonical = fs::canonical(path, ec);
    if (ec) return report("manifest/unreadable", path.string(), ec.message());
    add_canonical_file(path, canonical);
  }

  void add_canonical_file(const fs::path& path, const fs::path& canonical) {
    if (m_seen_files.insert(canonical.native()).second) m_files.push_back(path.string());
  }

  void walk(const fs::path& dir, std::vector<fs::path>& ancestors) {
    std::error_code ec;
    fs::path canonical = fs::canonical(dir, ec);
    if (ec) return report("manifest/unreadable", dir.string(), ec.message());
    walk_canonical(dir, canonical, ancestors);
  }

  // `canonical` is `dir` with every link resolved. An entry that is not a link is then known
  // without a system call per path component: at 10,000 files those calls were a fifth of
  // validate's time.
  void walk_canonical(const fs::path& dir, const fs::path& canonical,
                      std::vector<fs::path>& ancestors) {
    if (std::find(ancestors.begin(), ancestors.end(), canonical) != ancestors.end()) {
      return report("manifest/symlink-loop", dir.string(),
                    "the link leads back into a folder that is already being read");
    }
    if (!m_seen_dirs.insert(canonical.native()).second) return;  // reached twice through links
    std::error_code ec;
    std::vector<fs::directory_entry> entries;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      entries.push_back(*it);
    }
    if (ec) return report("manifest/unreadable", dir.string(), ec.message());
    // One folder's entries differ only in their names: comparing whole texts orders them as
    // comparing paths does, without splitting each into its parts.
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.path().native() < b.path().native(); });
    ancestors.push_back(canonical);
    for (const auto& entry : entries) visit(entry, canonical, ancestors);
    ancestors.pop_back();
  }

  void visit(const fs::directory_entry& entry, const fs::path& parent,
             std::vector<fs::path>& ancestors) {
    const fs::path& path = entry.path();
    std::string name = path.filename().string();
    if (name.starts_with(".")) return;
    std::error_code ec;
    bool link = entry.is_symlink(ec);
    fs::file_type type = link ? fs::status(path, ec).type() : listed_type(entry, ec);
    if (ec || type == fs::file_type::not_found) {
      if (link) report("manifest/unreadable", path.string(), "a broken symbolic link");
      return;
    }
    bool manifest = path.extension() == ".yaml" || path.extension() == ".yml";
    if (type == fs::file_type::directory) {
      link ? walk(path, ancestors) : walk_canonical(path, parent / name, ancestors);
    } else if (type == fs::file_type::regular && manifest) {
      link ? add_file(path) : add_canonical_file(path, parent / name);
    }
  }

  // The type the directory listing gave (no system call), or the file system's when it gave none.
  static fs::file_type listed_type(const fs::directory_entry& entry, std::error_code& ec) {
    if (entry.is_directory(ec)) return fs::file_type::directory;
    if (ec) return fs::file_type::not_found;
    if (entry.is_regular_file(ec)) return fs::file_type::regular;
    return ec ? fs::file_type::not_found : fs::file_type::unknown;
  }

  std::vector<Diagnostic>& m_diagnostics;
  std::vector<std::string> m_files;
  // Canonical paths as text: hashed, where a set of paths compared them part by part.
  std::unordered_set<std::string> m_seen_files;
  std::unordered_set<std::string> m_seen_dirs;
};

}  // namespace

std::vector<std::string> discover_manifests(const std::vector<std::string>& paths,
                                            std::vector<Diagnostic>& diagnostics) {
  Discovery discovery(diagnostics);
  for (const auto& path : paths) discovery.add_path(path);
  return std::move(discovery).files();
}

std::optional<std::string> read_manifest_text(const std::string& file,
                                              std::vector<Diagnostic>& diagnostics) {
  FileRead read = read_file_at_most(file, kMaxManifestBytes);
  // At 1:1 a problem of the text; at 0:0 one of the file as a whole.
  auto report = [&](const char* rule, int line, std::string message) {
    diagnostics.push_back(
        Diagnostic{Severity::error, rule, std::move(message), Location{file, line, line}});
    return std::nullopt;
  };
  switch (read.status) {
    case FileRead::Status::ok:
      return std::move(read.text);
    case FileRead::Status::too_large:
      return report("manifest/too-large", 1,
                    fmt::format("the file is {} bytes; manifests are limited to {} bytes",
                                read.size, kMaxManifestBytes));
    case FileRead::Status::read_failed:
      return report("manifest/unreadable", 0, "cannot read the file");
    case FileRead::Status::unreadable:
    case FileRead::Status::not_regular:
      break;
  }
  return report("manifest/unreadable", 0, "cannot open the file");
}

}  // namespace topicform
