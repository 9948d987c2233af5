// What `import` takes from a Schema Registry for a topic it adopts: the subject's latest schema,
// as a file beside the manifests and the owner card's `schema` naming it.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/contract/schema_registry.hpp"

namespace topicform {

// A file written beside the manifests: relative to the import folder, with its text.
struct AdoptedFile {
  std::string file;
  std::string text;
};

struct AdoptedSchema {
  std::string file;       // relative to the import folder: schemas/<topic>.json|.avsc|.proto
  std::string text;       // the registered schema; a JSON Schema indented for people
  std::string reference;  // the file as the manifest names it, relative to the manifest
  std::string level;      // the subject's level when it is not the project's default, else ""
  // The schemas its registered version references, directly or not, each after those it uses: a
  // .proto's at its import path beside it, an Avro file as schemas/<full name>.avsc, which the
  // owner card lists in `references` (relative to the manifest, in `listed`).
  std::vector<AdoptedFile> uses;
  std::vector<std::string> listed;
};

// The schema file for `topic` (whose manifest is at `manifest_path`, relative to the import
// folder) from its subject's `state`; nullopt when the subject holds no version.
std::optional<AdoptedSchema> adopted_schema(const std::string& topic,
                                            const std::string& manifest_path,
                                            const SubjectState& state,
                                            const std::string& default_level);

// Adds `references` (a registered version's, by the name the schema gives each, each after
// those it references) to `schema` as files; an error names a name that is no safe file name
// (absolute, climbing with `..`, or other than letters, digits, `_`, `-`, `.` and `/`).
Result<bool> add_referenced_files(
    AdoptedSchema& schema, const std::string& manifest_path, const std::string& type,
    const std::vector<std::pair<std::string, std::string>>& references);

}  // namespace topicform
