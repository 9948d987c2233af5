// The schemas as editors and other validators get them (`topicform schema`, and schema/ in the
// repository): the compiled-in source with its editor-only constraints applied, every Kafka 4.x
// topic config key with its type and range, and no custom keyword left (ajv's strict mode).
#pragma once

#include <string>

#include "manifest/schema_check.hpp"

namespace topicform {

// The published schema of `kind` as JSON text, two-space indented, ending in a newline.
std::string published_schema(DocumentKind kind);

// The file name it is published as: topic.schema.json, settings.schema.json.
const char* published_schema_name(DocumentKind kind);

}  // namespace topicform
