// Loads a project: every manifest file under the given paths, checked and decoded.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ground/diagnostic.hpp"
#include "core/model/settings.hpp"
#include "core/model/topic_spec.hpp"

namespace topicform {

struct Project {
  Settings settings;
  std::vector<TopicSpec> topics;
  std::vector<std::string> files;
  std::vector<Diagnostic> diagnostics;  // problems of reading, structure and settings
};

// `settings_file`: the settings to use (--settings); empty: those among the manifests, else the
// nearest topicform.yaml in a path's folder or above it, up to the repository's top folder.
Project load_project(const std::vector<std::string>& paths, const std::string& settings_file = "");

// The nearest topicform.yaml (or .yml) in the first path's folder or its parents, stopping at
// the folder that holds .git; nullopt when there is none.
std::optional<std::string> find_settings_file(const std::vector<std::string>& paths);

// The project's root, that pages show paths from: the folder holding .git at or above the first
// path, else the current folder; absolute and canonical.
std::string project_root(const std::vector<std::string>& paths);

// Adds the documents of one file's `text` to `project` (the fuzzer's entry point too).
void load_manifest_text(std::string_view text, const std::string& file, Project& project);

}  // namespace topicform
