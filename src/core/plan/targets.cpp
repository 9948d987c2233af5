// Narrowing filters a plan of the whole project: nothing outside the selection is ever diffed
// against a partial read, so what a narrow run leaves out it leaves alone.
#include "core/plan/targets.hpp"

#include <algorithm>
#include <set>

namespace topicform {
namespace {

// Glob matching with `*` and `?`, iterative with one backtrack point (linear in practice).
bool glob_match(std::string_view pattern, std::string_view text) {
  std::size_t p = 0, t = 0, star = std::string_view::npos, resume = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

template <class T, class Keep>
void keep_if(std::vector<T>& items, Keep keep) {
  items.erase(std::remove_if(items.begin(), items.end(), [&](const T& i) { return !keep(i); }),
              items.end());
}

void narrow_access(AccessChanges& access, const ManagedAccess& selected) {
  auto on_selection = [&](const AclBinding& b) { return selected.on_managed_resource(b); };
  keep_if(access.creates, on_selection);
  keep_if(access.deletes, on_selection);
  keep_if(access.unmanaged, on_selection);
  std::erase_if(access.created_at, [&](const auto& entry) { return !on_selection(entry.first); });
}

}  // namespace

Targets::Targets(std::vector<std::string> patterns, bool exact)
    : m_patterns(std::move(patterns)), m_exact(exact) {
  for (const auto& p : m_patterns) {
    if (p.find_first_of("*?") == std::string::npos) {
      m_names.insert(p);
    } else {
      m_globs.push_back(p);
    }
  }
}

bool Targets::match(std::string_view name) const {
  if (m_names.count(std::string(name))) return true;
  return std::any_of(m_globs.begin(), m_globs.end(),
                     [&](const std::string& p) { return glob_match(p, name); });
}

bool Targets::selects(const EffectiveTopic& topic) const {
  if (all() || match(topic.name)) return true;
  return !m_exact && topic.is_dead && topic.spec && match(topic.spec->name.value);
}

std::vector<std::string> unmatched_targets(const Targets& targets,
                                           const std::vector<EffectiveTopic>& topics) {
  std::vector<std::string> out;
  for (const auto& pattern : targets.patterns()) {
    Targets one({pattern});
    if (std::none_of(topics.begin(), topics.end(),
                     [&](const EffectiveTopic& t) { return one.match(t.name); })) {
      out.push_back(pattern);
    }
  }
  return out;
}

std::vector<EffectiveTopic> selected_topics(const Targets& targets,
                                            const std::vector<EffectiveTopic>& topics) {
  std::vector<EffectiveTopic> out;
  for (const auto& topic : topics) {
    if (targets.selects(topic)) out.push_back(topic);
  }
  return out;
}

void narrow_plan(Plan& plan, const std::vector<EffectiveTopic>& desired, const Targets& targets,
                 const AccessSettings* access) {
  if (targets.all()) return;
  plan.targets = targets.patterns();
  std::set<std::string> names, files, other_files;
  std::vector<EffectiveTopic> chosen;  // for the ACLs only
  for (const auto& topic : desired) {
    bool in = targets.selects(topic);
    if (in) names.insert(topic.name);
    if (in && access) chosen.push_back(topic);
    (in ? files : other_files).insert(topic.name_at.file);
  }
  // A warning in the manifest of a topic left out goes with it; one of the settings or the
  // cluster stays.
  auto left_out = [&](const Location& at) {
    return other_files.count(at.file) > 0 && files.count(at.file) == 0;
  };
  auto selected = [&](const std::string& name) { return names.count(name) > 0; };
  keep_if(plan.actions, [&](const Action& a) { return selected(action_topic(a)); });
  keep_if(plan.blocked,
          [&](const BlockedChange& b) { return b.topic.empty() || selected(b.topic); });
  keep_if(plan.withheld, [&](const DeleteTopic& d) { return selected(d.name); });
  keep_if(plan.warnings, [&](const Diagnostic& w) { return !left_out(w.at); });
  keep_if(plan.unmanaged, [&](const std::string& name) { return targets.match(name); });
  if (access) narrow_access(plan.access, managed_access(chosen, *access));
}

}  // namespace topicform
