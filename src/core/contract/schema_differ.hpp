// The walk behind diff_schemas, shared by the files that compare each family of keywords.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/contract/schema_diff.hpp"

namespace topicform::schema_diff {

using Json = nlohmann::json;

// A node of one document and where it stands: its pointer and the path a user reads.
struct Side {
  const Json* node;
  std::string at;
};

// The simple types a schema admits, after `type` or, without it, what its keywords imply.
struct TypeSet {
  std::set<std::string> types;  // empty: any value
  bool implied = false;         // no `type` keyword
};

// What every probe of one comparison shares: the verdicts already reached on pairs of nodes
// (subschemas of nested anyOfs are matched again and again) and the steps taken, which are
// bounded so that a schema within the size limit is judged in seconds or said to be too large.
struct SharedWork {
  std::map<std::pair<const Json*, const Json*>, bool> verdicts;
  std::size_t steps = 0;
  std::size_t max_steps = kMaxCompareSteps;
  bool over_budget = false;
};

class Differ {
 public:
  Differ(const Json& original_root, const Json& update_root, std::vector<SchemaDifference>& out,
         SharedWork& work)
      : m_original_root(original_root), m_update_root(update_root), m_out(out), m_work(work) {}

  // Compares two schema nodes; `field` is the user's path of both.
  void compare(Side original, Side update, const std::string& field);

  // Whether a reader on `update` takes everything a writer on `original` wrote, without
  // reporting: used to match subschemas and to test coverage by a partial content model.
  bool compatible(const Side& original, const Side& update) const;

  // Whether the comparison ran out of steps: nothing more is compared, the cut is reported once.
  bool over_budget() const { return m_work.over_budget; }
  // Whether this walk only answers compatible or not (a probe): it may stop at the first break.
  bool probing() const { return m_probe; }

  void report(DifferenceKind kind, const Side& original, const Side& update,
              const std::string& field, std::string name = "", std::string was = "",
              std::string now = "");

  // A keyword's side: the keyword's node and pointer when present, else the schema's.
  static Side keyword(const Side& schema, const std::string& key);

  void compare_annotations(const Side& original, const Side& update, const std::string& field);
  void compare_string(const Side& original, const Side& update, const std::string& field);
  void compare_number(const Side& original, const Side& update, const std::string& field);
  void compare_object(const Side& original, const Side& update, const std::string& field);
  void compare_array(const Side& original, const Side& update, const std::string& field);
  void compare_enum(const Side& original, const Side& update, const std::string& field);
  void compare_combined(const Side& original, const Side& update, const std::string& field);
  void compare_not(const Side& original, const Side& update, const std::string& field);

 private:
  Side resolve(Side side, const Json& root) const;
  bool compare_types(const Side& original, const Side& update, const std::string& field);

  const Json& m_original_root;
  const Json& m_update_root;
  std::vector<SchemaDifference>& m_out;
  SharedWork& m_work;
  bool m_probe = false;   // a probe stops at its first incompatible difference
  bool m_broken = false;  // a probe's answer is known: incompatible
  using Pair = std::pair<const Json*, const Json*>;
  std::set<Pair> m_active;  // pairs being compared further up: a cycle back to one holds
  std::set<Pair> m_done;    // pairs compared and reported already
  int m_depth = 0;
};

// The deepest nesting compared (through `$ref`s too); deeper is reported unreadable.
inline constexpr int kMaxCompareDepth = 200;

// The four kinds of one bound: added, removed, increased, decreased.
struct LimitKinds {
  DifferenceKind added, removed, increased, decreased;
};
// A bound either side may lack; draft-04's boolean exclusive bounds count as added or removed.
void compare_limit(Differ& differ, const Side& original, const Side& update,
                   const std::string& field, const char* key, LimitKinds kinds);

TypeSet type_set(const Json& schema);
bool is_empty_schema(const Json& schema);  // `true` or `{}`: any value
bool is_false_schema(const Json& schema);
bool has_combinator(const Json& schema);
std::string child_pointer(const std::string& pointer, const std::string& key);
std::string short_text(const Json& value);  // a value's JSON, or "" when too long to quote

}  // namespace topicform::schema_diff
