// The few facts about Protobuf's types that the rules share: labels' words and wire groups.
#include "core/model/proto_types.hpp"

#include <algorithm>
#include <array>
#include <set>

namespace topicform {

const char* proto_label_name(ProtoLabel label) {
  switch (label) {
    case ProtoLabel::optional:
      return "optional";
    case ProtoLabel::required:
      return "required";
    case ProtoLabel::repeated:
      return "repeated";
  }
  return "optional";
}

const ProtoMessage* ProtoDocument::message(const std::string& full_name) const {
  auto it = std::find_if(messages.begin(), messages.end(),
                         [&](const ProtoMessage& m) { return m.full_name == full_name; });
  return it == messages.end() ? nullptr : &*it;
}

const ProtoMessage* ProtoDocument::imported_message(const std::string& full_name) const {
  auto it = std::find_if(imported_messages.begin(), imported_messages.end(),
                         [&](const ProtoMessage& m) { return m.full_name == full_name; });
  return it == imported_messages.end() ? nullptr : &*it;
}

namespace {

// Top level: no further dot after the package.
bool top_level(const ProtoDocument& doc, const ProtoMessage& m) {
  std::size_t prefix = doc.package.empty() ? 0 : doc.package.size() + 1;
  return m.full_name.size() > prefix && m.full_name.find('.', prefix) == std::string::npos;
}

}  // namespace

const ProtoMessage* ProtoDocument::first_message() const {
  for (const auto& m : messages)
    if (top_level(*this, m)) return &m;
  return nullptr;
}

std::size_t ProtoDocument::top_level_messages() const {
  return static_cast<std::size_t>(
      std::count_if(messages.begin(), messages.end(),
                    [&](const ProtoMessage& m) { return top_level(*this, m); }));
}

const ProtoMessage* ProtoDocument::topic_message(const std::string& named) const {
  return named.empty() ? first_message() : message(named);
}

bool proto_numeric(const std::string& type) {
  static const std::set<std::string> kNumbers{"int32",    "int64",    "uint32",  "uint64",
                                              "sint32",   "sint64",   "fixed32", "fixed64",
                                              "sfixed32", "sfixed64", "float",   "double"};
  return kNumbers.count(type) > 0;
}

std::string proto_wire_group(const std::string& type) {
  struct Group {
    const char* type;
    const char* group;
  };
  static constexpr std::array<Group, 16> kGroups{{{"int32", "varint"},
                                                  {"int64", "varint"},
                                                  {"uint32", "varint"},
                                                  {"uint64", "varint"},
                                                  {"bool", "varint"},
                                                  {"enum", "varint"},
                                                  {"sint32", "zigzag"},
                                                  {"sint64", "zigzag"},
                                                  {"string", "length"},
                                                  {"bytes", "length"},
                                                  {"fixed32", "fixed32"},
                                                  {"sfixed32", "fixed32"},
                                                  {"fixed64", "fixed64"},
                                                  {"sfixed64", "fixed64"},
                                                  {"float", "float"},
                                                  {"double", "double"}}};
  for (const auto& g : kGroups)
    if (type == g.type) return g.group;
  return type;  // "message", "group"
}

}  // namespace topicform
