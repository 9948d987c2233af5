// Which JSON values Avro accepts as a field's default, as its Java parser (Schema.isValidDefault)
// decides: by the type's kind, a union by its first branch, a record field by field.
#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "core/contract/avro_schema.hpp"

namespace topicform {
namespace {

using Json = nlohmann::json;

bool whole_within(const Json& value, std::int64_t low, std::int64_t high) {
  if (value.is_number_unsigned())
    return value.get<std::uint64_t>() <= static_cast<std::uint64_t>(high);
  if (!value.is_number_integer()) return false;
  auto n = value.get<std::int64_t>();
  return n >= low && n <= high;
}

bool valid_scalar(const AvroType& type, const Json& value) {
  switch (type.kind) {
    case AvroKind::null:
      return value.is_null();
    case AvroKind::boolean:
      return value.is_boolean();
    case AvroKind::int32:
      return whole_within(value, std::numeric_limits<std::int32_t>::min(),
                          std::numeric_limits<std::int32_t>::max());
    case AvroKind::int64:
      return whole_within(value, std::numeric_limits<std::int64_t>::min(),
                          std::numeric_limits<std::int64_t>::max());
    case AvroKind::float32:
    case AvroKind::float64:
      return value.is_number();
    case AvroKind::bytes:
    case AvroKind::string:
    case AvroKind::fixed:
      return value.is_string();
    case AvroKind::enumeration:
      return value.is_string() && std::find(type.symbols.begin(), type.symbols.end(),
                                            value.get<std::string>()) != type.symbols.end();
    default:
      return false;
  }
}

std::string what_it_needs(const AvroSchema& schema, const AvroType& type) {
  switch (type.kind) {
    case AvroKind::union_of:
      return type.branches.empty()
                 ? "an empty union takes no default"
                 : fmt::format("must match the union's first branch ({})",
                               avro_kind_name(schema.types[type.branches[0]].kind));
    case AvroKind::enumeration:
      return "must be one of the enum's symbols";
    case AvroKind::record:
      return "must be an object giving every field without a default";
    default:
      return fmt::format("is not a valid {}", avro_kind_name(type.kind));
  }
}

// `depth` bounds the walk: a record field's own default may hold the record again, so a default
// that leans on defaults could otherwise recurse for ever.
bool valid_value(const AvroSchema& schema, int at, const Json& value, int depth = 0) {
  if (depth > 64) return false;
  const AvroType& type = schema.types[at];
  switch (type.kind) {
    case AvroKind::union_of:
      return !type.branches.empty() && valid_value(schema, type.branches[0], value, depth + 1);
    case AvroKind::array:
      if (!value.is_array()) return false;
      for (const auto& item : value)
        if (!valid_value(schema, type.items, item, depth + 1)) return false;
      return true;
    case AvroKind::map:
      if (!value.is_object()) return false;
      for (const auto& [key, item] : value.items())
        if (!valid_value(schema, type.items, item, depth + 1)) return false;
      return true;
    case AvroKind::record:
      if (!value.is_object()) return false;
      for (const AvroField& field : type.fields) {
        auto given = value.find(field.name);
        const Json* used = given != value.end()  ? &*given
                           : field.default_value ? &*field.default_value
                                                 : nullptr;
        if (used == nullptr || !valid_value(schema, field.type, *used, depth + 1)) return false;
      }
      return true;
    default:
      return valid_scalar(type, value);
  }
}

}  // namespace

bool valid_avro_default(const AvroSchema& schema, int type, const nlohmann::json& value,
                        std::string& why) {
  if (valid_value(schema, type, value)) return true;
  why = what_it_needs(schema, schema.types[type]);
  return false;
}

}  // namespace topicform
