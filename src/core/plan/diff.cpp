// The reconciler's decision: compare each desired topic with the cluster's and say what to do.
#include "core/plan/diff.hpp"

#include <set>

#include <fmt/format.h>

#include "core/model/topic_configs.hpp"
#include "core/plan/access_plan.hpp"
#include "core/plan/plan_rules.hpp"

namespace topicform {
namespace {

struct Builder {
  const ClusterState& actual;
  const DiffOptions& options;
  Plan& plan;
  PlanFindings& findings;
  MetricNames taken;  // the cluster's topics by metric name
  std::vector<Action> creates, grows, alters, deletes;

  void existing(const EffectiveTopic& topic, const ClusterTopic& current) {
    check_replication_change(topic, current, findings);
    if (auto grow = partition_change(topic, current, findings)) grows.push_back(*grow);
    auto desired = desired_configs(topic, &actual);
    if (auto alter =
            config_change(topic, std::move(desired), current, actual.topic_defaults, findings))
      alters.push_back(std::move(*alter));
  }

  void remove(const EffectiveTopic& topic) {
    if (!actual.topics.count(topic.name)) return;
    DeleteTopic d{topic.name, topic.spec->deleted.at};
    if (options.allow_delete) return deletes.push_back(std::move(d));
    findings.report("delete/explicit", topic.name, d.at,
                    fmt::format("'{}' is marked deleted but deletes are not allowed: run with "
                                "--allow-delete to delete it and its messages",
                                topic.name));
    plan.withheld.push_back(std::move(d));
  }

  void topic(const EffectiveTopic& topic) {
    if (topic.spec->deleted.value) return remove(topic);
    auto found = actual.topics.find(topic.name);
    if (found != actual.topics.end()) return existing(topic, found->second);
    if (allow_create(topic, actual.brokers, taken, findings)) {
      creates.push_back(CreateTopic{topic.name, topic.partitions.value,
                                    topic.replication_factor.value, desired_configs(topic, &actual),
                                    topic.is_dead ? topic.spec->name.value : std::string(),
                                    topic.name_at});
    }
  }
};

const Settings& default_settings() {
  static const Settings settings;
  return settings;
}

}  // namespace

Plan diff(const std::vector<EffectiveTopic>& desired, const ClusterState& actual,
          const DiffOptions& options) {
  Plan plan;
  plan.cluster_id = actual.cluster_id;
  plan.environment = options.environment;
  PlanFindings findings(options.settings ? *options.settings : default_settings(), plan);
  check_cluster(desired, actual, options.pinned_cluster_id, options.environment, findings);
  Builder b{actual, options, plan, findings, metric_names(actual), {}, {}, {}, {}};
  std::set<std::string> managed;
  b.creates.reserve(desired.size());  // a new cluster's plan creates them all
  for (const auto& topic : desired) {
    managed.insert(topic.name);
    b.topic(topic);
  }
  for (const auto& [name, topic] : actual.topics) {
    if (!topic.internal && !managed.count(name)) plan.unmanaged.push_back(name);
  }
  // The creates (all of a new cluster's plan) are moved, not copied: the plan is never held twice.
  plan.actions = std::move(b.creates);
  plan.actions.reserve(plan.actions.size() + b.grows.size() + b.alters.size() + b.deletes.size());
  for (auto* group : {&b.grows, &b.alters, &b.deletes}) {
    for (auto& action : *group) plan.actions.push_back(std::move(action));
  }
  check_deletes(plan, actual, findings);
  check_dead_topics(desired, actual, findings);
  if (options.access) {
    plan_access(desired, actual, *options.access,
                options.managed ? *options.managed : managed_access(desired, *options.access),
                plan);
  }
  return plan;
}

void plan_access(const std::vector<EffectiveTopic>& desired, const ClusterState& actual,
                 const AccessSettings& access, const ManagedAccess& managed, Plan& plan) {
  if (actual.acls_disabled) {
    plan.access_skipped =
        "the cluster has no authorizer (the broker answers: security is disabled), so ACLs are not "
        "managed; set 'authorizer.class.name' on the brokers, or remove 'acls:' from the "
        "environment";
    return;
  }
  if (!actual.acls_read) return;  // a snapshot without ACLs: nothing to compare
  plan.access = diff_access(desired_bindings(desired, access), actual.acls, managed);
  plan.access.other = actual.other_acls;
}

std::vector<std::string> deleted_topics(const Plan& plan) {
  std::vector<std::string> out;
  for (const auto& action : plan.actions) {
    if (const auto* d = std::get_if<DeleteTopic>(&action)) out.push_back(d->name);
  }
  return out;
}

void warn_deletes_held_by_idle_groups(Plan& plan,
                                      const std::map<std::string, std::vector<std::string>>& idle) {
  for (const auto& action : plan.actions) {
    const auto* d = std::get_if<DeleteTopic>(&action);
    if (!d) continue;
    auto it = idle.find(d->name);
    if (it == idle.end() || it->second.empty()) continue;
    plan.warnings.push_back(Diagnostic{
        Severity::warning, "delete/no-active-consumers",
        fmt::format("'{}' still has committed offsets of group(s) with no live member ({}): "
                    "a stopped service may still read it; remove the topic from its config and "
                    "delete the groups first",
                    d->name, fmt::join(it->second, ", ")),
        d->at});
  }
}

}  // namespace topicform
