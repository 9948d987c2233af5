// Bounds, patterns, enumerations and `not`: keywords compared value against value.
#include <cmath>

#include "core/contract/schema_differ.hpp"

namespace topicform::schema_diff {
namespace {

using K = DifferenceKind;

const Json* find(const Json& schema, const char* key) {
  auto it = schema.find(key);
  return it == schema.end() ? nullptr : &*it;
}

}  // namespace

void compare_limit(Differ& differ, const Side& o, const Side& u, const std::string& field,
                   const char* key, LimitKinds kinds) {
  const Json* was = find(*o.node, key);
  const Json* now = find(*u.node, key);
  auto set = [](const Json* v) { return v && (v->is_number() || (v->is_boolean() && *v)); };
  if (!set(was) && !set(now)) return;
  Side os = Differ::keyword(o, key), us = Differ::keyword(u, key);
  std::string was_text = set(was) ? short_text(*was) : "",
              now_text = set(now) ? short_text(*now) : "";
  if (!set(was)) return differ.report(kinds.added, os, us, field, key, was_text, now_text);
  if (!set(now)) return differ.report(kinds.removed, os, us, field, key, was_text, now_text);
  if (!was->is_number() || !now->is_number()) return;
  double a = was->get<double>(), b = now->get<double>();
  if (b > a) differ.report(kinds.increased, os, us, field, key, was_text, now_text);
  if (b < a) differ.report(kinds.decreased, os, us, field, key, was_text, now_text);
}

namespace {

bool divides(double divisor, double value) {
  if (divisor == 0) return false;
  double quotient = value / divisor;
  return std::fabs(quotient - std::round(quotient)) < 1e-9;
}

// Enumerated values: `const` is an enumeration of one.
const Json* enumeration(const Json& schema, Json& const_holder) {
  if (const Json* values = find(schema, "enum"); values && values->is_array()) return values;
  if (const Json* value = find(schema, "const")) {
    const_holder = Json::array({*value});
    return &const_holder;
  }
  return nullptr;
}

bool contains_all(const Json& values, const Json& of) {
  for (const auto& v : of)
    if (std::find(values.begin(), values.end(), v) == values.end()) return false;
  return true;
}

}  // namespace

void Differ::compare_string(const Side& o, const Side& u, const std::string& field) {
  compare_limit(*this, o, u, field, "maxLength",
                {K::max_length_added, K::max_length_removed, K::max_length_increased,
                 K::max_length_decreased});
  compare_limit(*this, o, u, field, "minLength",
                {K::min_length_added, K::min_length_removed, K::min_length_increased,
                 K::min_length_decreased});
  const Json* was = find(*o.node, "pattern");
  const Json* now = find(*u.node, "pattern");
  Side os = keyword(o, "pattern"), us = keyword(u, "pattern");
  if (!was && now) report(K::pattern_added, os, us, field, "pattern", "", short_text(*now));
  if (was && !now) report(K::pattern_removed, os, us, field, "pattern", short_text(*was), "");
  if (was && now && *was != *now)
    report(K::pattern_changed, os, us, field, "pattern", short_text(*was), short_text(*now));
}

void Differ::compare_number(const Side& o, const Side& u, const std::string& field) {
  compare_limit(*this, o, u, field, "maximum",
                {K::maximum_added, K::maximum_removed, K::maximum_increased, K::maximum_decreased});
  compare_limit(*this, o, u, field, "minimum",
                {K::minimum_added, K::minimum_removed, K::minimum_increased, K::minimum_decreased});
  compare_limit(*this, o, u, field, "exclusiveMaximum",
                {K::exclusive_maximum_added, K::exclusive_maximum_removed,
                 K::exclusive_maximum_increased, K::exclusive_maximum_decreased});
  compare_limit(*this, o, u, field, "exclusiveMinimum",
                {K::exclusive_minimum_added, K::exclusive_minimum_removed,
                 K::exclusive_minimum_increased, K::exclusive_minimum_decreased});
  const Json* was = find(*o.node, "multipleOf");
  const Json* now = find(*u.node, "multipleOf");
  if (!was && !now) return;
  Side os = keyword(o, "multipleOf"), us = keyword(u, "multipleOf");
  std::string a = was ? short_text(*was) : "", b = now ? short_text(*now) : "";
  if (!was) return report(K::multiple_of_added, os, us, field, "multipleOf", a, b);
  if (!now) return report(K::multiple_of_removed, os, us, field, "multipleOf", a, b);
  if (!was->is_number() || !now->is_number() || *was == *now) return;
  double old_step = was->get<double>(), new_step = now->get<double>();
  if (divides(new_step, old_step)) return report(K::multiple_of_reduced, os, us, field, "", a, b);
  if (divides(old_step, new_step)) return report(K::multiple_of_expanded, os, us, field, "", a, b);
  report(K::multiple_of_changed, os, us, field, "multipleOf", a, b);
}

void Differ::compare_enum(const Side& o, const Side& u, const std::string& field) {
  Json was_const, now_const;
  const Json* was = enumeration(*o.node, was_const);
  const Json* now = enumeration(*u.node, now_const);
  if (!was && !now) return;
  Side os = keyword(o, o.node->contains("enum") ? "enum" : "const");
  Side us = keyword(u, u.node->contains("enum") ? "enum" : "const");
  std::string a = was ? short_text(*was) : "", b = now ? short_text(*now) : "";
  if (!was) return report(K::enum_array_narrowed, os, us, field, "enum", a, b);
  if (!now) return report(K::enum_array_extended, os, us, field, "enum", a, b);
  bool keeps = contains_all(*now, *was), within = contains_all(*was, *now);
  if (keeps && within) return;
  if (keeps) return report(K::enum_array_extended, os, us, field, "enum", a, b);
  if (within) return report(K::enum_array_narrowed, os, us, field, "enum", a, b);
  report(K::enum_array_changed, os, us, field, "enum", a, b);
}

// `not` reverses the roles: the update may forbid less than the original, never more.
void Differ::compare_not(const Side& o, const Side& u, const std::string& field) {
  const Json* was = find(*o.node, "not");
  const Json* now = find(*u.node, "not");
  if (!was && !now) return;
  Side os = keyword(o, "not"), us = keyword(u, "not");
  if (!was) return report(K::not_type_extended, os, us, field, "not");
  if (!now) return report(K::not_type_narrowed, os, us, field, "not");
  Differ reversed(m_update_root, m_original_root, m_out, m_work);
  if (*was == *now) return;
  bool narrower = reversed.compatible(us, os);
  report(narrower ? K::not_type_narrowed : K::not_type_extended, os, us, field, "not");
}

}  // namespace topicform::schema_diff
