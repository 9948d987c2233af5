// One `git cat-file` per import file and commit: schemas import few files, and each is read once.
#include "manifest/git_proto_files.hpp"

#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "manifest/git_blobs.hpp"

namespace topicform {
namespace {

namespace fs = std::filesystem;

class RevisionProtoFiles : public ProtoFiles {
 public:
  RevisionProtoFiles(std::string root, std::string commit, std::vector<std::string> folders,
                     const std::string& name, std::string text, const std::string& shown,
                     ImportBlobs& cache)
      : m_root(std::move(root)),
        m_commit(std::move(commit)),
        m_folders(std::move(folders)),
        m_name(name),
        m_text(std::move(text)),
        m_shown(shown),
        m_cache(cache) {}

  std::optional<std::string> text(const std::string& name, std::string& why) override {
    if (name == m_name) return m_text;
    for (const auto& folder : m_folders) {
      std::string path = in_repository(m_root, (fs::path(folder) / name).string());
      if (path.empty()) continue;
      auto found = cached_blob(m_root, m_commit + ":" + path, m_cache);
      if (!found) {
        why = found.error().message;
        return std::nullopt;
      }
      const Blob& blob = **found;
      if (!blob.present) continue;
      if (!blob.problem.empty()) {
        why = "is " + blob.problem;
        return std::nullopt;
      }
      return blob.text;
    }
    why = fmt::format("was not in the schema's folder or the project's at {}",
                      m_commit.substr(0, 12));
    return std::nullopt;
  }

  std::string shown(const std::string& name) const override {
    return name == m_name ? m_shown : name;
  }

 private:
  std::string m_root, m_commit;
  std::vector<std::string> m_folders;
  std::string m_name, m_text, m_shown;
  ImportBlobs& m_cache;
};

}  // namespace

std::unique_ptr<ProtoFiles> revision_proto_files(const std::string& root, const std::string& commit,
                                                 std::vector<std::string> folders,
                                                 const std::string& name, std::string text,
                                                 const std::string& shown, ImportBlobs& cache) {
  return std::make_unique<RevisionProtoFiles>(root, commit, std::move(folders), name,
                                              std::move(text), shown, cache);
}

}  // namespace topicform
