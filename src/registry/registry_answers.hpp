// The registry's JSON answers read into the engine's types; anything else is an error that says
// what came back (bounded), never a crash.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/contract/schema_registry.hpp"

namespace topicform {

// GET /subjects/{s}/versions: [1, 2, 3].
Result<std::vector<int>> parse_versions(const std::string& body);
// GET /subjects/{s}/versions/latest: {"version", "schema", "schemaType"?, "references"?} into
// `state`.
Result<bool> parse_latest(const std::string& body, SubjectState& state);
// GET /subjects/{s}/versions/{v}: {"schema", "schemaType"?, "references"?}.
Result<SchemaText> parse_schema_version(const std::string& body);
// GET /config[/{s}]: {"compatibilityLevel": "BACKWARD"} (or "compatibility").
Result<std::string> parse_level(const std::string& body);
// POST /compatibility/...: {"is_compatible": bool, "messages"?: [...]}.
Result<RegistryVerdict> parse_verdict(const std::string& body);
// POST /subjects/{s} (lookup): {"version": n}.
Result<int> parse_version_of(const std::string& body);
// POST /subjects/{s}/versions: {"id": n}.
Result<int> parse_id(const std::string& body);
// An error answer's words: "message (error_code)" from {"error_code", "message"}, else the start
// of the body, printable and at most 300 bytes.
std::string error_words(long status, const std::string& body);
// Confluent's error code of an error answer, or 0.
int error_code(const std::string& body);

}  // namespace topicform
