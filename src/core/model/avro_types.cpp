// Avro's own words for its kinds, names without their namespace, and types told in words.
#include "core/model/avro_types.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace topicform {

const char* avro_kind_name(AvroKind kind) {
  switch (kind) {
    case AvroKind::null:
      return "null";
    case AvroKind::boolean:
      return "boolean";
    case AvroKind::int32:
      return "int";
    case AvroKind::int64:
      return "long";
    case AvroKind::float32:
      return "float";
    case AvroKind::float64:
      return "double";
    case AvroKind::bytes:
      return "bytes";
    case AvroKind::string:
      return "string";
    case AvroKind::record:
      return "record";
    case AvroKind::enumeration:
      return "enum";
    case AvroKind::array:
      return "array";
    case AvroKind::map:
      return "map";
    case AvroKind::fixed:
      return "fixed";
    case AvroKind::union_of:
      return "union";
  }
  return "?";
}

std::string avro_unqualified(const std::string& full_name) {
  auto dot = full_name.rfind('.');
  return dot == std::string::npos ? full_name : full_name.substr(dot + 1);
}

std::string avro_type_text(const AvroSchema& schema, int index, bool logical_types) {
  const AvroType& type = schema.types[static_cast<std::size_t>(index)];
  std::string kind = avro_kind_name(type.kind);
  std::string text;
  switch (type.kind) {
    case AvroKind::record:
    case AvroKind::enumeration:
    case AvroKind::fixed:
      text = fmt::format("{} {}", kind, avro_unqualified(type.full_name));
      break;
    case AvroKind::array:
    case AvroKind::map:
      text = fmt::format("{}<{}>", kind, avro_type_text(schema, type.items, logical_types));
      break;
    case AvroKind::union_of: {
      std::vector<std::string> branches;
      for (int branch : type.branches)
        branches.push_back(avro_type_text(schema, branch, logical_types));
      return fmt::format("{}", fmt::join(branches, " | "));
    }
    default:
      text = kind;
  }
  if (!logical_types || type.logical_type.empty()) return text;
  return fmt::format("{} ({})", text, type.logical_type);
}

}  // namespace topicform
