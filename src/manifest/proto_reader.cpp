// The protobuf library's own parser and descriptor builder judge a `.proto` file (what protoc
// would accept is what is accepted); its imports come only through a bounded source of ours.
#include "manifest/proto_reader.hpp"

#include <deque>
#include <filesystem>
#include <limits>
#include <map>
#include <set>

#include <fmt/format.h>
#include <google/protobuf/compiler/importer.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include "core/model/schema_reference.hpp"
#include "manifest/proto_document.hpp"
#include "manifest/proto_ranges.hpp"
#include "manifest/read_file.hpp"
#include "manifest/schema_files.hpp"

namespace topicform {
namespace {

namespace fs = std::filesystem;
namespace pb = google::protobuf;

// Why an import path is refused before any source sees it, or "".
std::string refused_name(const std::string& name) {
  if (name.empty() || name.front() == '/' || name.find('\\') != std::string::npos ||
      name.find('\0') != std::string::npos)
    return "is not a relative path inside the project";
  for (const auto& part : fs::path(name))
    if (part == ".." || part == ".") return "climbs out with '..': imports stay inside the project";
  return "";
}

// A well-known type's text (google/protobuf/timestamp.proto, ...) as the library has it built in.
std::optional<std::string> well_known(const std::string& name) {
  if (!name.starts_with("google/protobuf/")) return std::nullopt;
  const pb::FileDescriptor* file = pb::DescriptorPool::generated_pool()->FindFileByName(name);
  if (file == nullptr) return std::nullopt;
  return file->DebugString();
}

// The library's view of the files: each opened at most once, at most kMaxProtoFiles of them.
class BoundedSourceTree : public pb::compiler::SourceTree {
 public:
  explicit BoundedSourceTree(ProtoFiles& files) : m_files(files) {}

  pb::io::ZeroCopyInputStream* Open(const std::string& name) override {
    m_last_error = text_of(name);
    if (!m_last_error.empty()) {
      m_why[name] = m_last_error;
      return nullptr;
    }
    const std::string& text = m_texts.back();
    return new pb::io::ArrayInputStream(text.data(), static_cast<int>(text.size()));
  }
  std::string GetLastErrorMessage() override { return m_last_error; }

  // Why `name` could not be opened, or "" when it was (or never asked for).
  std::string why(const std::string& name) const {
    auto it = m_why.find(name);
    return it == m_why.end() ? "" : it->second;
  }

  // The text of project file `name` as it was read; nullptr for a well-known type's.
  const std::string* project_text(const std::string& name) const {
    auto it = m_project.find(name);
    return it == m_project.end() ? nullptr : it->second;
  }

 private:
  // Keeps the text of `name` at the back of m_texts; says why not, or "".
  std::string text_of(const std::string& name) {
    if (auto known = well_known(name)) {
      m_texts.push_back(std::move(*known));
      return "";
    }
    if (std::string why = refused_name(name); !why.empty()) return why;
    if (++m_opened > kMaxProtoFiles)
      return fmt::format("is one more than the {} files one schema may read", kMaxProtoFiles);
    std::string why;
    auto text = m_files.text(name, why);
    if (!text) return why.empty() ? "was not found" : why;
    if (text->size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
      return "is too large";
    m_texts.push_back(std::move(*text));
    m_project[name] = &m_texts.back();
    return "";
  }

  ProtoFiles& m_files;
  std::deque<std::string> m_texts;  // the streams point into these until the import ends
  std::map<std::string, const std::string*> m_project;  // project files, into m_texts
  std::map<std::string, std::string> m_why;
  std::string m_last_error;
  std::size_t m_opened = 0;
};

// The library's errors as diagnostics at file:line:col, an import's own reason added.
class DiagnosticCollector : public pb::compiler::MultiFileErrorCollector {
 public:
  DiagnosticCollector(const ProtoFiles& files, const BoundedSourceTree& tree,
                      std::vector<Diagnostic>& findings)
      : m_files(files), m_tree(tree), m_findings(findings) {}

  void AddError(const std::string& name, int line, int column,
                const std::string& message) override {
    // A file that could not be opened is told at the import that names it, with its reason.
    if (line < 0 && !m_tree.why(name).empty()) return;
    if (++m_count > kMaxErrors) return;  // the rest are counted, and said once at the end
    Location at{m_files.shown(name), line < 0 ? 1 : line + 1, line < 0 ? 1 : column + 1};
    m_findings.push_back(Diagnostic{Severity::error, "contract/schema-invalid",
                                    "Protobuf: " + with_reason(message), at});
  }
  void AddWarning(const std::string&, int, int, const std::string&) override {}

