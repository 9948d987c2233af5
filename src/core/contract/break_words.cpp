// An incompatible difference in words: what changed from the earlier version to the new one,
// who cannot read what, and what would make it compatible.
#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "core/contract/compatibility.hpp"

namespace topicform {
namespace {

using K = DifferenceKind;

struct Words {
  const char* message;
  const char* hint;
};

constexpr Words kBound{
    "{field}: {keyword} {changed}{values}: {writer} may hold values {reader} refuse",
    "keep the earlier bound; a tighter one belongs on a new topic"};

// Templates name {field}, {name}, {keyword}, {changed}, {values}, {added}, {removed}, {writer}
// and {reader}; added and removed are from the earlier version to the new one.
struct KindWords {
  std::vector<K> kinds;
  Words words;
};

// Each family of incompatible kinds and how it is told; anything else is told as a bound. A data
// table: its length is the families, one entry each.
const std::vector<KindWords>& families() {
  static const std::vector<KindWords> kFamilies{
      {{K::type_changed},
       {"{field} changed type{values}: {reader} cannot read what {writer} hold",
        "keep the type and add a property with the new one, or publish on a new topic"}},
      {{K::type_narrowed, K::sum_type_narrowed},
       {"{field} takes fewer kinds of value{values}: {writer} may hold values {reader} "
        "refuse",
        "keep the wider type"}},
      {{K::schema_unreadable},
       {"{field} cannot be compared ({keyword}): a remote $ref is never fetched, and "
        "nesting deeper than 200 levels is not followed",
        "inline the referenced schema, or check it against the registry"}},
      {{K::comparison_too_large},
       {"{field} cannot be judged: comparing the two versions took more than {keyword} steps "
        "(the alternatives of an anyOf or oneOf are matched pair by pair)",
        "keep fewer alternatives in one anyOf or oneOf, or check the schema against the "
        "registry"}},
      {{K::required_attribute_added, K::required_property_added_to_unopen_content_model},
       {"{field} became required without a default: {writer} may lack it",
        "give it a default, or leave it optional"}},
      {{K::property_added_to_open_content_model},
       {"property {field} {added} an open content model: {writer} may hold '{name}' with "
        "another type",
        "give it no type ({{}}), or publish on a new topic; a schema closed from its first "
        "version (additionalProperties: false) can gain optional properties"}},
      {{K::property_added_not_covered_by_partially_open_content_model,
        K::property_removed_not_covered_by_partially_open_content_model},
       {"property {field} {added} a partly open content model whose additionalProperties "
        "or patternProperties schema does not admit it: {writer} may hold '{name}' with "
        "another type",
        "give it a schema the additionalProperties schema admits"}},
      {{K::property_removed_from_closed_content_model},
       {"property {field} {removed} a closed content model (additionalProperties: false): "
        "{writer} may hold it and {reader} refuse it",
        "keep the property (say it is deprecated in its description), or publish on a new "
        "topic"}},
      {{K::additional_properties_removed, K::additional_properties_narrowed},
       {"{field} admits fewer other properties (additionalProperties{values}): {writer} "
        "may hold properties {reader} refuse",
        "keep additionalProperties as it was"}},
      {{K::enum_array_narrowed, K::enum_array_changed},
       {"{field} allowed values changed{values}: {writer} may hold a value no longer "
        "allowed",
        "only add values to an enum"}},
      {{K::combined_type_changed, K::combined_type_subschemas_changed, K::product_type_extended},
       {"{field} {keyword} changed so that {writer} may match none of what {reader} "
        "accept",
        "only add alternatives to anyOf or oneOf, only remove schemas from allOf"}},
      {{K::not_type_extended},
       {"{field} forbids more through `not`: {writer} may hold values it now forbids",
        "keep the `not` schema as it was"}},
      {{K::dependency_array_added, K::dependency_array_extended, K::dependency_array_changed,
        K::dependency_schema_added},
       {"{field} dependency {changed}: {writer} may lack what it now demands",
        "keep the dependencies as they were"}},
      {{K::item_added_to_open_content_model,
        K::item_added_not_covered_by_partially_open_content_model,
        K::item_removed_from_closed_content_model,
        K::item_removed_not_covered_by_partially_open_content_model, K::additional_items_removed,
        K::additional_items_narrowed},
       {"tuple item {field} {changed}: {writer} may hold items {reader} refuse",
        "keep the tuple's items and additionalItems as they were"}},
  };
  return kFamilies;
}

Words words(K kind) {
  for (const auto& family : families()) {
    if (std::find(family.kinds.begin(), family.kinds.end(), kind) != family.kinds.end())
      return family.words;
  }
  return kBound;
}

// The change's verb, from the earlier version to the new one.
std::string change_word(K kind, bool forward) {
  std::string name = difference_name(kind);
  auto ends = [&](const char* tail) { return name.ends_with(tail); };
  const char* word = ends("_ADDED")       ? (forward ? "removed" : "added")
                     : ends("_REMOVED")   ? (forward ? "added" : "removed")
                     : ends("_INCREASED") ? (forward ? "lowered" : "raised")
                     : ends("_DECREASED") ? (forward ? "raised" : "lowered")
                     : ends("_EXTENDED")  ? (forward ? "narrowed" : "widened")
                     : ends("_NARROWED")  ? (forward ? "widened" : "narrowed")
                                          : "changed";
  return word;
}

}  // namespace

SchemaBreak describe_break(const SchemaDifference& difference, Direction direction) {
  bool forward = direction == Direction::forward;
  std::string earlier = forward ? difference.now : difference.was;
  std::string later = forward ? difference.was : difference.now;
  std::string values;
  if (!earlier.empty() || !later.empty()) {
    values = fmt::format(" ({} -> {})", earlier.empty() ? "none" : earlier,
                         later.empty() ? "none" : later);
  }
  Words w = words(difference.kind);
  std::string field = difference.field.empty() ? "the message" : "'" + difference.field + "'";
  auto text = [&](const char* tmpl) {
    return fmt::format(fmt::runtime(tmpl), fmt::arg("field", field),
                       fmt::arg("name", difference.name), fmt::arg("keyword", difference.name),
                       fmt::arg("changed", change_word(difference.kind, forward)),
                       fmt::arg("values", values),
                       fmt::arg("added", forward ? "removed from" : "added to"),
                       fmt::arg("removed", forward ? "added to" : "removed from"),
                       fmt::arg("writer", forward ? "messages written with the new schema"
                                                  : "messages written with the earlier schema"),
                       fmt::arg("reader", forward ? "consumers still on the earlier schema"
                                                  : "consumers on the new schema"));
  };
  return SchemaBreak{difference, direction, forward ? difference.original_at : difference.update_at,
                     text(w.message), text(w.hint)};
}

}  // namespace topicform
