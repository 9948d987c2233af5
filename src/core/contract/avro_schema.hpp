// An Avro schema (.avsc) read from its JSON as the Avro specification defines it: named types
// with their full names, records and their fields, enums, fixed, arrays, maps and unions, each
// node keeping the JSON pointer it was written at, so a problem is reported at its line.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/ground/diagnostic.hpp"
#include "core/model/message_schema.hpp"

namespace topicform {

enum class AvroKind {
  null,
  boolean,
  int32,
  int64,
  float32,
  float64,
  bytes,
  string,
  record,
  enumeration,
  array,
  map,
  fixed,
  union_of
};

// Avro's own word for a kind: "int", "record", "union", ...
const char* avro_kind_name(AvroKind kind);

struct AvroField {
  std::string name;
  int type = -1;  // index into AvroSchema::types
  std::optional<nlohmann::json> default_value;
  std::vector<std::string> aliases;
  std::string doc;
  std::string pointer;  // the field's object in the file
};

struct AvroType {
  AvroKind kind = AvroKind::null;
  std::string full_name;  // record, enum, fixed: namespace.name
  std::vector<std::string> aliases;
  std::string doc;
  std::string logical_type;             // "decimal", "timestamp-millis", ...: annotates the kind
  std::vector<AvroField> fields;        // record
  std::vector<std::string> symbols;     // enum
  std::optional<std::string> fallback;  // enum: the `default` symbol
  int items = -1;                       // array items, map values
  std::vector<int> branches;            // union
  std::int64_t size = 0;                // fixed
  std::string pointer;                  // where it was defined
};

struct AvroSchema {
  std::vector<AvroType> types;
  int root = -1;
  std::map<std::string, int> named;  // full name -> index
};

// `schema.root` read as an Avro schema, or nullopt with each problem (an unknown type, a default
// that does not match its type, a duplicate field or symbol, a name Avro does not allow, a name
// used before or without its definition, a union Avro forbids) as a contract/schema-invalid error
// at its place in `diagnostics`.
std::optional<AvroSchema> read_avro(const MessageSchema& schema,
                                    std::vector<Diagnostic>& diagnostics);

// Whether `value` is a valid default for `type` of `schema`, as Avro's Java parser checks it (a
// union's default matches its first branch); `why` says what it is not.
bool valid_avro_default(const AvroSchema& schema, int type, const nlohmann::json& value,
                        std::string& why);

}  // namespace topicform
