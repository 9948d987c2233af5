// Source locations come from the parser's SourceCodeInfo, which the importer keeps.
#include "manifest/proto_document.hpp"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>

namespace topicform {
namespace {

namespace pb = google::protobuf;

// Where `element` was written, and its leading comment trimmed into `comment` (when given).
template <typename Element>
Location place_of(const Element& element, const std::string& shown,
                  std::string* comment = nullptr) {
  pb::SourceLocation location;
  if (!element.GetSourceLocation(&location)) return Location{shown, 1, 1};
  if (comment != nullptr) {
    std::string text = location.leading_comments;
    auto first = text.find_first_not_of(" \t\r\n");
    auto last = text.find_last_not_of(" \t\r\n");
    *comment = first == std::string::npos ? "" : text.substr(first, last - first + 1);
  }
  return Location{shown, location.start_line + 1, location.start_column + 1};
}

// `full_name` without the package of the file that defines the field's type.
std::string local_name(const std::string& full_name, const pb::FieldDescriptor& field) {
  const pb::FileDescriptor* file =
      field.message_type() != nullptr ? field.message_type()->file() : field.enum_type()->file();
  const std::string& package = file->package();
  return package.empty() ? full_name : full_name.substr(package.size() + 1);
}

ProtoLabel label_of(const pb::FieldDescriptor& field) {
  if (field.is_repeated()) return ProtoLabel::repeated;
  if (field.is_required()) return ProtoLabel::required;
  return ProtoLabel::optional;
}

ProtoField field_of(const pb::FieldDescriptor& field, const std::string& shown) {
  ProtoField out;
  out.name = field.name();
  out.number = field.number();
  out.label = label_of(field);
  out.map = field.is_map();
  // As Confluent's parser sees it: a map field and a oneof's member carry no label.
  out.labelled = !out.map && field.real_containing_oneof() == nullptr &&
                 (field.is_repeated() || field.is_required() || field.has_optional_keyword());
  if (field.type() == pb::FieldDescriptor::TYPE_MESSAGE) {
    out.type = "message";
    out.type_name = field.message_type()->full_name();
  } else if (field.type() == pb::FieldDescriptor::TYPE_GROUP) {
    out.type = "group";
    out.type_name = field.message_type()->full_name();
  } else if (field.type() == pb::FieldDescriptor::TYPE_ENUM) {
    out.type = "enum";
    out.type_name = field.enum_type()->full_name();
  } else {
    out.type = pb::FieldDescriptor::TypeName(field.type());
  }
  if (!out.type_name.empty()) out.type_local = local_name(out.type_name, field);
  if (const pb::OneofDescriptor* oneof = field.real_containing_oneof()) out.oneof = oneof->name();
  out.at = place_of(field, shown, &out.comment);
  return out;
}

ProtoEnum enum_of(const pb::EnumDescriptor& enumeration, const std::string& shown) {
  ProtoEnum out;
  out.full_name = enumeration.full_name();
  out.at = place_of(enumeration, shown);
  for (int i = 0; i < enumeration.value_count(); ++i) {
    const pb::EnumValueDescriptor& value = *enumeration.value(i);
    out.values.push_back({value.name(), value.number(), place_of(value, shown)});
  }
  return out;
}

void add_message(const pb::Descriptor& message, const std::string& shown, ProtoDocument& out) {
  ProtoMessage m;
  m.full_name = message.full_name();
  m.map_entry = message.options().map_entry();
  m.at = place_of(message, shown, &m.comment);
  for (int i = 0; i < message.field_count(); ++i)
    m.fields.push_back(field_of(*message.field(i), shown));
  for (int i = 0; i < message.reserved_range_count(); ++i) {
    const auto* range = message.reserved_range(i);
    m.reserved_numbers.emplace_back(range->start, range->end - 1);  // `end` is exclusive
  }
  for (int i = 0; i < message.reserved_name_count(); ++i)
    m.reserved_names.push_back(message.reserved_name(i));
  out.messages.push_back(std::move(m));
  for (int i = 0; i < message.enum_type_count(); ++i)
    out.enums.push_back(enum_of(*message.enum_type(i), shown));
  for (int i = 0; i < message.nested_type_count(); ++i)
    add_message(*message.nested_type(i), shown, out);
}

ProtoService service_of(const pb::ServiceDescriptor& service, const std::string& shown) {
  ProtoService out;
  out.full_name = service.full_name();
  out.at = place_of(service, shown);
  for (int i = 0; i < service.method_count(); ++i) {
    const pb::MethodDescriptor& method = *service.method(i);
    out.methods.push_back({method.name(), method.input_type()->full_name(),
                           method.output_type()->full_name(), method.client_streaming(),
                           method.server_streaming(), place_of(method, shown)});
  }
  return out;
}

}  // namespace

ProtoDocument proto_document(const pb::FileDescriptor& file, const std::string& shown) {
  ProtoDocument out;
  out.file = shown;
  out.syntax = pb::FileDescriptor::SyntaxName(file.syntax());
  out.package = file.package();
  for (int i = 0; i < file.dependency_count(); ++i)
    out.imports.push_back(file.dependency(i)->name());
  for (int i = 0; i < file.message_type_count(); ++i)
    add_message(*file.message_type(i), shown, out);
  for (int i = 0; i < file.enum_type_count(); ++i)
    out.enums.push_back(enum_of(*file.enum_type(i), shown));
  for (int i = 0; i < file.service_count(); ++i)
    out.services.push_back(service_of(*file.service(i), shown));
  return out;
}

void add_imported_messages(const pb::FileDescriptor& file, const std::string& shown,
                           ProtoDocument& out) {
  ProtoDocument defined;
  for (int i = 0; i < file.message_type_count(); ++i)
    add_message(*file.message_type(i), shown, defined);
  for (auto& message : defined.messages) out.imported_messages.push_back(std::move(message));
}

}  // namespace topicform
