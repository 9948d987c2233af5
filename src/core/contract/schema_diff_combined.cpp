// allOf, anyOf and oneOf: subschemas matched across the two sides, one to one.
#include <algorithm>

#include "core/contract/schema_differ.hpp"

namespace topicform::schema_diff {
namespace {

using K = DifferenceKind;

std::string criterion(const Json& schema) {
  for (const char* key : {"allOf", "anyOf", "oneOf"})
    if (schema.contains(key) && schema[key].is_array()) return key;
  return "";
}

std::vector<Side> subschemas(const Side& schema, const std::string& key) {
  std::vector<Side> out;
  Side list = Differ::keyword(schema, key);
  for (std::size_t i = 0; i < list.node->size(); ++i)
    out.push_back(Side{&(*list.node)[i], child_pointer(list.at, std::to_string(i))});
  return out;
}

// Pairs each writer-side subschema with a reader-side one that takes it; what is left over on
// either side is returned for the caller to judge.
struct Matching {
  std::vector<Side> writers_left, readers_left;
};

Matching match(const Differ& differ, const std::vector<Side>& writers,
               const std::vector<Side>& readers, bool readers_on_update) {
  Matching out;
  std::vector<bool> used(readers.size(), false);
  for (const auto& writer : writers) {
    bool found = false;
    for (std::size_t i = 0; i < readers.size() && !found; ++i) {
      if (used[i]) continue;
      found = readers_on_update ? differ.compatible(writer, readers[i])
                                : differ.compatible(readers[i], writer);
      used[i] = found;
    }
    if (!found) out.writers_left.push_back(writer);
  }
  for (std::size_t i = 0; i < readers.size(); ++i)
    if (!used[i]) out.readers_left.push_back(readers[i]);
  return out;
}

// Left-over subschemas of equal number are compared in order, for the specific differences.
bool compare_left(Differ& differ, const std::vector<Side>& originals,
                  const std::vector<Side>& updates, const std::string& field) {
  if (originals.empty() || originals.size() != updates.size()) return false;
  for (std::size_t i = 0; i < originals.size(); ++i)
    differ.compare(originals[i], updates[i], field);
  return true;
}

void compare_sums(Differ& differ, const Side& o, const Side& u, const std::string& field,
                  const std::string& key) {
  auto was = subschemas(o, key), now = subschemas(u, key);
  Matching m = match(differ, was, now, true);
  Side os = Differ::keyword(o, key), us = Differ::keyword(u, key);
  if (m.writers_left.empty()) {
    if (now.size() > was.size()) differ.report(K::sum_type_extended, os, us, field, key);
    return;
  }
  if (now.size() < was.size()) return differ.report(K::sum_type_narrowed, os, us, field, key);
  std::vector<Side> readers(
      m.readers_left.begin(),
      m.readers_left.begin() + std::min(m.readers_left.size(), m.writers_left.size()));
  if (!compare_left(differ, m.writers_left, readers, field))
    differ.report(K::combined_type_subschemas_changed, os, us, field, key);
}

void compare_products(Differ& differ, const Side& o, const Side& u, const std::string& field) {
  auto was = subschemas(o, "allOf"), now = subschemas(u, "allOf");
  // Every constraint of the reader must hold of what the writer wrote.
  Matching m = match(differ, now, was, false);
  Side os = Differ::keyword(o, "allOf"), us = Differ::keyword(u, "allOf");
  if (m.writers_left.empty()) {
    if (now.size() < was.size()) differ.report(K::product_type_narrowed, os, us, field, "allOf");
    return;
  }
  if (now.size() > was.size())
    return differ.report(K::product_type_extended, os, us, field, "allOf");
  if (!compare_left(differ, m.readers_left, m.writers_left, field))
    differ.report(K::combined_type_subschemas_changed, os, us, field, "allOf");
}

// One side combines and the other does not: a plain schema is a sum or product of one.
void compare_one_sided(Differ& differ, const Side& o, const Side& u, const std::string& field,
                       const std::string& was, const std::string& now) {
  auto any_of = [&](const std::vector<Side>& subs, auto takes) {
    return std::any_of(subs.begin(), subs.end(), takes);
  };
  auto all_of = [&](const std::vector<Side>& subs, auto takes) {
    return std::all_of(subs.begin(), subs.end(), takes);
  };
  if (was.empty() && now == "allOf") {
    auto subs = subschemas(u, now);
    if (!all_of(subs, [&](const Side& s) { return differ.compatible(o, s); }))
      differ.report(K::product_type_extended, o, Differ::keyword(u, now), field, now);
  } else if (was.empty()) {
    auto subs = subschemas(u, now);
    if (!any_of(subs, [&](const Side& s) { return differ.compatible(o, s); }))
      return differ.report(K::combined_type_changed, o, Differ::keyword(u, now), field, now);
    differ.report(K::sum_type_extended, o, Differ::keyword(u, now), field, now);
  } else if (was == "allOf") {
    auto subs = subschemas(o, was);
    if (!any_of(subs, [&](const Side& s) { return differ.compatible(s, u); }))
      differ.report(K::combined_type_changed, Differ::keyword(o, was), u, field, was);
  } else {
    auto subs = subschemas(o, was);
    if (!all_of(subs, [&](const Side& s) { return differ.compatible(s, u); }))
      differ.report(K::sum_type_narrowed, Differ::keyword(o, was), u, field, was);
  }
}

}  // namespace

void Differ::compare_combined(const Side& o, const Side& u, const std::string& field) {
  std::string was = criterion(*o.node), now = criterion(*u.node);
  if (was.empty() && now.empty()) return;
  if (was.empty() || now.empty()) return compare_one_sided(*this, o, u, field, was, now);
  if (was == now) {
    return was == "allOf" ? compare_products(*this, o, u, field)
                          : compare_sums(*this, o, u, field, was);
  }
  bool widens = (was == "allOf") || (was == "oneOf" && now == "anyOf");
  if (!widens || now == "allOf") {
    return report(K::combined_type_changed, keyword(o, was), keyword(u, now), field, now);
  }
  report(K::combined_type_extended, keyword(o, was), keyword(u, now), field, now);
  // The alternatives themselves must still take what was written.
  Matching m = match(*this, subschemas(o, was), subschemas(u, now), true);
  if (was != "allOf" && !m.writers_left.empty())
    report(K::combined_type_subschemas_changed, keyword(o, was), keyword(u, now), field, now);
}

}  // namespace topicform::schema_diff
