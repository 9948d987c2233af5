// JSON Schema validation of decoded documents, with errors mapped back to file:line:col.
#pragma once

#include <string_view>
#include <vector>

#include "core/rules/diagnostic.hpp"
#include "manifest/yaml_document.hpp"

namespace topicform {

enum class DocumentKind { topic, settings };

// The schema text compiled into the binary (src/manifest/schemas/*.source.json); what editors get
// is published_schema() of it.
std::string_view schema_text(DocumentKind kind);

// Validates `document` against the schema of `kind`; returns false when it does not match.
bool check_schema(const YamlDocument& document, DocumentKind kind,
                  std::vector<Diagnostic>& diagnostics);

}  // namespace topicform
