// Manifests written by topicform itself (`import`): YAML a person edits next, read back exactly.
#pragma once

#include <string>

#include "core/model/settings.hpp"
#include "core/plan/adoption.hpp"
#include "core/text/yaml_scalar.hpp"

namespace topicform {

// The manifest of one adopted topic; `cluster_id` is named in its header comment. The owner card
// has what the cluster knows (consumers); a comment lists what people must fill in.
std::string adopted_manifest_text(const AdoptedTopic& topic, const std::string& cluster_id);

// A settings file with one environment: the cluster that was read, its id pinned.
std::string adopted_settings_text(const AdoptedEnvironment& environment);

}  // namespace topicform
