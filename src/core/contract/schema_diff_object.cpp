// Objects: properties added and removed under each content model, `required`, bounds,
// `additionalProperties` and `dependencies`.
#include <algorithm>

#include "core/contract/schema_differ.hpp"

namespace topicform::schema_diff {
namespace {

using K = DifferenceKind;

// open: any other property with any value; closed: none; partial: those a schema admits.
enum class Model { open, closed, partial };

Model content_model(const Json& schema) {
  if (schema.contains("patternProperties")) return Model::partial;
  auto it = schema.find("additionalProperties");
  if (it == schema.end() || (it->is_boolean() && it->get<bool>())) return Model::open;
  if (it->is_boolean() || is_false_schema(*it)) return Model::closed;
  return is_empty_schema(*it) ? Model::open : Model::partial;
}

const Json& properties_of(const Json& schema) {
  static const Json kNone = Json::object();
  auto it = schema.find("properties");
  return it != schema.end() && it->is_object() ? *it : kNone;
}

bool is_required(const Json& schema, const std::string& name) {
  auto it = schema.find("required");
  return it != schema.end() && it->is_array() &&
         std::find(it->begin(), it->end(), Json(name)) != it->end();
}

bool has_default(const Json& property) {
  return property.is_object() && property.contains("default");
}

std::string field_of(const std::string& field, const std::string& name) {
  return field.empty() ? name : field + "." + name;
}

// The schema that admits a property no `properties` entry names: additionalProperties (or
// an empty schema when it is absent).
Side additional(const Side& schema) {
  static const Json kAny = Json::object();
  if (schema.node->contains("additionalProperties")) {
    return Differ::keyword(schema, "additionalProperties");
  }
  return Side{&kAny, schema.at};
}

}  // namespace

namespace {

void property_added(Differ& differ, const Side& o, const Side& u, const std::string& name,
                    const std::string& field) {
  Side added = Differ::keyword(Differ::keyword(u, "properties"), name);
  const Json& schema = *added.node;
  switch (content_model(*o.node)) {
    case Model::open:
      return differ.report(is_empty_schema(schema)
                               ? K::property_with_empty_schema_added_to_open_content_model
                               : K::property_added_to_open_content_model,
                           o, added, field, name);
    case Model::closed:
      if (!is_required(*u.node, name))
        return differ.report(K::optional_property_added_to_unopen_content_model, o, added, field,
                             name);
      return differ.report(has_default(schema)
                               ? K::required_property_with_default_added_to_unopen_content_model
                               : K::required_property_added_to_unopen_content_model,
                           o, added, field, name);
    case Model::partial:
      return differ.report(differ.compatible(additional(o), added)
                               ? K::property_added_is_covered_by_partially_open_content_model
                               : K::property_added_not_covered_by_partially_open_content_model,
                           o, added, field, name);
  }
}

void property_removed(Differ& differ, const Side& o, const Side& u, const std::string& name,
                      const std::string& field) {
  Side removed = Differ::keyword(Differ::keyword(o, "properties"), name);
  switch (content_model(*u.node)) {
    case Model::open:
      return differ.report(K::property_removed_from_open_content_model, removed, u, field, name);
    case Model::closed:
      return differ.report(is_false_schema(*removed.node)
                               ? K::property_with_false_removed_from_closed_content_model
                               : K::property_removed_from_closed_content_model,
                           removed, u, field, name);
    case Model::partial:
      return differ.report(differ.compatible(removed, additional(u))
                               ? K::property_removed_is_covered_by_partially_open_content_model
                               : K::property_removed_not_covered_by_partially_open_content_model,
                           removed, u, field, name);
  }
}

void compare_properties(Differ& differ, const Side& o, const Side& u, const std::string& field) {
  const Json& was = properties_of(*o.node);
  const Json& now = properties_of(*u.node);
  for (const auto& [name, schema] : now.items()) {
    if (!was.contains(name)) property_added(differ, o, u, name, field_of(field, name));
  }
  for (const auto& [name, schema] : was.items()) {
    std::string path = field_of(field, name);
    if (!now.contains(name)) {
      property_removed(differ, o, u, name, path);
      continue;
    }
    differ.compare(Differ::keyword(Differ::keyword(o, "properties"), name),
                   Differ::keyword(Differ::keyword(u, "properties"), name), path);
  }
}

void compare_required(Differ& differ, const Side& o, const Side& u, const std::string& field) {
  auto names = [](const Json& schema) {
    std::vector<std::string> list;
    auto it = schema.find("required");
    if (it == schema.end() || !it->is_array()) return list;
    for (const auto& name : *it)
      if (name.is_string()) list.push_back(name.get<std::string>());
    return list;
  };
  std::vector<std::string> was = names(*o.node), now = names(*u.node);
  Side os = Differ::keyword(o, "required"), us = Differ::keyword(u, "required");
  const Json& now_properties = properties_of(*u.node);
  for (const auto& name : now) {
    if (std::find(was.begin(), was.end(), name) != was.end()) continue;
    // A property new to a closed model was judged with its requiredness where it was added.
    if (!properties_of(*o.node).contains(name) && content_model(*o.node) == Model::closed) continue;
    bool defaulted = now_properties.contains(name) && has_default(now_properties[name]);
    differ.report(
        defaulted ? K::required_attribute_with_default_added : K::required_attribute_added, os, us,
        field_of(field, name), name);
  }
  for (const auto& name : was) {
    if (std::find(now.begin(), now.end(), name) == now.end())
      differ.report(K::required_attribute_removed, os, us, field_of(field, name), name);
  }
}

}  // namespace

namespace {

void compare_additional(Differ& differ, const Side& o, const Side& u, const std::string& field) {
  const Json* was =
      o.node->contains("additionalProperties") ? &(*o.node)["additionalProperties"] : nullptr;
  const Json* now =
      u.node->contains("additionalProperties") ? &(*u.node)["additionalProperties"] : nullptr;
  auto any = [](const Json* v) { return v == nullptr || is_empty_schema(*v); };
  auto none = [](const Json* v) { return v != nullptr && is_false_schema(*v); };
  Side os = Differ::keyword(o, "additionalProperties");
  Side us = Differ::keyword(u, "additionalProperties");
  if (any(was) && any(now)) return;
  if (none(was) && none(now)) return;
  if (none(was)) {
    return differ.report(
        any(now) ? K::additional_properties_added : K::additional_properties_extended, os, us,
        field, "additionalProperties");
  }
  if (none(now)) {
    return differ.report(K::additional_properties_removed, os, us, field, "additionalProperties");
  }
  if (any(now)) {
    return differ.report(K::additional_properties_extended, os, us, field, "additionalProperties");
  }
  if (any(was)) {
    return differ.report(K::additional_properties_narrowed, os, us, field, "additionalProperties");
  }
  differ.compare(os, us, field_of(field, "*"));
}

void compare_dependencies(Differ& differ, const Side& o, const Side& u, const std::string& field) {
  static const Json kNone = Json::object();
  const Json& was = o.node->contains("dependencies") ? (*o.node)["dependencies"] : kNone;
  const Json& now = u.node->contains("dependencies") ? (*u.node)["dependencies"] : kNone;
  if (!was.is_object() || !now.is_object()) return;
  Side os = Differ::keyword(o, "dependencies"), us = Differ::keyword(u, "dependencies");
  for (const auto& [name, dependency] : now.items()) {
    if (was.contains(name)) continue;
    differ.report(dependency.is_array() ? K::dependency_array_added : K::dependency_schema_added,
                  os, us, field_of(field, name), name);
  }
  for (const auto& [name, dependency] : was.items()) {
    std::string path = field_of(field, name);
    if (!now.contains(name)) {
      differ.report(
          dependency.is_array() ? K::dependency_array_removed : K::dependency_schema_removed, os,
          us, path, name);
    } else if (dependency.is_array() && now[name].is_array()) {
      const Json& later = now[name];
      auto holds = [](const Json& list, const Json& of) {
        return std::all_of(of.begin(), of.end(), [&](const Json& v) {
          return std::find(list.begin(), list.end(), v) != list.end();
        });
      };
      if (dependency == later) continue;
      K kind = holds(later, dependency)   ? K::dependency_array_extended
               : holds(dependency, later) ? K::dependency_array_narrowed
                                          : K::dependency_array_changed;
      differ.report(kind, os, us, path, name, short_text(dependency), short_text(later));
    } else if (!dependency.is_array() && !now[name].is_array()) {
      differ.compare(Differ::keyword(os, name), Differ::keyword(us, name), path);
    } else {
      differ.report(K::dependency_array_changed, os, us, path, name);
    }
  }
}

}  // namespace

void Differ::compare_object(const Side& o, const Side& u, const std::string& field) {
  compare_properties(*this, o, u, field);
  compare_required(*this, o, u, field);
  compare_additional(*this, o, u, field);
  compare_dependencies(*this, o, u, field);
  compare_limit(*this, o, u, field, "maxProperties",
                {K::max_properties_added, K::max_properties_removed, K::max_properties_increased,
                 K::max_properties_decreased});
  compare_limit(*this, o, u, field, "minProperties",
                {K::min_properties_added, K::min_properties_removed, K::min_properties_increased,
                 K::min_properties_decreased});
}

}  // namespace topicform::schema_diff
