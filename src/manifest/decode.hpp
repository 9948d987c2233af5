// Schema-checked documents -> the core's TopicSpec and Settings.
#pragma once

#include <filesystem>
#include <vector>

#include "core/model/settings.hpp"
#include "core/model/topic_spec.hpp"
#include "manifest/yaml_document.hpp"

namespace topicform {

// A local `owner.schema` file is checked and read later, once the project's root is known
// (check_schema_files).
TopicSpec decode_topic(const YamlDocument& document);

// Values the schema cannot express (unknown rule ids, bad regexes, durations) are reported as
// manifest/settings errors.
Settings decode_settings(const YamlDocument& document, std::vector<Diagnostic>& diagnostics);

}  // namespace topicform
