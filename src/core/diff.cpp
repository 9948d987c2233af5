// The reconciler's decision: compare each desired topic with the cluster's and say what to do.
#include "core/diff.hpp"

#include <optional>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "core/topic_configs.hpp"
#include "core/units.hpp"

namespace topicform {
namespace {

struct Builder {
  const ClusterState& actual;
  const DiffOptions& options;
  Plan plan;
  std::vector<Action> creates, grows, alters, deletes;

  void block(const EffectiveTopic& topic, std::string rule, const Location& at,
             std::string message) {
    plan.blocked.push_back(BlockedChange{topic.name, std::move(rule), std::move(message), at});
  }

  void warn(std::string rule, const Location& at, std::string message) {
    plan.warnings.push_back(Diagnostic{Severity::warning, std::move(rule), std::move(message), at});
  }

  void create(const EffectiveTopic& topic) {
    if (actual.brokers > 0 && topic.replication_factor.value > actual.brokers) {
      return block(topic, "replication/available", topic.replication_factor.at,
                   fmt::format("'{}' needs replication factor {} but the cluster has {} broker(s)",
                               topic.name, topic.replication_factor.value, actual.brokers));
    }
    creates.push_back(CreateTopic{
        topic.name, topic.partitions.value, topic.replication_factor.value, desired_configs(topic),
        topic.is_dead ? topic.spec->name.value : std::string(), topic.name_at});
  }

  void partitions(const EffectiveTopic& topic, const ClusterTopic& current) {
    std::int64_t wanted = topic.partitions.value;
    if (wanted < current.partitions) {
      return block(topic, "partitions/only-grow", topic.partitions.at,
                   fmt::format("'{}' has {} partitions and cannot shrink to {} in place: create a "
                               "new topic and migrate",
                               topic.name, current.partitions, wanted));
    }
    if (wanted == current.partitions) return;
    if (topic.has_key() && !topic.spec->allow_key_remap.value) {
      return block(topic, "partitions/key-remap", topic.partitions.at,
                   fmt::format("growing '{}' from {} to {} partitions moves keys to other "
                               "partitions, so one key's old and new messages can be processed "
                               "out of order; set 'allowKeyRemap: true' to accept that",
                               topic.name, current.partitions, wanted));
    }
    grows.push_back(AddPartitions{topic.name, current.partitions, wanted, topic.partitions.at});
  }

  void configs(const EffectiveTopic& topic, const ClusterTopic& current) {
    if (!current.configs_known) return;
    ConfigMap desired = desired_configs(topic);
    std::set<std::string> keys;
    for (const auto& [key, value] : desired) keys.insert(key);
    for (const auto& [key, value] : current.configs) keys.insert(key);
    AlterConfig alter{topic.name, desired, {}, false, topic.name_at};
    for (const auto& key : keys) {
      auto want = desired.find(key);
      auto have = current.configs.find(key);
      std::optional<std::string> after;
      std::optional<std::string> before;
      if (want != desired.end()) after = want->second;
      if (have != current.configs.end()) before = normalise_config_value(key, have->second);
      if (after == before) continue;
      alter.changes.push_back(ConfigChange{key, before, after});
      if (!after) {
        warn("config/authoritative", topic.name_at,
             fmt::format("'{}' has '{}={}' set on the cluster but not in Git: apply resets it to "
                         "the broker default",
                         topic.name, key, *before));
      }
      if ((key == "retention.ms" || key == "retention.bytes") && before &&
          is_decrease(*before, after)) {
        alter.destructive = true;
        warn("retention/decrease",
             topic.config.count(key) ? topic.config.at(key).value_at : topic.name_at,
             fmt::format(
                 "lowering {} of '{}' from {} to {} deletes older messages soon and for good", key,
                 topic.name, *before, after.value_or("the broker default")));
      }
    }
    if (!alter.changes.empty()) alters.push_back(std::move(alter));
  }

  // A retention limit gets smaller: -1 (unlimited) and the broker default count as largest.
  static bool is_decrease(const std::string& before, const std::optional<std::string>& after) {
    auto old_value = parse_integer(before);
    auto new_value = after ? parse_integer(*after) : std::nullopt;
    if (!old_value || !new_value) return false;
    if (*new_value < 0) return false;
    return *old_value < 0 || *new_value < *old_value;
  }

