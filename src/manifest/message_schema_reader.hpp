// A message schema file's text -> a MessageSchema: strict JSON, bounded, a JSON Schema by its
// meta-schema, with every local $ref resolving; each problem at its line and column.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/contract/avro_schema.hpp"
#include "core/ground/diagnostic.hpp"
#include "core/model/message_schema.hpp"

namespace topicform {

// Strict JSON of at most 64 levels and 100,000 values; nullopt, with a contract/schema-invalid
// diagnostic at the place, otherwise.
std::optional<nlohmann::json> parse_bounded_json(std::string_view text, const std::string& file,
                                                 std::vector<Diagnostic>& diagnostics);

// The schema, or null when the text is not one (each reason is in `diagnostics`, rule
// contract/schema-invalid; a remote $ref is a contract/remote-ref warning and does not fail it).
std::shared_ptr<const MessageSchema> read_message_schema(std::string_view text,
                                                         const std::string& file,
                                                         std::vector<Diagnostic>& diagnostics);

// An Avro schema file (.avsc), read as bounded strict JSON and then as Avro; nullopt when it is
// not one (each reason in `diagnostics`, rule contract/schema-invalid, at its line and column).
std::optional<AvroSchema> read_avro_file(std::string_view text, const std::string& file,
                                         std::vector<Diagnostic>& diagnostics);

// The same file's JSON with the place of each node, and its types, when it is a valid Avro
// schema (its names may be `references`' types); null otherwise.
std::shared_ptr<const AvroDocument> read_avro_document(
    std::string_view text, const std::string& file, std::vector<Diagnostic>& diagnostics,
    const std::vector<const AvroSchema*>& references = {});

}  // namespace topicform
