// Avro's own words for its kinds, and names without their namespace.
#include "core/model/avro_types.hpp"

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

}  // namespace topicform
