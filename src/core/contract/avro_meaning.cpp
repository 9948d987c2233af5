// Avro fields compared for meaning: types told without logical types or docs, so only a field
// whose values are read the same way and whose words changed is told.
#include "core/contract/avro_meaning.hpp"

#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace topicform {
namespace {

const AvroType& type_at(const AvroSchema& schema, int index) {
  return schema.types[static_cast<std::size_t>(index)];
}

// The logical types a field's values carry: its type's, or its union branches' in order.
std::string logical(const AvroSchema& schema, int index) {
  const AvroType& type = type_at(schema, index);
  if (type.kind != AvroKind::union_of) return type.logical_type;
  std::vector<std::string> parts;
  for (int branch : type.branches) {
    if (!type_at(schema, branch).logical_type.empty())
      parts.push_back(type_at(schema, branch).logical_type);
  }
  return fmt::format("{}", fmt::join(parts, ","));
}

void compare_fields(const AvroSchema& before, const AvroType& was, const AvroSchema& now,
                    const AvroType& is, std::vector<AvroMeaningChange>& out) {
  std::map<std::string, const AvroField*> earlier;
  for (const auto& field : was.fields) earlier[field.name] = &field;
  for (const auto& field : is.fields) {
    auto found = earlier.find(field.name);
    if (found == earlier.end()) continue;
    const AvroField& old = *found->second;
    // Values read the same way: the types without their logical types are alike.
    if (avro_type_text(before, old.type, false) != avro_type_text(now, field.type, false)) continue;
    std::string old_logical = logical(before, old.type);
    std::string new_logical = logical(now, field.type);
    if (old_logical != new_logical) {
      out.push_back({field.name, field.pointer, true, old_logical, new_logical});
    } else if (!old.doc.empty() && !field.doc.empty() && old.doc != field.doc) {
      out.push_back({field.name, field.pointer, false, old.doc, field.doc});
    }
  }
}

}  // namespace

std::vector<AvroMeaningChange> avro_meaning_changes(const AvroSchema& before,
                                                    const AvroSchema& now) {
  std::map<std::string, const AvroType*> records;
  for (const auto& type : before.types) {
    if (type.kind == AvroKind::record) records[avro_unqualified(type.full_name)] = &type;
  }
  std::vector<AvroMeaningChange> out;
  for (const auto& type : now.types) {
    if (type.kind != AvroKind::record) continue;
    auto found = records.find(avro_unqualified(type.full_name));
    if (found != records.end()) compare_fields(before, *found->second, now, type, out);
  }
  return out;
}

}  // namespace topicform
