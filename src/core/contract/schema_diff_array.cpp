// Arrays: one schema for every item, or a tuple whose extra items `additionalItems` governs.
#include "core/contract/schema_differ.hpp"

namespace topicform::schema_diff {
namespace {

using K = DifferenceKind;

const Json kAny = Json::object();

// The schema an item past the tuple's end must match (an empty schema when absent).
Side additional_items(const Side& schema) {
  if (schema.node->contains("additionalItems")) return Differ::keyword(schema, "additionalItems");
  return Side{&kAny, schema.at};
}

Side item(const Side& tuple, std::size_t index) {
  Side items = Differ::keyword(tuple, "items");
  return Side{&(*items.node)[index], child_pointer(items.at, std::to_string(index))};
}

void item_added(Differ& differ, const Side& o, const Side& added, const std::string& field) {
  Side model = additional_items(o);
  if (is_empty_schema(*model.node)) {
    return differ.report(is_empty_schema(*added.node)
                             ? K::item_with_empty_schema_added_to_open_content_model
                             : K::item_added_to_open_content_model,
                         o, added, field);
  }
  if (is_false_schema(*model.node))
    return differ.report(K::item_added_to_closed_content_model, o, added, field);
  differ.report(differ.compatible(model, added)
                    ? K::item_added_is_covered_by_partially_open_content_model
                    : K::item_added_not_covered_by_partially_open_content_model,
                o, added, field);
}

void item_removed(Differ& differ, const Side& removed, const Side& u, const std::string& field) {
  Side model = additional_items(u);
  if (is_empty_schema(*model.node))
    return differ.report(K::item_removed_from_open_content_model, removed, u, field);
  if (is_false_schema(*model.node)) {
    return differ.report(is_false_schema(*removed.node)
                             ? K::item_with_false_removed_from_closed_content_model
                             : K::item_removed_from_closed_content_model,
                         removed, u, field);
  }
  differ.report(differ.compatible(removed, model)
                    ? K::item_removed_is_covered_by_partially_open_content_model
                    : K::item_removed_not_covered_by_partially_open_content_model,
                removed, u, field);
}

void compare_tuples(Differ& differ, const Side& o, const Side& u, const std::string& field) {
  std::size_t was = (*o.node)["items"].size(), now = (*u.node)["items"].size();
  for (std::size_t i = 0; i < std::max(was, now); ++i) {
    std::string path = field + "[" + std::to_string(i) + "]";
    if (i < was && i < now) {
      differ.compare(item(o, i), item(u, i), path);
    } else if (i < now) {
      item_added(differ, o, item(u, i), path);
    } else {
      item_removed(differ, item(o, i), u, path);
    }
  }
  const Json* a = o.node->contains("additionalItems") ? &(*o.node)["additionalItems"] : nullptr;
  const Json* b = u.node->contains("additionalItems") ? &(*u.node)["additionalItems"] : nullptr;
  auto any = [](const Json* v) { return v == nullptr || is_empty_schema(*v); };
  auto none = [](const Json* v) { return v != nullptr && is_false_schema(*v); };
  Side os = Differ::keyword(o, "additionalItems"), us = Differ::keyword(u, "additionalItems");
  if ((any(a) && any(b)) || (none(a) && none(b))) return;
  if (none(a))
    return differ.report(any(b) ? K::additional_items_added : K::additional_items_extended, os, us,
                         field);
  if (none(b)) return differ.report(K::additional_items_removed, os, us, field);
  if (any(b)) return differ.report(K::additional_items_extended, os, us, field);
  if (any(a)) return differ.report(K::additional_items_narrowed, os, us, field);
  differ.compare(os, us, field + "[+]");
}

}  // namespace

void Differ::compare_array(const Side& o, const Side& u, const std::string& field) {
  const Json* was = o.node->contains("items") ? &(*o.node)["items"] : nullptr;
  const Json* now = u.node->contains("items") ? &(*u.node)["items"] : nullptr;
  Side os = keyword(o, "items"), us = keyword(u, "items");
  if (was && now && was->is_array() && now->is_array()) {
    compare_tuples(*this, o, u, field);
  } else if (was && now && !was->is_array() && !now->is_array()) {
    compare(os, us, field + "[]");
  } else if ((was && was->is_array()) || (now && now->is_array())) {
    report(K::type_changed, os, us, field + "[]", "items");
  } else if (was && !is_empty_schema(*was)) {
    report(K::type_extended, os, us, field + "[]", "items");
  } else if (now && !is_empty_schema(*now)) {
    report(K::type_narrowed, os, us, field + "[]", "items");
  }
  compare_limit(
      *this, o, u, field, "maxItems",
      {K::max_items_added, K::max_items_removed, K::max_items_increased, K::max_items_decreased});
  compare_limit(
      *this, o, u, field, "minItems",
      {K::min_items_added, K::min_items_removed, K::min_items_increased, K::min_items_decreased});
  auto unique = [](const Json& schema) {
    auto it = schema.find("uniqueItems");
    return it != schema.end() && it->is_boolean() && it->get<bool>();
  };
  bool unique_was = unique(*o.node), unique_now = unique(*u.node);
  if (unique_now && !unique_was)
    report(K::unique_items_added, keyword(o, "uniqueItems"), keyword(u, "uniqueItems"), field);
  if (unique_was && !unique_now)
    report(K::unique_items_removed, keyword(o, "uniqueItems"), keyword(u, "uniqueItems"), field);
}

}  // namespace topicform::schema_diff
