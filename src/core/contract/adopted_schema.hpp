// What `import` takes from a Schema Registry for a topic it adopts: the subject's latest schema,
// as a file beside the manifests and the owner card's `schema` naming it.
#pragma once

#include <optional>
#include <string>

#include "core/contract/schema_registry.hpp"

namespace topicform {

struct AdoptedSchema {
  std::string file;       // relative to the import folder: schemas/<topic>.json|.avsc|.proto
  std::string text;       // the registered schema; a JSON Schema indented for people
  std::string reference;  // the file as the manifest names it, relative to the manifest
  std::string level;      // the subject's level when it is not the project's default, else ""
};

// The schema file for `topic` (whose manifest is at `manifest_path`, relative to the import
// folder) from its subject's `state`; nullopt when the subject holds no version.
std::optional<AdoptedSchema> adopted_schema(const std::string& topic,
                                            const std::string& manifest_path,
                                            const SubjectState& state,
                                            const std::string& default_level);

}  // namespace topicform
