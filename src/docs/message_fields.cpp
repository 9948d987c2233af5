// A message's fields for the catalogue, with types in the words a reader knows: Avro's "long
// (timestamp-millis)", "null | string", "array<record Money>" (avro_type_text); Protobuf's as
// written ("repeated string", "map<string, int64>").
#include "docs/message_fields.hpp"

#include <fmt/format.h>

#include "core/model/avro_types.hpp"
#include "core/model/proto_types.hpp"

namespace topicform {

namespace {

// A Protobuf field's type as written: "repeated string", "map<string, int64>", "shop.Money".
std::string proto_type_text(const ProtoDocument& doc, const ProtoField& field) {
  if (field.map) {
    const ProtoMessage* entry = doc.message(field.type_name);
    if (entry != nullptr && entry->fields.size() == 2)
      return fmt::format("map<{}, {}>", proto_type_text(doc, entry->fields[0]),
                         proto_type_text(doc, entry->fields[1]));
  }
  std::string type = field.type_name.empty() ? field.type : field.type_name;
  return field.label == ProtoLabel::repeated ? "repeated " + type : type;
}

Table proto_fields(const ProtoDocument& doc, const std::string& named) {
  Table table{{"Field", "Number", "Type", "Comment"}, {}};
  const ProtoMessage* message = doc.topic_message(named);
  if (message == nullptr) return table;
  for (const auto& field : message->fields) {
    std::string type = proto_type_text(doc, field);
    if (!field.oneof.empty()) type += fmt::format(" (oneof {})", field.oneof);
    table.rows.push_back({field.name, std::to_string(field.number), type,
                          field.comment.empty() ? "—" : field.comment});
  }
  return table;
}

}  // namespace

std::string fields_note(const CatalogueTopic& topic) {
  const OwnerCard& owner = topic.spec().owner;
  if (owner.proto_schema) {
    const ProtoMessage* message = owner.proto_schema->topic_message(owner.schema_message.value);
    return fmt::format("The fields of the Protobuf message {}, as the schema file declares them.",
                       message ? message->full_name : "");
  }
  return "The fields of the message's Avro record, as the schema file declares them.";
}

Table message_fields(const CatalogueTopic& topic) {
  const OwnerCard& owner = topic.spec().owner;
  if (owner.proto_schema) return proto_fields(*owner.proto_schema, owner.schema_message.value);
  Table table{{"Field", "Type", "Default", "Doc"}, {}};
  const auto& avro = owner.avro_schema;
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
