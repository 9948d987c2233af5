// Apicurio matches by name as much as by number: a field renamed, renumbered, retyped or removed
// without reserving its name and number is a break there, while oneofs and packages are not
// looked at. Enum values are held to the same names and numbers (its parser keeps no enum
// reservations, so none are honoured). A service's RPCs, by name, are kept with their request,
// response and streaming.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "core/contract/proto_compatibility.hpp"

namespace topicform {
namespace {

// One message or enum as Apicurio sees it: its members by name, their numbers, and what it
// reserves (numbers and names).
struct Members {
  Location at;
  std::map<std::string, std::int32_t> numbers;  // name -> number
  std::map<std::int32_t, std::string> names;    // number -> name
  std::map<std::string, const ProtoField*> fields;
  std::map<std::string, Location> places;
  std::vector<ProtoRange> reserved_numbers;
  std::vector<std::string> reserved_names;
  bool proto2 = false;

  bool reserves(std::int32_t number) const {
    return std::any_of(reserved_numbers.begin(), reserved_numbers.end(), [&](const ProtoRange& r) {
      return r.first <= number && number <= r.second;
    });
  }
  bool reserves(const std::string& name) const {
    return std::find(reserved_names.begin(), reserved_names.end(), name) != reserved_names.end();
  }
};

// Every message (map entries too) and enum of `doc` by its name inside the file.
std::map<std::string, Members> members_of(const ProtoDocument& doc) {
  std::map<std::string, Members> out;
  for (const auto& m : doc.messages) {
    Members& members = out[doc.local_name(m.full_name)];
    members.at = m.at;
    members.proto2 = doc.syntax == "proto2";
    members.reserved_numbers = m.reserved_numbers;
    members.reserved_names = m.reserved_names;
    for (const auto& f : m.fields) {
      members.numbers[f.name] = f.number;
      members.names[f.number] = f.name;
      members.fields[f.name] = &f;
      members.places[f.name] = f.at;
    }
  }
  for (const auto& e : doc.enums) {
    Members& members = out[doc.local_name(e.full_name)];
    members.at = e.at;
    for (const auto& v : e.values) {
      members.numbers[v.name] = v.number;
      members.names[v.number] = v.name;
      members.places[v.name] = v.at;
    }
  }
  return out;
}

// A field's type as Apicurio compares it: the full type name, or the scalar's.
std::string type_of(const ProtoField& f) { return f.type_name.empty() ? f.type : f.type_name; }

// The type with its label where it is not the plain one: "repeated string", "int32".
std::string shown(const ProtoField& f) {
  return f.label == ProtoLabel::optional
             ? type_of(f)
             : fmt::format("{} {}", proto_label_name(f.label), type_of(f));
}

struct Checker {
  std::vector<ProtoChange> out;

  void add(const char* kind, std::string path, std::string detail, Location was, Location now) {
    out.push_back({kind, true, std::move(path), std::move(detail), was, now});
  }

  // Reservations kept, and none taken by a member.
  void reservations(const std::string& path, const Members& o, const Members& u) {
    for (const auto& [name, number] : u.numbers) {
      if (o.reserves(number) || o.reserves(name))
        add("RESERVED_FIELD_USED", fmt::format("{}.{} = {}", path, name, number), "", o.at,
            u.places.at(name));
    }
    for (const auto& range : o.reserved_numbers)
      for (std::int32_t n : {range.first, range.second})
        if (!u.reserves(n))
          add("RESERVED_REMOVED", fmt::format("{} reserved {}", path, n), "", o.at, u.at);
    for (const auto& name : o.reserved_names)
      if (!u.reserves(name))
        add("RESERVED_REMOVED", fmt::format("{} reserved \"{}\"", path, name), "", o.at, u.at);
  }