  // After the first kMaxErrors, how many more there were, at the root file's first line.
  void finish(const std::string& root) {
    if (m_count <= kMaxErrors) return;
    m_findings.push_back(Diagnostic{
        Severity::error, "contract/schema-invalid",
        fmt::format("Protobuf: {} more errors; fix the ones above first", m_count - kMaxErrors),
        Location{m_files.shown(root), 1, 1}});
  }

 private:
  // `Import "x" was not found or had errors.` says which import; our source knows why.
  std::string with_reason(const std::string& message) const {
    const std::string prefix = "Import \"";
    if (!message.starts_with(prefix)) return message;
    std::string name =
        message.substr(prefix.size(), message.find('"', prefix.size()) - prefix.size());
    std::string why = m_tree.why(name);
    if (why.empty()) return fmt::format("import \"{}\" has errors, told at their place", name);
    return fmt::format("import \"{}\" {}", name, why);
  }

  static constexpr std::size_t kMaxErrors = 50;  // a broken generated file may hold thousands
  const ProtoFiles& m_files;
  const BoundedSourceTree& m_tree;
  std::vector<Diagnostic>& m_findings;
  std::size_t m_count = 0;
};

// The project's files: looked for in the root file's folder, then in each project root.
class ProjectProtoFiles : public ProtoFiles {
 public:
  ProjectProtoFiles(std::string folder, std::vector<std::string> roots, const std::string& root,
                    const std::string& root_shown, std::string root_text)
      : m_folder(std::move(folder)),
        m_roots(std::move(roots)),
        m_root(root),
        m_root_text(std::move(root_text)),
        m_shown_folder(fs::path(root_shown).parent_path()),
        m_shown{{root, root_shown}} {}

  std::optional<std::string> text(const std::string& name, std::string& why) override {
    if (name == m_root) return m_root_text;  // the loader has read it already
    std::vector<std::string> places{m_folder};
    places.insert(places.end(), m_roots.begin(), m_roots.end());
    for (const auto& place : places) {
      std::error_code ec;
      fs::path file = fs::weakly_canonical(fs::path(place) / name, ec);
      if (ec || !fs::exists(file, ec)) continue;
      if (!inside_roots(file.string(), m_roots)) {
        why = "leads outside the project (through a link)";
        return std::nullopt;
      }
      FileRead read = read_file_at_most(file.string(), kMaxSchemaFileBytes);
      if (read.status == FileRead::Status::ok) {
        // Beside the root file, shown as the root is (relative when the manifest's path is).
        bool beside = place == m_folder;
        m_shown.emplace(
            name, beside ? (m_shown_folder / name).lexically_normal().string() : file.string());
        return std::move(read.text);
      }
      why = read.status == FileRead::Status::too_large
                ? fmt::format("is larger than {} bytes", kMaxSchemaFileBytes)
                : "cannot be read as a regular file";
      return std::nullopt;
    }
    why = "was not found in the schema's folder or the project's";
    return std::nullopt;
  }

  std::string shown(const std::string& name) const override {
    auto it = m_shown.find(name);
    return it == m_shown.end() ? name : it->second;
  }

 private:
  std::string m_folder;
  std::vector<std::string> m_roots;
  std::string m_root, m_root_text;
  fs::path m_shown_folder;  // the root file's folder as diagnostics show it
  std::map<std::string, std::string> m_shown;
};

// A source of files held in memory: a registry's copy of a schema and of what it imports.
class MemoryProtoFiles : public ProtoFiles {
 public:
  MemoryProtoFiles(std::string root, std::string root_shown,
                   std::map<std::string, std::string> texts)
      : m_root(std::move(root)), m_shown(std::move(root_shown)), m_texts(std::move(texts)) {}

  std::optional<std::string> text(const std::string& name, std::string& why) override {
    auto it = m_texts.find(name);
    if (it != m_texts.end()) return it->second;
    why = "is not among the files given";
    return std::nullopt;
  }
  std::string shown(const std::string& name) const override {
    return name == m_root ? m_shown : name;
  }

