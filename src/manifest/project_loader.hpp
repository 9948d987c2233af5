// Loads a project: every manifest file under the given paths, checked and decoded.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/settings.hpp"
#include "core/topic_spec.hpp"

namespace topicform {

struct Project {
  Settings settings;
  std::vector<TopicSpec> topics;
  std::vector<std::string> files;
  std::vector<Diagnostic> diagnostics;  // problems of reading, structure and settings
};

Project load_project(const std::vector<std::string>& paths);

// Adds the documents of one file's `text` to `project` (the fuzzer's entry point too).
void load_manifest_text(std::string_view text, const std::string& file, Project& project);

}  // namespace topicform