  // Members matched by name: still there under the same number and type, or reserved.
  void by_name(const std::string& path, const Members& o, const Members& u) {
    for (const auto& [name, number] : o.numbers) {
      std::string where = fmt::format("{}.{} = {}", path, name, number);
      auto now = u.numbers.find(name);
      if (now == u.numbers.end()) {
        bool number_kept = u.reserves(number) || u.names.count(number);
        if (!u.reserves(name) || !number_kept)
          add("FIELD_REMOVED_WITHOUT_RESERVE", where, "", o.places.at(name), u.at);
        continue;
      }
      Location at = u.places.at(name);
      if (now->second != number)
        add("FIELD_NUMBER_CHANGED", where, fmt::format("{} -> {}", number, now->second),
            o.places.at(name), at);
      auto was_field = o.fields.find(name);
      auto now_field = u.fields.find(name);
      if (was_field == o.fields.end() || now_field == u.fields.end()) continue;
      const ProtoField& a = *was_field->second;
      const ProtoField& b = *now_field->second;
      if (type_of(a) != type_of(b) || a.label != b.label)
        add("FIELD_TYPE_CHANGED", where, fmt::format("{} -> {}", shown(a), shown(b)), a.at, at);
    }
  }

  // Members matched by number: the same name.
  void by_number(const std::string& path, const Members& o, const Members& u) {
    for (const auto& [number, name] : o.names) {
      auto now = u.names.find(number);
      // A number gone (Apicurio counts it here too) is told once, as the removal by_name finds.
      if (now == u.names.end() || now->second == name) continue;
      add("FIELD_NAME_CHANGED", fmt::format("{}.{} = {}", path, now->second, number),
          fmt::format("{} -> {}", name, now->second), o.places.at(name), u.places.at(now->second));
    }
  }

  // proto2: a required member the earlier version did not have.
  void required_added(const std::string& path, const Members& o, const Members& u) {
    if (!o.proto2) return;
    for (const auto& [name, field] : u.fields) {
      if (o.fields.count(name) || field->label != ProtoLabel::required) continue;
      add("REQUIRED_FIELD_ADDED", fmt::format("{}.{} = {}", path, name, field->number), "", o.at,
          field->at);
    }
  }
};

// An RPC as Apicurio compares it: request and response with whether each streams.
std::string signature(const ProtoMethod& m) {
  auto side = [](const std::string& type, bool stream) { return stream ? "stream " + type : type; };
  return fmt::format("({}) returns ({})", side(m.input, m.client_streaming),
                     side(m.output, m.server_streaming));
}

// The RPC called `name` of `service`, or nullptr (also when there is no such service).
const ProtoMethod* rpc_named(const ProtoService* service, const std::string& name) {
  if (service == nullptr) return nullptr;
  for (const auto& m : service->methods)
    if (m.name == name) return &m;
  return nullptr;
}

// Each RPC of the earlier version's services, by service name inside the file: still there, with
// the same signature.
void rpcs(Checker& checker, const ProtoDocument& original, const ProtoDocument& update) {
  std::map<std::string, const ProtoService*> after;
  for (const auto& s : update.services) after[update.local_name(s.full_name)] = &s;
  for (const auto& s : original.services) {
    std::string name = original.local_name(s.full_name);
    auto found = after.find(name);
    const ProtoService* now_service = found == after.end() ? nullptr : found->second;
    for (const auto& m : s.methods) {
      std::string where = fmt::format("{}.{}", name, m.name);
      const ProtoMethod* now = rpc_named(now_service, m.name);
      if (now == nullptr) {
        Location at = now_service ? now_service->at : Location{update.file, 1, 1};
        checker.add("RPC_REMOVED", where, "", m.at, at);
      } else if (signature(m) != signature(*now)) {
        checker.add("RPC_SIGNATURE_CHANGED", where,
                    fmt::format("{} -> {}", signature(m), signature(*now)), m.at, now->at);
      }
    }
  }
}

}  // namespace

std::vector<ProtoChange> apicurio_changes(const ProtoDocument& original,
                                          const ProtoDocument& update) {
  Checker checker;
  auto before = members_of(original), after = members_of(update);
  Members gone;  // what stands for a message or enum the update lacks
  gone.at = Location{update.file, 1, 1};
  for (const auto& [path, o] : before) {
    auto found = after.find(path);
    const Members& u = found == after.end() ? gone : found->second;
    checker.reservations(path, o, u);
    checker.by_name(path, o, u);
    if (found != after.end()) checker.by_number(path, o, u);
    checker.required_added(path, o, u);
  }
  rpcs(checker, original, update);
  return checker.out;
}

}  // namespace topicform
