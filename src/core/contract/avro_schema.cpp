// Avro's schema grammar (specification 1.11, "Schema Declaration"): each node is a primitive
// name, a reference to a named type defined before it, an object with "type", or a union array.
// Named types are registered as they are entered, so a record may refer to itself.
#include "core/contract/avro_schema.hpp"

#include <array>
#include <map>
#include <set>
#include <string_view>

#include <fmt/format.h>

namespace topicform {
namespace {

using Json = nlohmann::json;

constexpr std::array<std::pair<std::string_view, AvroKind>, 8> kPrimitives{{
    {"null", AvroKind::null},
    {"boolean", AvroKind::boolean},
    {"int", AvroKind::int32},
    {"long", AvroKind::int64},
    {"float", AvroKind::float32},
    {"double", AvroKind::float64},
    {"bytes", AvroKind::bytes},
    {"string", AvroKind::string},
}};

std::optional<AvroKind> primitive(std::string_view name) {
  for (const auto& [word, kind] : kPrimitives)
    if (word == name) return kind;
  return std::nullopt;
}

// A JSON pointer one step down, escaped as RFC 6901 says.
std::string child(const std::string& pointer, const std::string& key) {
  std::string out = pointer + "/";
  for (char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return out;
}

// [A-Za-z_][A-Za-z0-9_]*: the only names Avro allows (a full name joins them with dots).
bool avro_name(std::string_view name) {
  if (name.empty()) return false;
  auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
  if (!letter(name[0])) return false;
  for (char c : name)
    if (!letter(c) && !(c >= '0' && c <= '9')) return false;
  return true;
}

bool avro_full_name(std::string_view name) {
  for (std::size_t from = 0;;) {
    auto dot = name.find('.', from);
    if (!avro_name(name.substr(from, dot - from))) return false;
    if (dot == std::string_view::npos) return true;
    from = dot + 1;
  }
}

// A default as a message shows it: its JSON, cut after 40 characters.
std::string shown(const Json& value) {
  std::string text = value.dump();
  return text.size() > 40 ? text.substr(0, 40) + "..." : text;
}

// Copies a referenced file's type, and every type it reaches, into the schema that uses it; a
// named type once. Each copy is placed where this file uses it: a break inside it is reported
// there, since the referenced file's places are in another file.
class ReferencedCopy {
 public:
  ReferencedCopy(const AvroSchema& from, AvroSchema& into, std::string pointer,
                 std::set<int>& copied)
      : m_from(from), m_into(into), m_pointer(std::move(pointer)), m_copied(copied) {}

  int operator()(int index) {
    const AvroType& type = m_from.types[index];
    if (auto it = m_into.named.find(type.full_name);
        !type.full_name.empty() && it != m_into.named.end())
      return it->second;
    if (auto it = m_done.find(index); it != m_done.end()) return it->second;
    int at = static_cast<int>(m_into.types.size());
    m_into.types.push_back(type);
    m_into.types[at].pointer = m_pointer;
    m_copied.insert(at);
    m_done[index] = at;
    if (!type.full_name.empty()) m_into.named[type.full_name] = at;
    for (std::size_t f = 0; f < type.fields.size(); ++f) {
      int inner = (*this)(type.fields[f].type);  // may grow m_into.types: index, never hold
      m_into.types[at].fields[f].type = inner;
      m_into.types[at].fields[f].pointer = m_pointer;
    }
    if (type.items >= 0) m_into.types[at].items = (*this)(type.items);
    for (std::size_t b = 0; b < type.branches.size(); ++b)
      m_into.types[at].branches[b] = (*this)(type.branches[b]);
    return at;
  }

 private:
  const AvroSchema& m_from;
  AvroSchema& m_into;
  std::string m_pointer;
  std::set<int>& m_copied;
  std::map<int, int> m_done;  // index in m_from -> index in m_into
};

class AvroReader {
 public:
  AvroReader(const MessageSchema& schema, std::vector<Diagnostic>& diagnostics,
             const std::vector<const AvroSchema*>& references)
      : m_schema(schema), m_diagnostics(diagnostics), m_references(references) {}

  std::optional<AvroSchema> read() {
    m_out.root = node(m_schema.root, "", "");
    check_defaults();
    if (m_failed) return std::nullopt;
    return std::move(m_out);
  }

 private:
  void problem(const std::string& pointer, const std::string& message) {
    m_failed = true;
    m_diagnostics.push_back({Severity::error, "contract/schema-invalid", "Avro schema: " + message,
                             m_schema.at(pointer)});
  }

  int add(AvroType type) {
    m_out.types.push_back(std::move(type));
    return static_cast<int>(m_out.types.size()) - 1;
  }

  int node(const Json& json, const std::string& pointer, const std::string& space) {
    if (json.is_string()) return named_or_primitive(json.get<std::string>(), pointer, space);
    if (json.is_array()) return union_of(json, pointer, space);
    if (!json.is_object() || !json.contains("type")) {
      problem(pointer, "a schema is a type name, an object with \"type\", or an array (a union)");
      return -1;
    }
    const Json& type = json["type"];
    if (!type.is_string()) return node(type, child(pointer, "type"), space);
    std::string word = type.get<std::string>();
    if (word == "record" || word == "error") return record(json, pointer, space);
    if (word == "enum") return enumeration(json, pointer, space);
    if (word == "fixed") return fixed(json, pointer, space);
    if (word == "array" || word == "map") return container(json, pointer, space, word == "map");
    int at = named_or_primitive(word, child(pointer, "type"), space);
    if (at >= 0 && json.contains("logicalType") && json["logicalType"].is_string() &&
        m_out.types[at].full_name.empty()) {
      AvroType annotated = m_out.types[at];
      annotated.logical_type = json["logicalType"].get<std::string>();
      annotated.pointer = pointer;
      return add(std::move(annotated));
    }
    return at;
  }

  int named_or_primitive(const std::string& word, const std::string& pointer,
                         const std::string& space) {
    if (auto kind = primitive(word)) {
      AvroType type;
      type.kind = *kind;
      type.pointer = pointer;
      return add(std::move(type));
    }
    std::string full =
        word.find('.') == std::string::npos && !space.empty() ? space + "." + word : word;
    if (auto it = m_out.named.find(full); it != m_out.named.end()) return it->second;
    if (auto it = m_out.named.find(word); it != m_out.named.end()) return it->second;
    for (const std::string& name : {full, word}) {
      if (auto [from, index] = referenced(name); from != nullptr)
        return ReferencedCopy(*from, m_out, pointer, m_copied)(index);
    }
    problem(pointer, fmt::format("'{}' is neither a primitive type nor a named type defined "
                                 "before it in this file{}",
                                 word, m_references.empty() ? "" : " or in its references"));
    return -1;
  }

  // The referenced file that defines `full_name` (the last listed, as a later one may build on
  // an earlier), and the type's index in it.
  std::pair<const AvroSchema*, int> referenced(const std::string& full_name) const {
    for (auto it = m_references.rbegin(); it != m_references.rend(); ++it) {
      if (auto found = (*it)->named.find(full_name); found != (*it)->named.end())
        return {*it, found->second};
    }
    return {nullptr, -1};
  }

  // Registers a named type: its full name (from "name" and "namespace", or the enclosing one)
  // must be an Avro name and new. Returns its index, and sets `space` to its namespace.
  int named(const Json& json, const std::string& pointer, AvroKind kind, std::string& space) {
    auto name = json.find("name");
    if (name == json.end() || !name->is_string()) {
      problem(pointer, fmt::format("a {} needs a \"name\"", avro_kind_name(kind)));
      return -1;
    }
    std::string word = name->get<std::string>();
    if (auto ns = json.find("namespace");
        ns != json.end() && ns->is_string() && word.find('.') == std::string::npos)
      space = ns->get<std::string>();
    std::string full =
        word.find('.') != std::string::npos || space.empty() ? word : space + "." + word;
    if (auto dot = full.rfind('.'); dot != std::string::npos) space = full.substr(0, dot);
    if (!avro_full_name(full) || primitive(full)) {
      problem(child(pointer, "name"), fmt::format("'{}' is not an Avro name: letters, digits "
                                                  "and '_', not starting with a digit",
                                                  full));
      return -1;
    }
    bool in_reference = referenced(full).first != nullptr;
    if (m_out.named.count(full) || in_reference) {
      problem(child(pointer, "name"), fmt::format("'{}' is defined twice{}", full,
                                                  in_reference ? ": here and in a reference" : ""));
      return -1;
    }
    AvroType type;
    type.kind = kind;
    type.full_name = full;
    type.pointer = pointer;
    if (auto doc = json.find("doc"); doc != json.end() && doc->is_string())
      type.doc = doc->get<std::string>();
    type.aliases = aliases(json, pointer);
    int at = add(std::move(type));
    m_out.named[full] = at;
    return at;
  }

  std::vector<std::string> aliases(const Json& json, const std::string& pointer) {
    std::vector<std::string> out;
    auto list = json.find("aliases");
    if (list == json.end()) return out;
    if (!list->is_array()) {
      problem(child(pointer, "aliases"), "\"aliases\" is an array of names");
      return out;
    }
    for (std::size_t i = 0; i < list->size(); ++i) {
      const Json& alias = (*list)[i];
      if (alias.is_string() && avro_full_name(alias.get<std::string>())) {
        out.push_back(alias.get<std::string>());
      } else {
        problem(child(child(pointer, "aliases"), std::to_string(i)), "an alias is an Avro name");
      }
    }
    return out;
  }

  int record(const Json& json, const std::string& pointer, std::string space) {
    int at = named(json, pointer, AvroKind::record, space);
    if (at < 0) return -1;
    auto fields = json.find("fields");
    if (fields == json.end() || !fields->is_array()) {
      problem(pointer, "a record needs \"fields\", an array");
      return -1;
    }
    std::set<std::string> seen;
    for (std::size_t i = 0; i < fields->size(); ++i) {
      std::string place = child(child(pointer, "fields"), std::to_string(i));
      auto read = field((*fields)[i], place, space);
      if (!read) continue;
      if (!seen.insert(read->name).second)
        problem(place, fmt::format("field '{}' is declared twice", read->name));
      m_out.types[at].fields.push_back(std::move(*read));
    }
    return at;
  }

  std::optional<AvroField> field(const Json& json, const std::string& pointer,
                                 const std::string& space) {
    if (!json.is_object() || !json.contains("name") || !json["name"].is_string() ||
        !json.contains("type")) {
      problem(pointer, "a field is an object with a \"name\" and a \"type\"");
      return std::nullopt;
    }
    AvroField out;
    out.name = json["name"].get<std::string>();
    out.pointer = pointer;
    if (!avro_name(out.name)) {
      problem(child(pointer, "name"), fmt::format("field name '{}' is not an Avro name", out.name));
      return std::nullopt;
    }
    out.type = node(json["type"], child(pointer, "type"), space);
    if (out.type < 0) return std::nullopt;
    if (json.contains("default")) out.default_value = json["default"];
    if (auto doc = json.find("doc"); doc != json.end() && doc->is_string())
      out.doc = doc->get<std::string>();
    out.aliases = aliases(json, pointer);
    return out;
  }

  int enumeration(const Json& json, const std::string& pointer, std::string space) {
    int at = named(json, pointer, AvroKind::enumeration, space);
    if (at < 0) return -1;
    auto symbols = json.find("symbols");
    if (symbols == json.end() || !symbols->is_array()) {
      problem(pointer, "an enum needs \"symbols\", an array of names");
      return -1;
    }
    std::set<std::string> seen;
    for (std::size_t i = 0; i < symbols->size(); ++i) {
      std::string place = child(child(pointer, "symbols"), std::to_string(i));
      const Json& symbol = (*symbols)[i];
      if (!symbol.is_string() || !avro_name(symbol.get<std::string>())) {
        problem(place, "an enum symbol is an Avro name");
      } else if (!seen.insert(symbol.get<std::string>()).second) {
        problem(place, fmt::format("symbol '{}' is listed twice", symbol.get<std::string>()));
      } else {
        m_out.types[at].symbols.push_back(symbol.get<std::string>());
      }
    }
    if (auto fallback = json.find("default"); fallback != json.end()) {
      if (!fallback->is_string() || !seen.count(fallback->get<std::string>()))
        problem(child(pointer, "default"), "an enum's default is one of its symbols");
      else
        m_out.types[at].fallback = fallback->get<std::string>();
    }
    return at;
  }

  int fixed(const Json& json, const std::string& pointer, std::string space) {
    int at = named(json, pointer, AvroKind::fixed, space);
    if (at < 0) return -1;
    auto size = json.find("size");
    if (size == json.end() || !size->is_number_integer() || size->get<std::int64_t>() < 0) {
      problem(pointer, "a fixed needs \"size\", a whole number of bytes");
      return -1;
    }
    m_out.types[at].size = size->get<std::int64_t>();
    return at;
  }

  int container(const Json& json, const std::string& pointer, const std::string& space, bool map) {
    const char* key = map ? "values" : "items";
    if (!json.contains(key)) {
      problem(pointer, fmt::format("{} needs \"{}\"", map ? "a map" : "an array", key));
      return -1;
    }
    AvroType type;
    type.kind = map ? AvroKind::map : AvroKind::array;
    type.pointer = pointer;
    int at = add(std::move(type));
    int inner = node(json[key], child(pointer, key), space);
    m_out.types[at].items = inner;
    return inner < 0 ? -1 : at;
  }

  // Avro forbids a union directly in a union, and two branches of one kind unless both are
  // named types with different names.
  int union_of(const Json& json, const std::string& pointer, const std::string& space) {
    AvroType type;
    type.kind = AvroKind::union_of;
    type.pointer = pointer;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < json.size(); ++i) {
      std::string place = child(pointer, std::to_string(i));
      int branch = node(json[i], place, space);
      if (branch < 0) continue;
      const AvroType& chosen = m_out.types[branch];
      std::string key = chosen.full_name.empty() ? avro_kind_name(chosen.kind) : chosen.full_name;
      if (chosen.kind == AvroKind::union_of)
        problem(place, "a union cannot hold another union directly");
      else if (!seen.insert(key).second)
        problem(place, fmt::format("the union holds '{}' twice", key));
      type.branches.push_back(branch);
    }
    return add(std::move(type));
  }

  void check_defaults() {
    for (std::size_t i = 0; i < m_out.types.size(); ++i) {
      if (m_copied.count(static_cast<int>(i))) continue;  // checked in its own file
      for (const AvroField& f : m_out.types[i].fields) {
        std::string why;
        if (f.default_value && !valid_avro_default(m_out, f.type, *f.default_value, why))
          problem(child(f.pointer, "default"), fmt::format("the default {} of field '{}' {}",
                                                           shown(*f.default_value), f.name, why));
      }
    }
  }

  const MessageSchema& m_schema;
  std::vector<Diagnostic>& m_diagnostics;
  const std::vector<const AvroSchema*>& m_references;
  std::set<int> m_copied;  // types copied from references
  AvroSchema m_out;
  bool m_failed = false;
};

}  // namespace

std::optional<AvroSchema> read_avro(const MessageSchema& schema,
                                    std::vector<Diagnostic>& diagnostics,
                                    const std::vector<const AvroSchema*>& references) {
  return AvroReader(schema, diagnostics, references).read();
}

}  // namespace topicform
