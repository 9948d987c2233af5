// An Avro record's fields for the catalogue, with types in the words a reader knows ("long
// (timestamp-millis)", "null | string", "array<record Money>": avro_type_text).
#include "docs/message_fields.hpp"

#include "core/model/avro_types.hpp"

namespace topicform {

Table message_fields(const CatalogueTopic& topic) {
  Table table{{"Field", "Type", "Default", "Doc"}, {}};
  const auto& avro = topic.spec().owner.avro_schema;
  if (!avro) return table;
  const AvroSchema& schema = avro->avro;
  const AvroType& root = schema.types[static_cast<std::size_t>(schema.root)];
  for (const auto& field : root.fields) {
    table.rows.push_back({field.name, avro_type_text(schema, field.type, true),
                          field.default_value ? field.default_value->dump() : "—",
                          field.doc.empty() ? "—" : field.doc});
  }
  return table;
}

}  // namespace topicform
