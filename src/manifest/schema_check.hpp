// JSON Schema validation of decoded documents, with errors mapped back to file:line:col.
#pragma once

#include <string_view>
#include <vector>

#include "core/ground/diagnostic.hpp"
#include "manifest/yaml_document.hpp"

namespace topicform {

// json_schema: a message schema file, checked against JSON Schema's own meta-schema.
enum class DocumentKind { topic, settings, json_schema };

// The schema text compiled into the binary (src/manifest/schemas/*.source.json); what editors get
// is published_schema() of it.
std::string_view schema_text(DocumentKind kind);

// Validates `document` against the schema of `kind`; returns false when it does not match.
// Findings are manifest/schema errors, or contract/schema-invalid for a json_schema.
bool check_schema(const YamlDocument& document, DocumentKind kind,
                  std::vector<Diagnostic>& diagnostics);

}  // namespace topicform
