// Avro types in words a reader of the catalogue knows: "long (timestamp-millis)", "null | string",
// "array<record Money>"; named types by their unqualified name, so recursion ends at a name.
#include "docs/message_fields.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/model/avro_types.hpp"

namespace topicform {
namespace {

std::string type_text(const AvroSchema& schema, int index) {
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
      text = fmt::format("{}<{}>", kind, type_text(schema, type.items));
      break;
    case AvroKind::union_of: {
      std::vector<std::string> branches;
      for (int branch : type.branches) branches.push_back(type_text(schema, branch));
      return fmt::format("{}", fmt::join(branches, " | "));
    }
    default:
      text = kind;
  }
  return type.logical_type.empty() ? text : fmt::format("{} ({})", text, type.logical_type);
}

}  // namespace

Table message_fields(const CatalogueTopic& topic) {
  Table table{{"Field", "Type", "Default", "Doc"}, {}};
  const auto& avro = topic.spec().owner.avro_schema;
  if (!avro) return table;
  const AvroSchema& schema = avro->avro;
  const AvroType& root = schema.types[static_cast<std::size_t>(schema.root)];
  for (const auto& field : root.fields) {
    table.rows.push_back({field.name, type_text(schema, field.type),
                          field.default_value ? field.default_value->dump() : "—",
                          field.doc.empty() ? "—" : field.doc});
  }
  return table;
}

}  // namespace topicform
