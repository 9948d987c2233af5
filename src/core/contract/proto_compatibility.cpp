// Confluent's rules compare messages by their name inside the file and fields by number: what
// the wire carries. Apicurio's also hold the names and the reservations, as protolock does.
#include "core/contract/proto_compatibility.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

namespace topicform {
namespace {

using ByNumber = std::map<std::int32_t, const ProtoField*>;

std::string parent_of(const std::string& local) {
  auto dot = local.rfind('.');
  return dot == std::string::npos ? "" : local.substr(0, dot);
}

std::map<std::string, const ProtoMessage*> by_local_name(const ProtoDocument& doc) {
  std::map<std::string, const ProtoMessage*> out;
  for (const auto& m : doc.messages)
    if (!m.map_entry) out.emplace(doc.local_name(m.full_name), &m);
  return out;
}

enum class Kind { scalar, map, message };

Kind kind_of(const ProtoField& f) {
  if (f.map) return Kind::map;
  return f.type == "message" || f.type == "group" ? Kind::message : Kind::scalar;
}

std::string type_text(const ProtoField& f) {
  std::string type = f.type_name.empty() ? f.type : f.type_name;
  return f.labelled ? fmt::format("{} {}", proto_label_name(f.label), type) : type;
}

// Where the change stands in each file: the field, or the message that holds (or held) it.
struct Places {
  Location original;
  Location update;
};

struct Differ {
  const ProtoDocument& o;
  const ProtoDocument& u;
  std::vector<ProtoChange> out;
  std::set<std::string> followed;  // imported message types already compared

  void add(const char* kind, bool breaking, std::string path, std::string detail, Places at) {
    out.push_back({kind, breaking, std::move(path), std::move(detail), at.original, at.update});
  }

  // The key and value of a map field's entry message.
  const ProtoField* entry_field(const ProtoDocument& doc, const ProtoField& f, int index) const {
    const ProtoMessage* entry = doc.message(f.type_name);
    if (entry == nullptr || entry->fields.size() != 2) return nullptr;
    return &entry->fields[static_cast<std::size_t>(index)];
  }

  void compare_types(const ProtoField& of, const ProtoField& uf, bool labels,
                     const std::string& path, Places at) {
    std::string detail = fmt::format("{} -> {}", type_text(of), type_text(uf));
    Kind ok = kind_of(of), uk = kind_of(uf);
    if (ok != uk) return add("FIELD_KIND_CHANGED", true, path, detail, at);
    if (ok == Kind::message) {
      if (of.type_local != uf.type_local)
        add("FIELD_NAMED_TYPE_CHANGED", true, path, detail, at);
      else
        follow(of, uf);
    } else if (ok == Kind::map) {
      for (int i : {0, 1}) {
        const ProtoField* ok_field = entry_field(o, of, i);
        const ProtoField* uk_field = entry_field(u, uf, i);
        if (ok_field && uk_field) compare_types(*ok_field, *uk_field, false, path, at);
      }
    } else if (proto_wire_group(of.type) != proto_wire_group(uf.type)) {
      add("FIELD_SCALAR_KIND_CHANGED", true, path, detail, at);
    } else if (labels && of.labelled && uf.labelled && of.label != uf.label) {
      bool text = proto_wire_group(of.type) == "length";
      add(text ? "FIELD_STRING_OR_BYTES_LABEL_CHANGED" : "FIELD_NUMERIC_LABEL_CHANGED", !text, path,
          detail, at);
    }
  }

  // A message type another file defines, kept by name, is compared field by field (once), as
  // Confluent's registry follows it; a type of this file is compared with the file's messages.
  void follow(const ProtoField& of, const ProtoField& uf) {
    const ProtoMessage* om = o.imported_message(of.type_name);
    const ProtoMessage* um = u.imported_message(uf.type_name);
    if (om == nullptr || um == nullptr || !followed.insert(of.type_name).second) return;
    compare_message(*om, *um, uf.type_local);
  }

  void compare_field(const ProtoField& of, const ProtoField& uf, const std::string& message) {
    std::string path = fmt::format("{}.{} = {}", message, uf.name, uf.number);
    Places at{of.at, uf.at};
    if (of.name != uf.name) add("FIELD_NAME_CHANGED", false, path, of.name + " -> " + uf.name, at);
    compare_types(of, uf, true, path, at);
  }

