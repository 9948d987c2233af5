// The walk: references followed within each document, each pair of nodes compared once, types
// first, then each family of keywords (schema_diff_*.cpp).
#include "core/contract/schema_diff.hpp"

#include <algorithm>

#include "core/contract/local_ref.hpp"
#include "core/contract/schema_differ.hpp"

namespace topicform {
namespace schema_diff {
namespace {

// Keywords that only describe: a schema with nothing else accepts any value.
bool is_annotation(const std::string& key) {
  static const std::set<std::string> kAnnotations{
      "$id",      "id",         "$schema",          "title",          "description", "default",
      "examples", "$comment",   "definitions",      "$defs",          "readOnly",    "writeOnly",
      "format",   "deprecated", "contentMediaType", "contentEncoding"};
  return kAnnotations.count(key) > 0 || key.starts_with("x-");
}

bool is_remote_ref(const Json& schema) {
  return schema.is_object() && schema.contains("$ref") && schema["$ref"].is_string() &&
         !schema["$ref"].get<std::string>().starts_with("#");
}

// What the keywords of an untyped schema say it constrains (draft-07 keyword families).
std::set<std::string> implied_types(const Json& schema) {
  auto has_any = [&](std::initializer_list<const char*> keys) {
    return std::any_of(keys.begin(), keys.end(), [&](const char* k) { return schema.contains(k); });
  };
  std::set<std::string> types;
  if (has_any({"properties", "required", "additionalProperties", "patternProperties",
               "minProperties", "maxProperties", "dependencies"}))
    types.insert("object");
  if (has_any({"items", "additionalItems", "minItems", "maxItems", "uniqueItems"}))
    types.insert("array");
  if (has_any({"minLength", "maxLength", "pattern"})) types.insert("string");
  if (has_any({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}))
    types.insert("number");
  return types;
}

// Whether every type of `from` is one of `to`'s (an integer is a number).
bool covered(const std::set<std::string>& from, const std::set<std::string>& to) {
  return std::all_of(from.begin(), from.end(), [&](const std::string& t) {
    return to.count(t) || (t == "integer" && to.count("number"));
  });
}

}  // namespace

TypeSet type_set(const Json& schema) {
  TypeSet set;
  if (!schema.is_object()) return set;
  auto it = schema.find("type");
  if (it == schema.end()) {
    set.types = implied_types(schema);
    set.implied = true;
  } else if (it->is_string()) {
    set.types.insert(it->get<std::string>());
  } else if (it->is_array()) {
    for (const auto& t : *it)
      if (t.is_string()) set.types.insert(t.get<std::string>());
  }
  return set;
}

bool is_false_schema(const Json& schema) { return schema.is_boolean() && !schema.get<bool>(); }

bool is_empty_schema(const Json& schema) {
  if (schema.is_boolean()) return schema.get<bool>();
  if (!schema.is_object()) return false;
  return std::all_of(schema.items().begin(), schema.items().end(),
                     [](const auto& item) { return is_annotation(item.key()); });
}

bool has_combinator(const Json& schema) {
  return schema.is_object() &&
         (schema.contains("allOf") || schema.contains("anyOf") || schema.contains("oneOf"));
}

std::string child_pointer(const std::string& pointer, const std::string& key) {
  std::string escaped;
  for (char c : key) {
    if (c == '~')
      escaped += "~0";
    else if (c == '/')
      escaped += "~1";
    else
      escaped += c;
  }
  return pointer + "/" + escaped;
}

std::string short_text(const Json& value) {
  std::string text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
  return text.size() <= 120 ? text : "";
}

Side Differ::keyword(const Side& schema, const std::string& key) {
  if (schema.node->is_object() && schema.node->contains(key)) {
    return Side{&(*schema.node)[key], child_pointer(schema.at, key)};
  }
  return schema;
}

void Differ::report(DifferenceKind kind, const Side& original, const Side& update,
                    const std::string& field, std::string name, std::string was, std::string now) {
  if (m_probe && !is_compatible(kind)) m_broken = true;
  m_out.push_back(SchemaDifference{kind, original.at, update.at, field, std::move(name),
                                   std::move(was), std::move(now)});
}

// Follows local `$ref`s ("#", "#/definitions/x"); a remote or dangling one stays as written.
Side Differ::resolve(Side side, const Json& root) const {
  for (int hops = 0; hops < 64; ++hops) {
    const Json& node = *side.node;
    if (!node.is_object() || !node.contains("$ref") || !node["$ref"].is_string()) break;
    std::string ref = node["$ref"].get<std::string>();
    const Json* target = local_ref_target(root, ref);
    if (target == nullptr) break;
    side = Side{target, ref.substr(1)};
  }
  return side;
}

bool Differ::compare_types(const Side& original, const Side& update, const std::string& field) {
  TypeSet was = type_set(*original.node), now = type_set(*update.node);
  if (was.types.empty() || now.types.empty() || was.types == now.types) return true;
  auto text = [](const TypeSet& set) { return Json(set.types).dump(); };
  Side o = keyword(original, "type"), u = keyword(update, "type");
  if (was.types.size() == 1 && now.types.size() == 1) {
    if (*was.types.begin() == "integer" && *now.types.begin() == "number") {
      report(DifferenceKind::type_extended, o, u, field, "", text(was), text(now));
      return true;
    }
    if (*was.types.begin() == "number" && *now.types.begin() == "integer") {
      report(DifferenceKind::type_narrowed, o, u, field, "", text(was), text(now));
      return true;
    }
  }
  if (covered(was.types, now.types)) {
    report(DifferenceKind::sum_type_extended, o, u, field, "", text(was), text(now));
    return true;
  }
  if (covered(now.types, was.types)) {
    report(DifferenceKind::sum_type_narrowed, o, u, field, "", text(was), text(now));
    return true;
  }
  report(DifferenceKind::type_changed, o, u, field, "", text(was), text(now));
  return false;
}

void Differ::compare_annotations(const Side& original, const Side& update,
                                 const std::string& field) {
  static const std::vector<std::pair<const char*, DifferenceKind>> kAnnotations{
      {"$id", DifferenceKind::id_changed},
      {"title", DifferenceKind::title_changed},
      {"description", DifferenceKind::description_changed},
      {"default", DifferenceKind::default_changed}};
  const Json& o = *original.node;
  const Json& u = *update.node;
  for (const auto& [key, kind] : kAnnotations) {
    const Json* was = o.contains(key) ? &o[key] : nullptr;
    const Json* now = u.contains(key) ? &u[key] : nullptr;
    if ((was == nullptr && now == nullptr) || (was && now && *was == *now)) continue;
    report(kind, keyword(original, key), keyword(update, key), field, key,
           was ? short_text(*was) : "", now ? short_text(*now) : "");
  }
}

// Schemas that say nothing, or nothing at all, decide the comparison alone; false: go on.
bool decided_by_edges(Differ& differ, const Side& o, const Side& u, const std::string& field) {
  const Json& was = *o.node;
  const Json& now = *u.node;
  if (is_remote_ref(was) || is_remote_ref(now)) {
    if (was != now)
      differ.report(DifferenceKind::schema_unreadable, o, u, field, "$ref", short_text(was),
                    short_text(now));
    return true;
  }
  if (is_false_schema(was) || (is_empty_schema(was) && is_empty_schema(now))) return true;
  if (is_empty_schema(now)) {
    differ.report(DifferenceKind::type_extended, o, u, field);
    return true;
  }
  if (is_false_schema(now) || is_empty_schema(was)) {
    differ.report(DifferenceKind::type_narrowed, o, u, field);
    return true;
  }
  if (!was.is_object() || !now.is_object()) {
    differ.report(DifferenceKind::schema_unreadable, o, u, field);
    return true;
  }
  return false;
}

void Differ::compare(Side original, Side update, const std::string& field) {
  original = resolve(original, m_original_root);
  update = resolve(update, m_update_root);
  Pair pair{original.node, update.node};
  if (m_broken || m_work.over_budget || m_active.count(pair) || m_done.count(pair)) return;
  if (++m_work.steps > m_work.max_steps) {
    m_work.over_budget = true;
    return;
  }
  if (m_depth >= kMaxCompareDepth) {
    return report(DifferenceKind::schema_unreadable, original, update, field, "depth");
  }
  ++m_depth;
  m_active.insert(pair);
  if (!decided_by_edges(*this, original, update, field)) {
    compare_annotations(original, update, field);
    if (compare_types(original, update, field)) {
      compare_string(original, update, field);
      compare_number(original, update, field);
      compare_object(original, update, field);
      compare_array(original, update, field);
      compare_enum(original, update, field);
      compare_combined(original, update, field);
      compare_not(original, update, field);
    }
  }
  m_active.erase(pair);
  m_done.insert(pair);
  --m_depth;
}

bool Differ::compatible(const Side& original, const Side& update) const {
  Pair pair{original.node, update.node};
  if (auto known = m_work.verdicts.find(pair); known != m_work.verdicts.end()) return known->second;
  std::vector<SchemaDifference> found;
  Differ probe(m_original_root, m_update_root, found, m_work);
  probe.m_probe = true;
  probe.m_active = m_active;
  probe.m_depth = m_depth;
  probe.compare(original, update, "");
  // A probe cut short by the budget answers nothing worth keeping; the caller reports the cut.
  if (m_work.over_budget) return false;
  return m_work.verdicts[pair] = !probe.m_broken;
}

}  // namespace schema_diff

std::vector<SchemaDifference> diff_schemas(const nlohmann::json& original,
                                           const nlohmann::json& update, std::size_t max_steps) {
  std::vector<SchemaDifference> out;
  schema_diff::SharedWork work;
  work.max_steps = max_steps;
  schema_diff::Differ differ(original, update, out, work);
  differ.compare({&original, ""}, {&update, ""}, "");
  if (work.over_budget) {
    out.push_back(SchemaDifference{DifferenceKind::comparison_too_large, "", "", "",
                                   std::to_string(max_steps), "", ""});
  }
  return out;
}

}  // namespace topicform
