// Reads files, splits documents by kind, checks them against their schema and decodes them.
#include "manifest/project_loader.hpp"

#include "manifest/schema_files.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "manifest/decode.hpp"
#include "manifest/file_discovery.hpp"
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
      report(project, "manifest/settings", document.start,
             fmt::format("a second Settings document; the first is at {}:{}",
                         project.settings.at.file, project.settings.at.line));
    } else {
      project.settings = decode_settings(document, project.diagnostics);
    }
  }
}

Project load_project(const std::vector<std::string>& paths) {
  Project project;
  project.files = discover_manifests(paths, project.diagnostics);
  for (const auto& file : project.files) {
    std::error_code ec;
    auto size = std::filesystem::file_size(file, ec);
    if (!ec && size > kMaxManifestBytes) {
      report(project, "manifest/too-large", Location{file, 1, 1},
             fmt::format("the file is {} bytes; manifests are limited to {} bytes", size,
                         kMaxManifestBytes));
      continue;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      report(project, "manifest/unreadable", Location{file, 0, 0}, "cannot open the file");
      continue;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) {
      report(project, "manifest/unreadable", Location{file, 0, 0}, "cannot read the file");
      continue;
    }
    load_manifest_text(buffer.str(), file, project);
  }
  check_schema_files(project, project_roots(project, paths));
  return project;
}

}  // namespace topicform
