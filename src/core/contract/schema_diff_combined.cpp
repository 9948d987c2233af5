// allOf, anyOf and oneOf: subschemas matched across the two sides, one to one.
#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <set>

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

// What an alternative that is a plain object schema (no $ref, no combinator) fixes: the `const`
// of each property, and the names it requires; nothing is known of any other alternative.
struct Shape {
  bool known = false;
  std::map<std::string, const Json*> consts;
  std::set<std::string> required, required_without_default;
};

Shape shape_of(const Side& alternative) {
  Shape shape;
  const Json& node = *alternative.node;
  if (!node.is_object() || node.contains("$ref") || has_combinator(node)) return shape;
  shape.known = true;
  const Json* properties =
      node.contains("properties") && node["properties"].is_object() ? &node["properties"] : nullptr;
  static const Json kNone = Json::object();
  for (const auto& [name, property] : (properties ? *properties : kNone).items())
    if (property.is_object() && property.contains("const")) shape.consts[name] = &property["const"];
  if (!node.contains("required") || !node["required"].is_array()) return shape;
  for (const auto& name : node["required"]) {
    if (!name.is_string()) continue;
    shape.required.insert(name.get<std::string>());
    const Json* property = properties && properties->contains(name.get<std::string>())
                               ? &(*properties)[name.get<std::string>()]
                               : nullptr;
    if (!property || !property->is_object() || !property->contains("default"))
      shape.required_without_default.insert(name.get<std::string>());
  }
  return shape;
}

// The readers of a sum each writer may be taken by, told by shape before any comparison; both
// shortcuts only drop readers the comparison would refuse:
// - a property every reader fixes with a `const` (a discriminated union's `kind`): a writer that
//   fixes it to another value is outside such a reader's enumeration of one;
// - a reader requiring, without a default, a name the writer does not require: the comparison
//   reports the required property added.
class Candidates {
 public:
  explicit Candidates(const std::vector<Side>& readers) {
    for (const auto& r : readers) m_shapes.push_back(shape_of(r));
    if (m_shapes.empty()) return;
    for (const auto& fixed : m_shapes.front().consts) {
      const std::string& name = fixed.first;  // a lambda may not capture a structured binding
      bool everywhere = std::all_of(m_shapes.begin(), m_shapes.end(),
                                    [&](const Shape& s) { return s.consts.count(name) > 0; });
      if (everywhere) m_discriminators.push_back(name);
    }
    // Names every reader requires are checked once a writer, not counted reader by reader.
    m_common = m_shapes.front().required_without_default;
    for (const auto& shape : m_shapes)
      std::erase_if(m_common, [&](const std::string& n) {
        return shape.required_without_default.count(n) == 0;
      });
    for (std::size_t i = 0; i < m_shapes.size(); ++i) {
      if (auto k = key(m_shapes[i])) m_by_key[*k].push_back(i);
      for (const auto& name : m_shapes[i].required_without_default)
        if (!m_common.count(name)) m_requiring[name].push_back(i);
    }
  }

  std::vector<std::size_t> of(const Side& writer) const {
    Shape shape = shape_of(writer);
    std::vector<std::size_t> out;
    auto by_key = shape.known ? key(shape) : std::nullopt;
    const std::vector<std::size_t>* same = nullptr;
    if (by_key) {
      auto it = m_by_key.find(*by_key);
      if (it == m_by_key.end()) return out;
      same = &it->second;
    }
    bool has_common = std::all_of(m_common.begin(), m_common.end(),
                                  [&](const std::string& n) { return shape.required.count(n); });
    if (shape.known && !has_common) return out;
    std::map<std::size_t, std::size_t> met;  // reader -> its other required names the writer has
    for (const auto& name : shape.required)
      if (auto it = m_requiring.find(name); it != m_requiring.end())
        for (std::size_t i : it->second) ++met[i];
    auto takes = [&](std::size_t i) {
      if (!shape.known) return true;
      auto it = met.find(i);
      return m_shapes[i].required_without_default.size() - m_common.size() ==
             (it == met.end() ? 0 : it->second);
    };
    if (same) {
      std::copy_if(same->begin(), same->end(), std::back_inserter(out), takes);
    } else {
      for (std::size_t i = 0; i < m_shapes.size(); ++i)
        if (takes(i)) out.push_back(i);
    }
    return out;
  }

 private:
  std::optional<std::string> key(const Shape& shape) const {
    if (m_discriminators.empty()) return std::nullopt;
    std::string out;
    for (const auto& name : m_discriminators) {
      auto it = shape.consts.find(name);
      if (it == shape.consts.end()) return std::nullopt;
      out += it->second->dump() + '\n';
    }
    return out;
  }

  std::vector<Shape> m_shapes;
  std::vector<std::string> m_discriminators;
  std::map<std::string, std::vector<std::size_t>> m_by_key;
  std::map<std::string, std::vector<std::size_t>> m_requiring;  // names not every reader requires
  std::set<std::string> m_common;  // names every reader requires without a default
};

// Every index below `count`: the readers of an allOf, where the roles turn (each reader's
// constraint must hold of the writer) and no shape is a shortcut.
std::vector<std::size_t> every_index(std::size_t count) {
  std::vector<std::size_t> all(count);
  for (std::size_t i = 0; i < count; ++i) all[i] = i;
  return all;
}

// Each writer tries its own place first (lists mostly change in place), then its candidates. A
// probe stops at the first writer no reader takes: its answer is known.
Matching match(const Differ& differ, const std::vector<Side>& writers,
               const std::vector<Side>& readers, bool readers_on_update) {
  Matching out;
  std::vector<bool> used(readers.size(), false);
  auto takes = [&](const Side& writer, std::size_t i) {
    bool found = !used[i] && (readers_on_update ? differ.compatible(writer, readers[i])
                                                : differ.compatible(readers[i], writer));
    used[i] = used[i] || found;
    return found;
  };
  Candidates candidates(readers_on_update ? readers : std::vector<Side>{});
  for (std::size_t w = 0; w < writers.size() && !differ.over_budget(); ++w) {
    bool found = w < readers.size() && takes(writers[w], w);
    std::vector<std::size_t> tried =
        readers_on_update ? candidates.of(writers[w]) : every_index(readers.size());
    for (std::size_t k = 0; k < tried.size() && !found && !differ.over_budget(); ++k)
      found = tried[k] != w && takes(writers[w], tried[k]);
    if (!found) out.writers_left.push_back(writers[w]);
    if (!found && readers_on_update && differ.probing()) break;  // a sum left unmatched breaks
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
