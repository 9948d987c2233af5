// An Avro schema's types as the Avro specification defines them (named types with their full
// names, records and their fields, enums, fixed, arrays, maps and unions), each node keeping the
// JSON pointer it was written at; and a valid .avsc file as the loader keeps it, read once.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

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

// A named type's name without its namespace: "Money" of "com.example.Money".
std::string avro_unqualified(const std::string& full_name);

// Type `index` of `schema` as people read it: "string", "record Money", "array<long>", "null |
// string"; with `logical_types`, "long (timestamp-millis)". A named type is told by its name,
// which also ends the recursion of a recursive type.
std::string avro_type_text(const AvroSchema& schema, int index, bool logical_types);

// A valid Avro schema file: its JSON with the place of each node, and its types.
struct AvroDocument : MessageSchema {
  AvroSchema avro;
};

}  // namespace topicform
