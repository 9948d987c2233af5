// `--target`: a run narrowed to topics by name, planned from the whole project, so a narrow run
// never resets what it did not read.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/access_plan.hpp"
#include "core/effective_topic.hpp"
#include "core/plan.hpp"

namespace topicform {

struct Targets {
  std::vector<std::string> patterns;  // globs: `*` any run of characters, `?` one; empty: all
  bool exact = false;  // a source does not bring its dead topic (the read-back's own list)

  bool all() const { return patterns.empty(); }
  // Whether a pattern matches `name` whole.
  bool match(std::string_view name) const;
  // Whether `topic` is selected: its name matches, or (unless exact) it is the dead topic of a
  // source that does.
  bool selects(const EffectiveTopic& topic) const;
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
