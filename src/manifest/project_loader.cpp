// Reads files, splits documents by kind, checks them against their schema and decodes them.
#include "manifest/project_loader.hpp"

#include "manifest/schema_files.hpp"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <memory>

#include <fmt/format.h>

#include "core/ground/parallel_for.hpp"
#include "manifest/decode.hpp"
#include "manifest/file_discovery.hpp"
#include "manifest/read_file.hpp"
#include "manifest/schema_check.hpp"
#include "manifest/yaml_document.hpp"

namespace topicform {
namespace {

void report(Project& project, const std::string& rule, const Location& at, std::string message) {
  project.diagnostics.push_back(Diagnostic{Severity::error, rule, std::move(message), at});
}

// Which schema applies, or nullopt (reported) when the document says neither.
std::optional<DocumentKind> document_kind(const YamlDocument& document, Project& project) {
  const nlohmann::json& root = document.root;
  if (!root.is_object()) {
    report(project, "manifest/kind", document.start,
           "a manifest is a mapping with 'apiVersion', 'kind', 'metadata' and 'spec'");
    return std::nullopt;
  }
  auto field = [&](const char* name) -> std::string {
    auto it = root.find(name);
    return it != root.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  std::string api = field("apiVersion");
  std::string kind = field("kind");
  if (api != "topicform/v1") {
    Location at =
        root.contains("apiVersion") ? document.at("/apiVersion").value_at : document.start;
    report(project, "manifest/kind", at,
           api.empty() ? std::string("the document lacks 'apiVersion: topicform/v1'")
                       : fmt::format("unsupported apiVersion '{}': expected 'topicform/v1'", api));
    return std::nullopt;
  }
  if (kind == "Topic") return DocumentKind::topic;
  if (kind == "Settings") return DocumentKind::settings;
  Location at = root.contains("kind") ? document.at("/kind").value_at : document.start;
  report(project, "manifest/kind", at,
         kind.empty() ? std::string("the document lacks 'kind: Topic' or 'kind: Settings'")
                      : fmt::format("unknown kind '{}': expected 'Topic' or 'Settings'", kind));
  return std::nullopt;
}

std::optional<std::string> read_manifest(const std::string& file, Project& project) {
  return read_manifest_text(file, project.diagnostics);
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return std::filesystem::equivalent(a, b, ec);
}

// The Settings document of `file` (its topics are not part of this run); `named` when the user
// named it with --settings, which makes a file without one an error.
void load_settings_file(const std::string& file, bool named, Project& project) {
  auto text = read_manifest(file, project);
  if (!text) return;
  Project found;
  load_manifest_text(*text, file, found);
  project.diagnostics.insert(project.diagnostics.end(), found.diagnostics.begin(),
                             found.diagnostics.end());
  if (!found.settings.at.file.empty()) {
    project.settings = std::move(found.settings);
  } else if (named) {
    report(project, "manifest/settings", Location{file, 1, 1},
           "--settings names a file without a 'kind: Settings' document");
  }
}

// A Settings document at `at` when `project` already has one (within a file or across files).
void report_second_settings(Project& project, const Location& at) {
  report(project, "manifest/settings", at,
         fmt::format("a second Settings document; the first is at {}:{}", project.settings.at.file,
                     project.settings.at.line));
}

// Adds what one file held but its first topic, as if it had been read into `project` directly.
void merge_file(Project&& part, Project& project) {
  std::move(part.topics.begin(), part.topics.end(), std::back_inserter(project.topics));
  std::move(part.diagnostics.begin(), part.diagnostics.end(),
            std::back_inserter(project.diagnostics));
  if (part.settings.at.file.empty()) return;
  if (project.settings.at.file.empty()) {
    project.settings = std::move(part.settings);
  } else {
    report_second_settings(project, part.settings.at);
  }
}

// Each file's first topic, in a place of its own (`first`, one per file, `has_first` set), and
// what else a file held, if anything, in its part. Files hold one topic each as a rule: so the
// topics are decoded into the array they end in, and a hundred thousand of them are never held
// twice (once in the parts, once merged), nor beside a hundred thousand empty parts.
struct LoadedFiles {
  std::vector<TopicSpec> first;
  std::vector<char> has_first;
  std::vector<std::unique_ptr<Project>> parts;
};

// Reads file `i` into its place and, when anything else is left, its part. The part is made
// once per thread and used again while it stays empty: a Project holds the default settings,
// whose word lists cost more to build and free, file after file, than the file's topic.
void load_one(const std::string& file, std::size_t i, LoadedFiles& loaded) {
  thread_local std::unique_ptr<Project> part;
  if (!part) part = std::make_unique<Project>();
  if (auto text = read_manifest(file, *part)) load_manifest_text(*text, file, *part);
  auto& topics = part->topics;
  if (!topics.empty()) {
    loaded.first[i] = std::move(topics.front());
    loaded.has_first[i] = 1;
    topics.erase(topics.begin());
  }
  if (!topics.empty() || !part->diagnostics.empty() || !part->settings.at.file.empty()) {
    loaded.parts[i] = std::move(part);  // the next file gets a new one
  }
}

// The topics in file order: the first topics closed up where they are, unless a file held
// more than one (rare), whose others must go between them.
void merge_loaded(LoadedFiles& loaded, Project& project) {
  bool in_place = project.topics.empty() &&
                  std::none_of(loaded.parts.begin(), loaded.parts.end(),
                               [](const auto& part) { return part && !part->topics.empty(); });
  if (!in_place) {
    std::size_t total = project.topics.size();
    for (std::size_t i = 0; i < loaded.parts.size(); ++i) {
      total += loaded.has_first[i] + (loaded.parts[i] ? loaded.parts[i]->topics.size() : 0);
    }
    project.topics.reserve(total);  // a TopicSpec is large: growing by doubling moved each often
  }
  std::size_t kept = 0;
  for (std::size_t i = 0; i < loaded.first.size(); ++i) {
    if (loaded.has_first[i] && in_place) {
      if (kept != i) loaded.first[kept] = std::move(loaded.first[i]);
      ++kept;
    } else if (loaded.has_first[i]) {
      project.topics.push_back(std::move(loaded.first[i]));
    }
    if (loaded.parts[i]) merge_file(std::move(*loaded.parts[i]), project);
    loaded.parts[i].reset();
  }
  if (in_place) {
    loaded.first.resize(kept);
    project.topics = std::move(loaded.first);
  }
}

// Files are read and decoded on every CPU (YAML parsing is most of validate's time), each into
// its place; they are then merged in file order, so the output does not depend on which thread
// finished first.
void load_files(const std::vector<std::string>& files, const std::string& settings_file,
                Project& project) {
  LoadedFiles loaded{std::vector<TopicSpec>(files.size()), std::vector<char>(files.size(), 0),
                     std::vector<std::unique_ptr<Project>>(files.size())};
  parallel_for(files.size(), usable_cpus(), [&](std::size_t i) {
    if (!settings_file.empty() && same_file(files[i], settings_file)) return;
    load_one(files[i], i, loaded);
  });
  merge_loaded(loaded, project);
}

}  // namespace

void load_manifest_text(std::string_view text, const std::string& file, Project& project) {
  auto documents = parse_yaml_documents(text, file, project.diagnostics);
  for (const auto& document : documents) {
    auto kind = document_kind(document, project);
    if (!kind) continue;
    if (!check_schema(document, *kind, project.diagnostics)) continue;
    if (*kind == DocumentKind::topic) {
      project.topics.push_back(decode_topic(document));
    } else if (!project.settings.at.file.empty()) {
      report_second_settings(project, document.start);
    } else {
      project.settings = decode_settings(document, project.diagnostics);
    }
  }
}

Project load_project(const std::vector<std::string>& paths, const std::string& settings_file) {
  Project project;
  project.files = discover_manifests(paths, project.diagnostics);
  if (project.files.empty() && project.diagnostics.empty()) {
    report(project, "manifest/none", Location{paths.empty() ? "." : paths.front(), 0, 0},
           "no manifest (*.yaml, *.yml) here: nothing was checked; give the folder that holds "
           "the topics");
  }
  if (!settings_file.empty()) load_settings_file(settings_file, true, project);
  load_files(project.files, settings_file, project);
  // As git finds .git: a narrowed run still reads the project's settings.
  if (settings_file.empty() && project.settings.at.file.empty()) {
    if (auto found = find_settings_file(paths)) load_settings_file(*found, false, project);
  }
  check_schema_files(project, project_roots(project, paths));
  return project;
}

std::optional<std::string> find_settings_file(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  for (const auto& path : paths) {
    std::error_code ec;
    fs::path dir = fs::weakly_canonical(path, ec);
    if (ec) continue;
    if (!fs::is_directory(dir, ec)) dir = dir.parent_path();
    for (int depth = 0; depth < 64 && !dir.empty(); ++depth) {
      for (const char* name : {"topicform.yaml", "topicform.yml"}) {
        if (fs::is_regular_file(dir / name, ec)) return (dir / name).string();
      }
      if (fs::exists(dir / ".git", ec) || dir == dir.parent_path()) break;  // the repository's top
      dir = dir.parent_path();
    }
  }
  return std::nullopt;
}

std::string project_root(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path start = fs::weakly_canonical(paths.empty() ? "." : paths.front(), ec);
  if (!ec && !fs::is_directory(start, ec)) start = start.parent_path();
  for (fs::path dir = start; !ec && !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / ".git", ec)) return dir.string();
    if (dir == dir.parent_path()) break;
  }
  return fs::current_path(ec).string();
}

}  // namespace topicform