  void compare_message(const ProtoMessage& om, const ProtoMessage& um, const std::string& path);
  void compare_oneofs(const ProtoMessage& om, const ProtoMessage& um, ByNumber& original_top,
                      const ByNumber& update_all, const std::string& path);
  void compare_messages();
};

ByNumber numbered(const ProtoMessage& m, bool top_level_only) {
  ByNumber out;
  for (const auto& f : m.fields)
    if (!top_level_only || f.oneof.empty()) out.emplace(f.number, &f);
  return out;
}

// The oneofs of `m` in the order written, each with its fields by number.
std::vector<std::pair<std::string, ByNumber>> oneofs_of(const ProtoMessage& m) {
  std::vector<std::pair<std::string, ByNumber>> out;
  for (const auto& f : m.fields) {
    if (f.oneof.empty()) continue;
    auto it =
        std::find_if(out.begin(), out.end(), [&](const auto& o) { return o.first == f.oneof; });
    if (it == out.end()) it = out.insert(out.end(), {f.oneof, {}});
    it->second.emplace(f.number, &f);
  }
  return out;
}

void Differ::compare_oneofs(const ProtoMessage& om, const ProtoMessage& um, ByNumber& original_top,
                            const ByNumber& update_all, const std::string& path) {
  auto original = oneofs_of(om);
  std::map<std::string, const ByNumber*> original_by_name;
  std::set<std::int32_t> in_original_oneofs;
  for (const auto& [name, fields] : original) {
    original_by_name[name] = &fields;
    for (const auto& [number, field] : fields) in_original_oneofs.insert(number);
  }
  for (const auto& [name, fields] : oneofs_of(um)) {
    int moved = 0, existing = 0;
    for (const auto& [number, field] : fields) {
      if (original_top.erase(number))
        ++moved;
      else if (in_original_oneofs.count(number))
        ++existing;
    }
    Places at{om.at, fields.begin()->second->at};
    std::string where = fmt::format("{}.{}", path, name);
    if (moved > 1) add("MULTIPLE_FIELDS_MOVED_TO_ONEOF", true, where, "", at);
    if (moved == 1 && existing > 0) add("FIELD_MOVED_TO_EXISTING_ONEOF", true, where, "", at);
    auto was = original_by_name.find(name);
    if (was == original_by_name.end()) continue;
    for (const auto& [number, field] : *was->second) {
      auto now = fields.find(number);
      if (now != fields.end())
        compare_field(*field, *now->second, path);
      else if (!update_all.count(number))
        add("ONEOF_FIELD_REMOVED", true, fmt::format("{}.{} = {}", where, field->name, number), "",
            {field->at, fields.begin()->second->at});
    }
  }
}

void Differ::compare_message(const ProtoMessage& om, const ProtoMessage& um,
                             const std::string& path) {
  ByNumber original_top = numbered(om, true), update_top = numbered(um, true);
  ByNumber original_all = numbered(om, false), update_all = numbered(um, false);
  compare_oneofs(om, um, original_top, update_all, path);
  std::set<std::int32_t> numbers;
  for (const auto& [n, f] : original_top) numbers.insert(n);
  for (const auto& [n, f] : update_top) numbers.insert(n);
  for (std::int32_t n : numbers) {
    auto was = original_top.find(n);
    auto now = update_top.find(n);
    if (now == update_top.end()) {
      if (was->second->label == ProtoLabel::required)
        add("REQUIRED_FIELD_REMOVED", true, fmt::format("{}.{} = {}", path, was->second->name, n),
            "", {was->second->at, um.at});
    } else if (was == original_top.end()) {
      if (now->second->label == ProtoLabel::required)
        add("REQUIRED_FIELD_ADDED", true, fmt::format("{}.{} = {}", path, now->second->name, n), "",
            {om.at, now->second->at});
    } else {
      compare_field(*was->second, *now->second, path);
    }
  }
  // A field that moved into or out of a oneof (or between oneofs) keeps its number: its type
  // must still read.
  for (const auto& [n, was] : original_all) {
    auto now = update_all.find(n);
    if (now != update_all.end() && was->oneof != now->second->oneof)
      compare_field(*was, *now->second, path);
  }
}

void Differ::compare_messages() {
  if (o.package != u.package) {
    add("PACKAGE_CHANGED", true, o.package.empty() ? "(no package)" : o.package,
        fmt::format("{} -> {}", o.package, u.package), {{o.file, 1, 1}, {u.file, 1, 1}});
  }
  auto original = by_local_name(o), update = by_local_name(u);
  for (const auto& [name, was] : original) {
    auto now = update.find(name);
    if (now != update.end()) {
      compare_message(*was, *now->second, name);
      continue;
    }
    std::string parent = parent_of(name);
    auto holder = update.find(parent);
    if (!parent.empty() && holder == update.end()) continue;  // told at its parent
    Location at = parent.empty() ? Location{u.file, 1, 1} : holder->second->at;
    add("MESSAGE_REMOVED", true, name, "", {was->at, at});
  }
}

}  // namespace

const char* proto_rules_name(ProtoRules rules) {
  return rules == ProtoRules::apicurio ? "Apicurio's" : "Confluent's";
}

std::optional<ProtoRules> parse_proto_rules(const std::string& text) {
  if (text == "confluent") return ProtoRules::confluent;
  if (text == "apicurio") return ProtoRules::apicurio;
  return std::nullopt;
}

std::vector<ProtoChange> proto_changes(const ProtoDocument& original, const ProtoDocument& update,
                                       ProtoRules rules) {
  if (rules == ProtoRules::apicurio) return apicurio_changes(original, update);
  Differ d{original, update, {}, {}};
  d.compare_messages();
  return d.out;
}

const char* proto_fix_for(const std::string& kind) {
  static const std::map<std::string, const char*> kFixes{
      {"PACKAGE_CHANGED", "keep the package; messages of another package belong on a new topic"},
      {"MESSAGE_REMOVED", "keep the message (a comment can mark it deprecated)"},
      {"FIELD_KIND_CHANGED",
       "keep the field's type; for another type add a field with a new number and reserve the "
       "old number and name"},
      {"FIELD_SCALAR_KIND_CHANGED",
       "keep the type, or one of its wire group (int32, int64, uint32, uint64, bool, enum | "
       "sint32, sint64 | string, bytes | fixed32, sfixed32 | fixed64, sfixed64); another type is "
       "a new field with a new number"},
      {"FIELD_NAMED_TYPE_CHANGED",
       "keep the message type; another type is a new field with a new number"},
      {"FIELD_NUMERIC_LABEL_CHANGED",
       "keep the label; a repeated number is a new field with a new number"},
      {"REQUIRED_FIELD_ADDED", "make the new field optional"},
      {"REQUIRED_FIELD_REMOVED", "keep the required field"},
      {"ONEOF_FIELD_REMOVED", "keep the field in its oneof (a comment can mark it deprecated)"},
      {"MULTIPLE_FIELDS_MOVED_TO_ONEOF",
       "leave existing fields where they are; a oneof takes new fields with new numbers"},
      {"FIELD_MOVED_TO_EXISTING_ONEOF",
       "leave the field where it is; a oneof takes new fields with new numbers"},
      {"FIELD_REMOVED_WITHOUT_RESERVE",
       "reserve the removed field's number and name (reserved N; reserved \"name\";) so no one "
       "reuses them"},
      {"FIELD_NAME_CHANGED", "keep the name; a field under a new name is a new field"},
      {"FIELD_NUMBER_CHANGED", "keep the number; the number is what the wire carries"},
      {"FIELD_TYPE_CHANGED", "keep the type; another type is a new field with a new number"},
      {"RESERVED_FIELD_USED", "take a number and name never used before"},
      {"RESERVED_REMOVED", "keep the reservation"},
      {"RPC_REMOVED", "keep the RPC (a comment can mark it deprecated); a new one sits beside it"},
      {"RPC_SIGNATURE_CHANGED",
       "keep the RPC's request, response and streaming; another signature is a new RPC"},
  };
  auto it = kFixes.find(kind);
  return it == kFixes.end() ? "publish on a new topic" : it->second;
}

}  // namespace topicform
