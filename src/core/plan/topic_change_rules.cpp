// Plan rules about one managed topic that exists or is to be created: replication, growth, configs.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/model/effective_topic.hpp"
#include "core/model/topic_configs.hpp"
#include "core/model/units.hpp"
#include "core/plan/plan_rules.hpp"
#include "core/rules/rules.hpp"

namespace topicform {
namespace {

// Set by kafka-reassign-partitions.sh during a reassignment and removed by its --verify step.
constexpr const char* kThrottleKeys[] = {"leader.replication.throttled.replicas",
                                         "follower.replication.throttled.replicas"};

bool is_operators_config(const std::string& key, const Settings& settings) {
  return std::find(std::begin(kThrottleKeys), std::end(kThrottleKeys), key) !=
             std::end(kThrottleKeys) ||
         std::find(settings.unmanaged_configs.begin(), settings.unmanaged_configs.end(), key) !=
             settings.unmanaged_configs.end();
}

// A retention limit gets smaller: -1 (unlimited) and the broker default count as largest.
bool is_decrease(const std::string& before, const std::optional<std::string>& after) {
  auto old_value = parse_integer(before);
  auto new_value = after ? parse_integer(*after) : std::nullopt;
  if (!old_value || !new_value) return false;
  if (*new_value < 0) return false;
  return *old_value < 0 || *new_value < *old_value;
}

const Location& config_location(const EffectiveTopic& topic, const std::string& key) {
  auto it = topic.config.find(key);
  return it == topic.config.end() ? topic.name_at : it->second.value_at;
}

// Reports what one changed key means; returns true when the findings block the change.
bool report_change(const EffectiveTopic& topic, const ConfigChange& change,
                   const TopicDefaults& defaults, AlterConfig& alter, PlanFindings& findings) {
  const std::string& key = change.key;
  bool blocked = false;
  if (!change.after) {
    blocked |= findings.report(
        "config/authoritative", topic.name, topic.name_at,
        fmt::format("'{}' has '{}={}' set on the cluster but not in Git: apply resets it to "
                    "the broker default",
                    topic.name, key, *change.before));
  }
  if ((key == "retention.ms" || key == "retention.bytes") && change.before &&
      is_decrease(*change.before, change.after)) {
    alter.destructive = true;
    blocked |= findings.report(
        "retention/decrease", topic.name, config_location(topic, key),
        fmt::format("lowering {} of '{}' from {} to {} deletes older messages soon and for good",
                    key, topic.name, *change.before, change.after.value_or("the broker default")));
  }
  auto in_effect = [&](const std::optional<std::string>& value) {
    return value ? value : topic_default(key, defaults);
  };
  // Pinning the policy a topic already has in effect (its default) removes nothing.
  if (key == "cleanup.policy" && in_effect(change.before) != in_effect(change.after)) {
    // delete -> compact drops old values of each key; compact -> delete drops whole keys.
    alter.destructive = true;
    blocked |= findings.report(
        "cleanup/policy-change", topic.name, config_location(topic, key),
        fmt::format("changing cleanup.policy of '{}' from {} to {} removes messages the old "
                    "policy kept, for good",
                    topic.name, change.before.value_or("delete (default)"),
                    change.after.value_or("delete (default)")));
  }
  return blocked;
}

}  // namespace

MetricNames metric_names(const ClusterState& actual) {
  MetricNames out;
  for (const auto& [name, topic] : actual.topics) out[metric_name(name)] = name;
  return out;
}

bool allow_create(const EffectiveTopic& topic, std::int64_t brokers, const MetricNames& taken,
                  PlanFindings& findings) {
  if (auto it = taken.find(metric_name(topic.name)); it != taken.end()) {
    bool blocked = findings.report(
        "naming/metric-collision", topic.name, topic.name_at,
        fmt::format("'{}' and '{}', already on the cluster, are both '{}' in Kafka's metrics",
                    topic.name, it->second, it->first));
    if (blocked) return false;
  }
  if (brokers <= 0 || topic.replication_factor.value <= brokers) return true;
  return !findings.report(
      "replication/available", topic.name, topic.replication_factor.at,
      fmt::format("'{}' needs replication factor {} but the cluster has {} broker(s)", topic.name,
                  topic.replication_factor.value, brokers));
}

void check_replication_change(const EffectiveTopic& topic, const ClusterTopic& current,
                              PlanFindings& findings) {
  if (topic.replication_factor.value == current.replication_factor) return;
  findings.report(
      "replication/change", topic.name, topic.replication_factor.at,
      fmt::format("'{}' has replication factor {}, the manifest says {}: a change "
                  "needs a partition reassignment: 'topicform reassign --out FILE' writes it "
                  "for kafka-reassign-partitions.sh",
                  topic.name, current.replication_factor, topic.replication_factor.value));
}

std::optional<AddPartitions> partition_change(const EffectiveTopic& topic,
                                              const ClusterTopic& current, PlanFindings& findings) {
  std::int64_t wanted = topic.partitions.value;
  if (wanted == current.partitions) return std::nullopt;
  if (wanted < current.partitions) {
    findings.report("partitions/only-grow", topic.name, topic.partitions.at,
                    fmt::format("'{}' has {} partitions and cannot shrink to {} in place: create "
                                "a new topic and migrate",
                                topic.name, current.partitions, wanted));
    return std::nullopt;  // impossible in place, whatever the severity
  }
  if (topic.has_key() && !topic.spec->allow_key_remap.value &&
      findings.report("partitions/key-remap", topic.name, topic.partitions.at,
                      fmt::format("growing '{}' from {} to {} partitions moves keys to other "
                                  "partitions, so one key's old and new messages can be "
                                  "processed out of order; set 'allowKeyRemap: true' to accept "
                                  "that",
                                  topic.name, current.partitions, wanted))) {
    return std::nullopt;
  }
  return AddPartitions{topic.name, current.partitions, wanted, topic.partitions.at};
}

std::optional<AlterConfig> config_change(const EffectiveTopic& topic, ConfigMap desired,
                                         const ClusterTopic& current, const TopicDefaults& defaults,
                                         PlanFindings& findings) {
  if (!current.configs_known) return std::nullopt;
  AlterConfig alter{topic.name, std::move(desired), {}, false, topic.name_at};
  std::set<std::string> keys;
  for (const auto& [key, value] : alter.desired) keys.insert(key);
  for (const auto& [key, value] : current.configs) {
    if (alter.desired.count(key) || !is_operators_config(key, findings.settings())) {
      keys.insert(key);
    } else {
      alter.desired[key] = value;  // AlterConfigs replaces the whole set: send it back as it is
    }
  }
  bool blocked = false;
  for (const auto& key : keys) {
    auto want = alter.desired.find(key);
    auto have = current.configs.find(key);
    ConfigChange change{key, std::nullopt, std::nullopt};
    if (want != alter.desired.end()) change.after = want->second;
    if (have != current.configs.end()) change.before = normalise_config_value(key, have->second);
    if (change.after == change.before) continue;
    // A derived `.dead`'s value that the topic has in effect already (the broker's default, as
    // the runbook's own create leaves it) is no change: the pairing holds, and a plan must not
    // show a difference that writing would not make.
    if (topic.is_dead && !change.before && change.after &&
        change.after == topic_default(key, defaults)) {
      continue;
    }
    blocked |= report_change(topic, change, defaults, alter, findings);
    alter.changes.push_back(std::move(change));
  }
  if (alter.changes.empty() || blocked) return std::nullopt;
  return alter;
}

}  // namespace topicform
