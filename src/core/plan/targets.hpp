// `--target`: a run narrowed to topics by name, planned from the whole project, so a narrow run
// never resets what it did not read.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/model/effective_topic.hpp"
#include "core/plan/access_plan.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

class Targets {
 public:
  // `patterns`: globs, `*` any run of characters, `?` one; none: every topic. `exact`: a source
  // does not bring its dead topic (the read-back's own list of what it wrote).
  explicit Targets(std::vector<std::string> patterns = {}, bool exact = false);

  const std::vector<std::string>& patterns() const { return m_patterns; }
  bool all() const { return m_patterns.empty(); }
  // Whether a pattern matches `name` whole: names without wildcards are looked up, so a list of
  // thousands of names costs no more than one.
  bool match(std::string_view name) const;
  // Whether `topic` is selected: its name matches, or (unless exact) it is the dead topic of a
  // source that does.
  bool selects(const EffectiveTopic& topic) const;

 private:
  std::vector<std::string> m_patterns;
  std::unordered_set<std::string> m_names;  // the patterns without wildcards
  std::vector<std::string> m_globs;         // the others
  bool m_exact = false;
};

// The patterns that select none of `topics`: a typo would otherwise plan nothing and say "no
// changes".
std::vector<std::string> unmatched_targets(const Targets& targets,
                                           const std::vector<EffectiveTopic>& topics);

// The selected topics of `topics`.
std::vector<EffectiveTopic> selected_topics(const Targets& targets,
                                            const std::vector<EffectiveTopic>& topics);

// Keeps of `plan` (made from every topic of `desired`) what is about the selected topics: their
// actions, blocked changes and withheld deletes, the warnings but those in manifests of topics left
// out, the ACL bindings on their topics and groups, and the unmanaged topics a
// pattern matches.
void narrow_plan(Plan& plan, const std::vector<EffectiveTopic>& desired, const Targets& targets,
                 const AccessSettings* access);

}  // namespace topicform
