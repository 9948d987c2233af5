// The differences between two JSON Schemas, and which of them a reader on one can take from a
// writer on the other: Confluent's strict JSON Schema policy, written from its published rules.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace topicform {

// One kind per rule of Confluent's strict policy (the names are theirs, for users who know
// them): X(kind, compatible) where compatible means a reader on the update takes what a writer
// on the original wrote.
#define TOPICFORM_DIFFERENCE_KINDS(X)                                    \
  X(id_changed, true)                                                    \
  X(title_changed, true)                                                 \
  X(description_changed, true)                                           \
  X(default_changed, true)                                               \
  X(type_extended, true)                                                 \
  X(type_narrowed, false)                                                \
  X(type_changed, false)                                                 \
  X(schema_unreadable, false)                                            \
  X(comparison_too_large, false)                                         \
  X(max_length_added, false)                                             \
  X(max_length_removed, true)                                            \
  X(max_length_increased, true)                                          \
  X(max_length_decreased, false)                                         \
  X(min_length_added, false)                                             \
  X(min_length_removed, true)                                            \
  X(min_length_increased, false)                                         \
  X(min_length_decreased, true)                                          \
  X(pattern_added, false)                                                \
  X(pattern_removed, true)                                               \
  X(pattern_changed, false)                                              \
  X(maximum_added, false)                                                \
  X(maximum_removed, true)                                               \
  X(maximum_increased, true)                                             \
  X(maximum_decreased, false)                                            \
  X(minimum_added, false)                                                \
  X(minimum_removed, true)                                               \
  X(minimum_increased, false)                                            \
  X(minimum_decreased, true)                                             \
  X(exclusive_maximum_added, false)                                      \
  X(exclusive_maximum_removed, true)                                     \
  X(exclusive_maximum_increased, true)                                   \
  X(exclusive_maximum_decreased, false)                                  \
  X(exclusive_minimum_added, false)                                      \
  X(exclusive_minimum_removed, true)                                     \
  X(exclusive_minimum_increased, false)                                  \
  X(exclusive_minimum_decreased, true)                                   \
  X(multiple_of_added, false)                                            \
  X(multiple_of_removed, true)                                           \
  X(multiple_of_expanded, false)                                         \
  X(multiple_of_reduced, true)                                           \
  X(multiple_of_changed, false)                                          \
  X(required_attribute_added, false)                                     \
  X(required_attribute_with_default_added, true)                         \
  X(required_attribute_removed, true)                                    \
  X(max_properties_added, false)                                         \
  X(max_properties_removed, true)                                        \
  X(max_properties_increased, true)                                      \
  X(max_properties_decreased, false)                                     \
  X(min_properties_added, false)                                         \
  X(min_properties_removed, true)                                        \
  X(min_properties_increased, false)                                     \
  X(min_properties_decreased, true)                                      \
  X(additional_properties_added, true)                                   \
  X(additional_properties_removed, false)                                \
  X(additional_properties_extended, true)                                \
  X(additional_properties_narrowed, false)                               \
  X(dependency_array_added, false)                                       \
  X(dependency_array_removed, true)                                      \
  X(dependency_array_extended, false)                                    \
  X(dependency_array_narrowed, true)                                     \
  X(dependency_array_changed, false)                                     \
  X(dependency_schema_added, false)                                      \
  X(dependency_schema_removed, true)                                     \
  X(property_added_to_open_content_model, false)                         \
  X(property_with_empty_schema_added_to_open_content_model, true)        \
  X(required_property_added_to_unopen_content_model, false)              \
  X(required_property_with_default_added_to_unopen_content_model, true)  \
  X(optional_property_added_to_unopen_content_model, true)               \
  X(property_removed_from_open_content_model, true)                      \
  X(property_with_false_removed_from_closed_content_model, true)         \
  X(property_removed_from_closed_content_model, false)                   \
  X(property_added_is_covered_by_partially_open_content_model, true)     \
  X(property_added_not_covered_by_partially_open_content_model, false)   \
  X(property_removed_is_covered_by_partially_open_content_model, true)   \
  X(property_removed_not_covered_by_partially_open_content_model, false) \
  X(max_items_added, false)                                              \
  X(max_items_removed, true)                                             \
  X(max_items_increased, true)                                           \
  X(max_items_decreased, false)                                          \
  X(min_items_added, false)                                              \
  X(min_items_removed, true)                                             \
  X(min_items_increased, false)                                          \
  X(min_items_decreased, true)                                           \
  X(unique_items_added, false)                                           \
  X(unique_items_removed, true)                                          \
  X(additional_items_added, true)                                        \
  X(additional_items_removed, false)                                     \
  X(additional_items_extended, true)                                     \
  X(additional_items_narrowed, false)                                    \
  X(item_added_to_open_content_model, false)                             \
  X(item_with_empty_schema_added_to_open_content_model, true)            \
  X(item_added_to_closed_content_model, true)                            \
  X(item_removed_from_open_content_model, true)                          \
  X(item_with_false_removed_from_closed_content_model, true)             \
  X(item_removed_from_closed_content_model, false)                       \
  X(item_added_is_covered_by_partially_open_content_model, true)         \
  X(item_added_not_covered_by_partially_open_content_model, false)       \
  X(item_removed_is_covered_by_partially_open_content_model, true)       \
  X(item_removed_not_covered_by_partially_open_content_model, false)     \
  X(enum_array_extended, true)                                           \
  X(enum_array_narrowed, false)                                          \
  X(enum_array_changed, false)                                           \
  X(combined_type_extended, true)                                        \
  X(combined_type_changed, false)                                        \
  X(product_type_extended, false)                                        \
  X(product_type_narrowed, true)                                         \
  X(sum_type_extended, true)                                             \
  X(sum_type_narrowed, false)                                            \
  X(combined_type_subschemas_changed, false)                             \
  X(not_type_extended, false)                                            \
  X(not_type_narrowed, true)

enum class DifferenceKind {
#define TOPICFORM_KIND(kind, compatible) kind,
  TOPICFORM_DIFFERENCE_KINDS(TOPICFORM_KIND)
#undef TOPICFORM_KIND
};

// One difference found walking the two schemas side by side. `original_at` and `update_at` are
// JSON pointers into each document (the nearest node that exists on that side); `field` is the
// message path a user knows ("customer.email", "items[]"); `name` the property, value or keyword
// concerned; `was` and `now` the values compared, as JSON text, where they are short.
struct SchemaDifference {
  DifferenceKind kind;
  std::string original_at;
  std::string update_at;
  std::string field;
  std::string name;
  std::string was;
  std::string now;
};

// Whether a reader on the update reads what a writer on the original wrote despite `kind`.
bool is_compatible(DifferenceKind kind);

// Confluent's name of `kind` ("PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL").
std::string difference_name(DifferenceKind kind);

// The node pairs one comparison visits at most, probes of anyOf and oneOf alternatives included.
// Shapes and shared verdicts keep real schemas far below it (an 8x8x8x8 nesting of anyOfs with
// every leaf changed takes about 85,000); past it a comparison stops, told, in a few seconds.
inline constexpr std::size_t kMaxCompareSteps = 500'000;

// Every difference from `original` to `update`; `$ref`s are followed within each document
// ("#/definitions/x"), never fetched, and cycles are walked once. A comparison that would take
// more than `max_steps` stops with COMPARISON_TOO_LARGE (incompatible: nothing is assumed).
std::vector<SchemaDifference> diff_schemas(const nlohmann::json& original,
                                           const nlohmann::json& update,
                                           std::size_t max_steps = kMaxCompareSteps);

}  // namespace topicform
