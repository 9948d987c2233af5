// Schema-checked documents -> the core's TopicSpec and Settings.
#pragma once

#include <filesystem>
#include <vector>

#include "core/settings.hpp"
#include "core/topic_spec.hpp"
#include "manifest/yaml_document.hpp"

namespace topicform {

// `manifest_dir` resolves a relative `owner.schema` to read its field names (owner/no-secrets).
TopicSpec decode_topic(const YamlDocument& document, const std::filesystem::path& manifest_dir);

// Values the schema cannot express (unknown rule ids, bad regexes, durations) are reported as
// manifest/settings errors.
Settings decode_settings(const YamlDocument& document, std::vector<Diagnostic>& diagnostics);

}  // namespace topicform