  void remove(const EffectiveTopic& topic) {
    if (!actual.topics.count(topic.name)) return;
    if (!options.allow_delete) {
      return warn("delete/explicit", topic.spec->deleted.at,
                  fmt::format("'{}' is marked deleted but deletes are not allowed: run with "
                              "--allow-delete to delete it and its messages",
                              topic.name));
    }
    deletes.push_back(DeleteTopic{topic.name, topic.spec->deleted.at});
  }
};

}  // namespace

const std::string& action_topic(const Action& action) {
  return std::visit([](const auto& a) -> const std::string& { return a.name; }, action);
}

ConfigMap desired_configs(const EffectiveTopic& topic) {
  ConfigMap out;
  for (const auto& [key, entry] : topic.config) out[key] = normalise_config_value(key, entry.value);
  return out;
}

Plan diff(const std::vector<EffectiveTopic>& desired, const ClusterState& actual,
          const DiffOptions& options) {
  Builder b{actual, options, {}, {}, {}, {}, {}};
  b.plan.cluster_id = actual.cluster_id;
  b.plan.environment = options.environment;
  if (!options.pinned_cluster_id.empty() && options.pinned_cluster_id != actual.cluster_id) {
    b.plan.blocked.push_back(BlockedChange{
        "",
        "cluster/id",
        fmt::format("the cluster's id is '{}' but environment '{}' pins '{}': this is another "
                    "cluster, or its volume was recreated and its topics lost",
                    actual.cluster_id, options.environment, options.pinned_cluster_id),
        {}});
  }
  if (actual.auto_create_topics.value_or(false)) {
    b.warn("cluster/auto-create", {},
           "the broker has auto.create.topics.enable=true: a typo in a topic name silently "
           "creates a topic with default settings");
  }
  std::set<std::string> managed;
  for (const auto& topic : desired) {
    managed.insert(topic.name);
    if (topic.spec->deleted.value) {
      b.remove(topic);
      continue;
    }
    auto found = actual.topics.find(topic.name);
    if (found == actual.topics.end()) {
      b.create(topic);
      continue;
    }
    const ClusterTopic& current = found->second;
    if (topic.replication_factor.value != current.replication_factor) {
      b.block(topic, "replication/change", topic.replication_factor.at,
              fmt::format("'{}' has replication factor {}, the manifest says {}: a change needs a "
                          "partition reassignment (kafka-reassign-partitions.sh)",
                          topic.name, current.replication_factor, topic.replication_factor.value));
    }
    b.partitions(topic, current);
    b.configs(topic, current);
  }
  for (const auto& [name, topic] : actual.topics) {
    if (!topic.internal && !managed.count(name)) b.plan.unmanaged.push_back(name);
  }
  for (auto* group : {&b.creates, &b.grows, &b.alters, &b.deletes}) {
    for (auto& action : *group) b.plan.actions.push_back(std::move(action));
  }
  block_deletes_with_readers(b.plan, actual.readers);
  return b.plan;
}

std::vector<std::string> deleted_topics(const Plan& plan) {
  std::vector<std::string> out;
  for (const auto& action : plan.actions) {
    if (const auto* d = std::get_if<DeleteTopic>(&action)) out.push_back(d->name);
  }
  return out;
}

namespace {

constexpr std::string_view kDeadSuffix = ".dead";

// "orders.created" for "orders.created.dead"; empty for any other name.
std::string dead_letter_source(const std::string& name) {
  return name.ends_with(kDeadSuffix) ? name.substr(0, name.size() - kDeadSuffix.size()) : "";
}

// Moves every delete that `why` objects to (it returns the block, else nullopt) from the plan's
// actions to its blocked changes, keeping the order of both.
template <class Why>
void block_deletes(Plan& plan, Why why) {
  std::vector<Action> kept;
  for (auto& action : plan.actions) {
    const auto* d = std::get_if<DeleteTopic>(&action);
    std::optional<BlockedChange> blocked = d ? why(*d) : std::nullopt;
    if (blocked) {
      plan.blocked.push_back(std::move(*blocked));
    } else {
      kept.push_back(std::move(action));
    }
  }
  plan.actions = std::move(kept);
}

}  // namespace

std::vector<std::string> dead_deletes(const Plan& plan) {
  std::vector<std::string> out;
  for (const auto& name : deleted_topics(plan)) {
    if (!dead_letter_source(name).empty()) out.push_back(name);
  }
  return out;
}

void block_non_empty_dead_deletes(Plan& plan, const std::map<std::string, std::int64_t>& messages) {
  block_deletes(plan, [&](const DeleteTopic& d) -> std::optional<BlockedChange> {
    auto it = messages.find(d.name);
    if (dead_letter_source(d.name).empty() || it == messages.end() || it->second <= 0) {
      return std::nullopt;
    }
    return BlockedChange{
        d.name, "dead/delete-order",
        fmt::format("'{}' still holds {} message{}: failures nobody has handled; read or move "
                    "them before deleting it",
                    d.name, it->second, it->second == 1 ? "" : "s"),
        d.at};
  });
}

void block_deletes_with_readers(Plan& plan,
                                const std::map<std::string, std::vector<std::string>>& readers) {
  std::set<std::string> held;  // sources whose delete is blocked
  block_deletes(plan, [&](const DeleteTopic& d) -> std::optional<BlockedChange> {
    auto it = readers.find(d.name);
    if (it == readers.end() || it->second.empty()) return std::nullopt;
    held.insert(d.name);
    return BlockedChange{
        d.name, "delete/no-active-consumers",
        fmt::format("'{}' is read by group(s) with live members ({}): stop the consumers, remove "
                    "the topic from their config and delete the groups first",
                    d.name, fmt::join(it->second, ", ")),
        d.at};
  });
  // A source that stays may still send failures to its dead topic, so that stays too.
  block_deletes(plan, [&](const DeleteTopic& d) -> std::optional<BlockedChange> {
    std::string source = dead_letter_source(d.name);
    if (source.empty() || !held.count(source)) return std::nullopt;
    return BlockedChange{
        d.name, "dead/delete-order",
        fmt::format("'{}' is deleted only with its source '{}', whose delete is blocked", d.name,
                    source),
        d.at};
  });
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