 private:
  std::string m_root, m_shown;
  std::map<std::string, std::string> m_texts;
};

// Every project file `file` imports, directly or not, each after its own imports, once, with
// the messages it defines.
void collect_imported(const pb::FileDescriptor& file, const BoundedSourceTree& tree,
                      const ProtoFiles& files, std::set<std::string>& seen,
                      ProtoDocument& document) {
  for (int i = 0; i < file.dependency_count(); ++i) {
    const pb::FileDescriptor& imported = *file.dependency(i);
    const std::string* text = tree.project_text(imported.name());
    if (text == nullptr || !seen.insert(imported.name()).second) continue;
    collect_imported(imported, tree, files, seen, document);
    add_imported_messages(imported, files.shown(imported.name()), document);
    ProtoImportedFile entry{imported.name(), *text, {}};
    for (int j = 0; j < imported.dependency_count(); ++j) {
      if (tree.project_text(imported.dependency(j)->name()) != nullptr)
        entry.imports.push_back(imported.dependency(j)->name());
    }
    document.imported.push_back(std::move(entry));
  }
}

// What the library lets pass and protoc refuses, in `file` and every project file it imports.
void check_project_files(const pb::FileDescriptor& file, const BoundedSourceTree& tree,
                         const ProtoFiles& files, std::set<std::string>& seen,
                         std::vector<Diagnostic>& findings) {
  check_reserved_ranges(file, files.shown(file.name()), findings);
  for (int i = 0; i < file.dependency_count(); ++i) {
    const pb::FileDescriptor& imported = *file.dependency(i);
    if (tree.project_text(imported.name()) != nullptr && seen.insert(imported.name()).second)
      check_project_files(imported, tree, files, seen, findings);
  }
}

}  // namespace

std::unique_ptr<ProtoFiles> memory_proto_files(const std::string& root,
                                               const std::string& root_shown,
                                               std::map<std::string, std::string> texts) {
  return std::make_unique<MemoryProtoFiles>(root, root_shown, std::move(texts));
}

std::shared_ptr<const ProtoDocument> read_proto_document(const std::string& name, ProtoFiles& files,
                                                         std::vector<Diagnostic>& findings) {
  BoundedSourceTree tree(files);
  DiagnosticCollector collector(files, tree, findings);
  std::size_t before = findings.size();
  pb::compiler::Importer importer(&tree, &collector);
  const pb::FileDescriptor* file = importer.Import(name);
  collector.finish(name);
  if (file != nullptr && findings.size() == before) {
    std::set<std::string> checked{name};
    check_project_files(*file, tree, files, checked, findings);
  }
  if (file == nullptr || findings.size() != before) {
    if (findings.size() == before) {
      findings.push_back(Diagnostic{Severity::error, "contract/schema-invalid",
                                    fmt::format("'{}' {}", name, tree.why(name)),
                                    Location{files.shown(name), 1, 1}});
    }
    return nullptr;
  }
  auto document = std::make_shared<ProtoDocument>(proto_document(*file, files.shown(name)));
  std::set<std::string> seen{name};
  collect_imported(*file, tree, files, seen, *document);
  return document;
}

std::unique_ptr<ProtoFiles> project_proto_files(const std::string& folder,
                                                const std::vector<std::string>& roots,
                                                const std::string& root,
                                                const std::string& root_shown,
                                                std::string root_text) {
  return std::make_unique<ProjectProtoFiles>(folder, roots, root, root_shown, std::move(root_text));
}

namespace {

// A registry's copy of a project `.proto`, built in its place with the project's imports.
class ProjectProtoRebuilder : public ProtoRebuilder {
 public:
  ProjectProtoRebuilder(std::string folder, std::vector<std::string> roots, std::string root,
                        std::string root_shown)
      : m_folder(std::move(folder)),
        m_roots(std::move(roots)),
        m_root(std::move(root)),
        m_shown(std::move(root_shown)) {}

  std::shared_ptr<const ProtoDocument> rebuild(
      const std::string& text, const std::map<std::string, std::string>& imports) const override {
    std::unique_ptr<ProtoFiles> files;
    if (imports.empty()) {
      files = project_proto_files(m_folder, m_roots, m_root, m_shown, text);
    } else {
      auto texts = imports;
      texts[m_root] = text;
      files = memory_proto_files(m_root, m_shown, std::move(texts));
    }
    std::vector<Diagnostic> unused;  // a copy that does not build is told by its null
    return read_proto_document(m_root, *files, unused);
  }

 private:
  std::string m_folder;
  std::vector<std::string> m_roots;
  std::string m_root;
  std::string m_shown;
};

}  // namespace

std::shared_ptr<const ProtoRebuilder> project_proto_rebuilder(const std::string& folder,
                                                              const std::vector<std::string>& roots,
                                                              const std::string& root,
                                                              const std::string& root_shown) {
  return std::make_shared<const ProjectProtoRebuilder>(folder, roots, root, root_shown);
}

}  // namespace topicform
