// The few facts about Protobuf's types that the rules share: labels' words and wire groups.
#include "core/model/proto_types.hpp"

#include <algorithm>
#include <array>

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

const ProtoMessage* ProtoDocument::first_message() const {
  std::string prefix = package.empty() ? "" : package + ".";
  for (const auto& m : messages) {
    // Top level: no further dot after the package.
    if (m.full_name.compare(0, prefix.size(), prefix) == 0 &&
        m.full_name.find('.', prefix.size()) == std::string::npos)
      return &m;
  }
  return nullptr;
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
