// Plan rules about the cluster as a whole and about what it holds: ids, deletes, dead topics.
#include <algorithm>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "core/model/topic_names.hpp"
#include "core/model/units.hpp"
#include "core/plan/plan_rules.hpp"

namespace topicform {
namespace {

// Why a delete of `name` must wait for a group, or nullopt when no group holds it.
std::optional<std::string> held_by_groups(const std::string& name, const ClusterState& actual) {
  if (auto it = actual.readers.find(name); it != actual.readers.end() && !it->second.empty()) {
    return fmt::format(
        "'{}' is read by group(s) with live members ({}): stop the consumers, "
        "remove the topic from their config and delete the groups first",
        name, fmt::join(it->second, ", "));
  }
  for (const auto& [group, topics] : actual.undescribed_groups) {
    bool holds = topics.empty() || std::find(topics.begin(), topics.end(), name) != topics.end();
    if (!holds) continue;
    return fmt::format(
        "'{}' may be read by group '{}', which has live members that this client cannot describe "
        "(a Kafka 4 'consumer' protocol group){}: stop it and delete the group first",
        name, group, topics.empty() ? " and no committed offsets to tell what it reads" : "");
  }
  return std::nullopt;
}

std::optional<std::string> unhandled_dead_messages(const std::string& name,
                                                   const ClusterState& actual) {
  auto it = actual.dead_messages.find(name);
  if (dead_letter_source(name).empty() || it == actual.dead_messages.end() || it->second == 0) {
    return std::nullopt;
  }
  if (it->second == kUncountedMessages) {
    return fmt::format(
        "the messages in '{}' could not be counted (its leader did not answer): "
        "plan again in a moment",
        name);
  }
  return fmt::format(
      "'{}' still holds {} message{}: failures nobody has handled; read or move "
      "them before deleting it",
      name, it->second, it->second == 1 ? "" : "s");
}

// Moves the deletes that `why` objects to (it returns the blocking rule and message) from the
// plan's actions to its blocked changes, keeping the order of both.
template <class Why>
void block_deletes(Plan& plan, PlanFindings& findings, Why why) {
  // Compacted in place: a copy of a hundred thousand creates would double the plan's memory.
  auto kept = plan.actions.begin();
  for (auto& action : plan.actions) {
    const auto* d = std::get_if<DeleteTopic>(&action);
    auto objection = d ? why(*d) : std::nullopt;
    if (!objection || !findings.report(objection->first, d->name, d->at, objection->second)) {
      if (&*kept != &action) *kept = std::move(action);
      ++kept;
    }
  }
  plan.actions.erase(kept, plan.actions.end());
}

using Objection = std::optional<std::pair<std::string, std::string>>;

}  // namespace

void check_deletes(Plan& plan, const ClusterState& actual, PlanFindings& findings) {
  std::set<std::string> held;  // sources whose delete is blocked
  block_deletes(plan, findings, [&](const DeleteTopic& d) -> Objection {
    if (auto why = held_by_groups(d.name, actual)) {
      held.insert(d.name);
      return std::make_pair("delete/no-active-consumers", *why);
    }
    if (auto why = unhandled_dead_messages(d.name, actual)) {
      return std::make_pair("dead/delete-order", *why);
    }
    return std::nullopt;
  });
  // A source that stays may still send failures to its dead topic, so that stays too.
  block_deletes(plan, findings, [&](const DeleteTopic& d) -> Objection {
    std::string source(dead_letter_source(d.name));
    if (source.empty() || !held.count(source)) return std::nullopt;
    return std::make_pair(
        "dead/delete-order",
        fmt::format("'{}' is deleted only with its source '{}', whose delete is blocked", d.name,
                    source));
  });
}

void check_dead_topics(const std::vector<EffectiveTopic>& desired, const ClusterState& actual,
                       PlanFindings& findings) {
  // Every desired topic by name: a dead topic's source, and whether the dead topic is wanted.
  std::map<std::string, const EffectiveTopic*> sources;
  for (const auto& topic : desired) sources[topic.name] = &topic;
  for (const auto& [name, count] : actual.dead_messages) {
    auto source = sources.find(std::string(dead_letter_source(name)));
    bool orphan =
        source != sources.end() && !sources.count(name) && !source->second->spec->deleted.value;
    Location at = source != sources.end() ? source->second->name_at : Location{};
    if (orphan) {
      findings.report(
          "dead/orphan", name, at,
          fmt::format("'{}' is on the cluster but its source '{}' no longer has a "
                      "dead-letter topic: it is left as it is ({})",
                      name, source->first,
                      count < 0 ? "messages not counted"
                                : fmt::format("{} message{}", count, count == 1 ? "" : "s")));
    }
    if (count > 0) {
      findings.report("dead/alert", name, at,
                      fmt::format("'{}' holds {} message{}: each is a failure nobody has "
                                  "handled yet",
                                  name, count, count == 1 ? "" : "s"));
    }
  }
}

void check_cluster(const std::vector<EffectiveTopic>& desired, const ClusterState& actual,
                   const std::string& pinned_cluster_id, const std::string& environment,
                   PlanFindings& findings) {
  if (!pinned_cluster_id.empty() && pinned_cluster_id != actual.cluster_id) {
    findings.report("cluster/id", "", {},
                    fmt::format("the cluster's id is '{}' but environment '{}' pins '{}': this "
                                "is another cluster, or its volume was recreated and its topics "
                                "lost",
                                actual.cluster_id, environment, pinned_cluster_id));
  }
  if (actual.auto_create_topics.value_or(false)) {
    findings.report("cluster/auto-create", "", {},
                    "the broker has auto.create.topics.enable=true: a typo in a topic name "
                    "silently creates a topic with default settings");
  }
  if (!actual.offsets_retention_ms) return;
  std::int64_t offsets = *actual.offsets_retention_ms;
  for (const auto& topic : desired) {
    auto limit = retention_limit_ms(topic);
    if (topic.is_dead || topic.spec->owner.consumers.empty() || !limit) continue;
    // A compact-only topic expires nothing by time: it holds each key's latest value, so a group
    // that lost its offsets reads the whole state again from the earliest offset.
    if (std::find(topic.cleanup_policy.begin(), topic.cleanup_policy.end(), "delete") ==
        topic.cleanup_policy.end()) {
      continue;
    }
    std::int64_t kept = *limit;
    if (kept >= 0 && kept <= offsets) continue;
    auto config = topic.config.find("retention.ms");
    Location at = config != topic.config.end() ? config->second.value_at : topic.name_at;
    findings.report(
        "cluster/offsets-retention", topic.name, at,
        fmt::format("'{}' keeps messages {} but the broker forgets an idle group's offsets "
                    "after {} (offsets.retention.minutes): a consumer stopped longer than that "
                    "starts again from its auto.offset.reset, not where it stopped",
                    topic.name, kept < 0 ? "for ever" : "for " + format_duration_ms(kept),
                    format_duration_ms(offsets)));
  }
}

}  // namespace topicform
