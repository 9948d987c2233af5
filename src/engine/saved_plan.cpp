// Actions and blocks are compared as the one-line forms that say everything they would write.
#include "engine/saved_plan.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/plan/diff.hpp"

namespace topicform {
namespace {

std::vector<std::string> entries(const Plan& plan) {
  std::vector<std::string> out;
  for (const auto& action : plan.actions) out.push_back(describe_action(action));
  for (const auto& blocked : plan.blocked) out.push_back(describe_blocked(blocked));
  for (const auto& [symbol, line] : describe_access_changes(plan.access)) out.push_back(line);
  for (const auto& change : plan.schemas) out.push_back(describe_schema_change(change));
  return out;
}

// Lines in one list and not the other, marked by which side has them.
std::vector<std::string> difference(const std::vector<std::string>& planned,
                                    const std::vector<std::string>& now) {
  std::vector<std::string> out;
  for (const auto& line : planned) {
    if (std::find(now.begin(), now.end(), line) == now.end()) out.push_back("planned: " + line);
  }
  for (const auto& line : now) {
    if (std::find(planned.begin(), planned.end(), line) == planned.end()) {
      out.push_back("now:     " + line);
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> saved_plan_refusal(const SavedPlan& saved, bool allow_delete,
                                              const std::vector<std::string>& targets) {
  if (targets != saved.targets) {
    return fmt::format(
        "the plan was saved with --target {}: apply it with the same targets or none; nothing "
        "was applied",
        saved.targets.empty() ? "(none)" : fmt::format("{}", fmt::join(saved.targets, ", ")));
  }
  std::vector<std::string> deletes = deleted_topics(saved.plan);
  if (deletes.empty() || allow_delete) return std::nullopt;
  return fmt::format(
      "the plan deletes {} topic(s) (first: '{}'): run apply with --allow-delete "
      "to delete them; nothing was applied",
      deletes.size(), deletes.front());
}

std::optional<Staleness> stale_because(const SavedPlan& saved, const Plan& fresh,
                                       const std::string& digest) {
  Staleness stale{"", difference(entries(saved.plan), entries(fresh))};
  if (saved.plan.environment != fresh.environment) {
    stale.reason = fmt::format("it was made for environment '{}', this run is for '{}'",
                               saved.plan.environment, fresh.environment);
  } else if (saved.plan.cluster_id != fresh.cluster_id) {
    stale.reason = fmt::format("it was made for cluster '{}', this is '{}'", saved.plan.cluster_id,
                               fresh.cluster_id);
  } else if (saved.digest != digest) {
    stale.reason = "the manifests or settings changed since it was made";
  } else if (!stale.details.empty() || entries(saved.plan) != entries(fresh)) {
    stale.reason = "the cluster changed since it was made, so a plan made now differs";
  } else {
    return std::nullopt;
  }
  return stale;
}

}  // namespace topicform
