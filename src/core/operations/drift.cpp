// Drift by reason from a plan and the state it was made from.
#include "core/operations/drift.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

namespace topicform {
namespace {

using Reasons = std::map<std::string, std::set<DriftReason>>;

bool is_config_rule(const std::string& rule) {
  return rule.rfind("config/", 0) == 0 || rule.rfind("retention/", 0) == 0 ||
         rule.rfind("cleanup/", 0) == 0;
}

// What the cluster's own view of each managed topic says: missing, partitions, replication, or a
// topic Git deletes that is still there.
void compare_with_state(const std::vector<EffectiveTopic>& desired, const ClusterState& state,
                        Reasons& reasons) {
  for (const auto& topic : desired) {
    auto found = state.topics.find(topic.name);
    bool deleted = topic.spec && topic.spec->deleted.value;
    if (deleted) {
      if (found != state.topics.end()) reasons[topic.name].insert(DriftReason::deleted);
      continue;
    }
    reasons[topic.name];  // managed: in sync unless a reason follows
    if (found == state.topics.end()) {
      reasons[topic.name].insert(DriftReason::missing);
      continue;
    }
    if (found->second.partitions != topic.partitions.value)
      reasons[topic.name].insert(DriftReason::partitions);
    if (found->second.replication_factor != topic.replication_factor.value)
      reasons[topic.name].insert(DriftReason::replication);
  }
}

// What the plan would change or refuses to: configs, ACLs, subjects, and the waiting lines.
void compare_with_plan(const Plan& plan, Reasons& reasons, std::vector<std::string>& waiting) {
  for (const auto& action : plan.actions) {
    if (const auto* alter = std::get_if<AlterConfig>(&action)) {
      reasons[alter->name].insert(DriftReason::config);
      if (alter->destructive) waiting.push_back(describe_action(action));
    } else if (std::holds_alternative<DeleteTopic>(action)) {
      waiting.push_back(describe_action(action));
    }
  }
  for (const auto& blocked : plan.blocked) {
    if (is_config_rule(blocked.rule) && reasons.count(blocked.topic))
      reasons[blocked.topic].insert(DriftReason::config);
    waiting.push_back(describe_blocked(blocked));
  }
  for (const auto& withheld : plan.withheld) waiting.push_back("delete " + withheld.name);
  for (const auto* bindings : {&plan.access.creates, &plan.access.deletes}) {
    for (const auto& binding : *bindings) {
      if (binding.resource == AclResource::topic && reasons.count(binding.name))
        reasons[binding.name].insert(DriftReason::acl);
    }
  }
  for (const auto& change : plan.schemas) {
    if (reasons.count(change.topic)) reasons[change.topic].insert(DriftReason::subject);
  }
  for (const auto& name : plan.unmanaged) reasons[name].insert(DriftReason::unmanaged);
}

// A replication factor only a reassignment changes waits for one, also where the rule that says
// so is a warning and blocks nothing.
void add_reassignments(const std::vector<EffectiveTopic>& desired, const ClusterState& state,
                       const Plan& plan, const Reasons& reasons,
                       std::vector<std::string>& waiting) {
  for (const auto& topic : desired) {
    auto found = reasons.find(topic.name);
    if (found == reasons.end() || !found->second.count(DriftReason::replication)) continue;
    bool told = std::any_of(plan.blocked.begin(), plan.blocked.end(), [&](const auto& b) {
      return b.topic == topic.name && b.rule == "replication/change";
    });
    if (told) continue;
    waiting.push_back(fmt::format("reassign {} replicationFactor {} -> {}", topic.name,
                                  state.topics.at(topic.name).replication_factor,
                                  topic.replication_factor.value));
  }
}

}  // namespace

const std::vector<DriftReason>& all_drift_reasons() {
  static const std::vector<DriftReason> all = {
      DriftReason::missing, DriftReason::config,  DriftReason::partitions, DriftReason::replication,
      DriftReason::acl,     DriftReason::subject, DriftReason::unmanaged,  DriftReason::deleted};
  return all;
}

const char* drift_reason_name(DriftReason reason) {
  switch (reason) {
    case DriftReason::missing:
      return "missing";
    case DriftReason::config:
      return "config";
    case DriftReason::partitions:
      return "partitions";
    case DriftReason::replication:
      return "replication";
    case DriftReason::acl:
      return "acl";
    case DriftReason::subject:
      return "subject";
    case DriftReason::unmanaged:
      return "unmanaged";
    case DriftReason::deleted:
      return "deleted";
  }
  return "unknown";
}

std::size_t DriftReport::count(DriftReason reason) const {
  return static_cast<std::size_t>(std::count_if(drifted.begin(), drifted.end(), [&](const auto& d) {
    return std::find(d.reasons.begin(), d.reasons.end(), reason) != d.reasons.end();
  }));
}

DriftReport drift_of(const std::vector<EffectiveTopic>& desired, const ClusterState& state,
                     const Plan& plan) {
  Reasons reasons;
  DriftReport report;
  compare_with_state(desired, state, reasons);
  compare_with_plan(plan, reasons, report.waiting);
  add_reassignments(desired, state, plan, reasons, report.waiting);
  for (const auto& [topic, found] : reasons) {
    if (found.empty()) {
      report.in_sync.push_back(topic);
      continue;
    }
    TopicDrift drift{topic, {}};
    for (auto reason : all_drift_reasons())
      if (found.count(reason)) drift.reasons.push_back(reason);
    report.drifted.push_back(std::move(drift));
  }
  return report;
}

std::optional<std::vector<std::string>> automatic_topics(const Plan& plan) {
  std::set<std::string> wanted;
  std::set<std::string> waiting;
  for (const auto& blocked : plan.blocked) {
    if (blocked.topic.empty()) return std::nullopt;
    waiting.insert(blocked.topic);
  }
  for (const auto& action : plan.actions) {
    const auto* alter = std::get_if<AlterConfig>(&action);
    bool waits = std::holds_alternative<DeleteTopic>(action) || (alter && alter->destructive);
    (waits ? waiting : wanted).insert(action_topic(action));
  }
  for (const auto& withheld : plan.withheld) waiting.insert(withheld.name);
  for (const auto& change : plan.schemas) {
    bool waits = change.kind == SchemaChange::Kind::soft_delete;
    (waits ? waiting : wanted).insert(change.topic);
  }
  for (const auto* bindings : {&plan.access.creates, &plan.access.deletes}) {
    for (const auto& binding : *bindings)
      if (binding.resource == AclResource::topic) wanted.insert(binding.name);
  }
  std::vector<std::string> out;
  for (const auto& topic : wanted)
    if (!waiting.count(topic) && !topic.empty()) out.push_back(topic);
  return out;
}

}  // namespace topicform
