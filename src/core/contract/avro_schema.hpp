// An Avro schema (.avsc) read from its JSON as the Avro specification defines it: named types
// with their full names, records and their fields, enums, fixed, arrays, maps and unions, each
// node keeping the JSON pointer it was written at, so a problem is reported at its line.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/ground/diagnostic.hpp"
#include "core/model/avro_types.hpp"
#include "core/model/message_schema.hpp"

namespace topicform {

// `schema.root` read as an Avro schema, or nullopt with each problem (an unknown type, a default
// that does not match its type, a duplicate field or symbol, a name Avro does not allow, a name
// used before or without its definition, a union Avro forbids) as a contract/schema-invalid error
// at its place in `diagnostics`. A name this file does not define may be one of `references`'
// (other files' schemas, as Confluent's schema references give them): its type is copied in.
std::optional<AvroSchema> read_avro(const MessageSchema& schema,
                                    std::vector<Diagnostic>& diagnostics,
                                    const std::vector<const AvroSchema*>& references = {});

// Whether `value` is a valid default for `type` of `schema`, as Avro's Java parser checks it (a
// union's default matches its first branch); `why` says what it is not.
bool valid_avro_default(const AvroSchema& schema, int type, const nlohmann::json& value,
                        std::string& why);

}  // namespace topicform
