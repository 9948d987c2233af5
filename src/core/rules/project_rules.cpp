// Rules across topics: one manifest per topic, no metric collisions, orphans, partition budget.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "core/model/topic_names.hpp"
#include "core/rules/rules.hpp"

namespace topicform {
std::string metric_name(std::string name) {
  std::replace(name.begin(), name.end(), '.', '_');
  return name;
}

namespace {

std::string where(const Location& at) { return fmt::format("{}:{}", at.file, at.line); }

void check_duplicates_and_collisions(const std::vector<EffectiveTopic>& topics, RuleSink& sink) {
  std::map<std::string, const EffectiveTopic*> by_name;
  std::map<std::string, const EffectiveTopic*> by_metric;
  for (const auto& topic : topics) {
    auto [named, fresh] = by_name.emplace(topic.name, &topic);
    if (!fresh) {
      sink.report("manifest/duplicate-topic", topic.name_at,
                  fmt::format("topic '{}' is already declared at {}", topic.name,
                              where(named->second->name_at)));
      continue;
    }
    auto [metric, unique] = by_metric.emplace(metric_name(topic.name), &topic);
    if (!unique) {
      // Both live already when either was adopted (Kafka created them both): a warning, as the
      // other design rules are on adopted topics; the plan still refuses to create a new one.
      bool adopted = topic.spec->adopted.value || metric->second->spec->adopted.value;
      sink.set_adopted(adopted);
      sink.report("naming/metric-collision", topic.name_at,
                  fmt::format("'{}' and '{}' ({}) are both '{}' in Kafka's metrics", topic.name,
                              metric->second->name, where(metric->second->name_at), metric->first));
      sink.set_adopted(false);
    }
  }
  for (const auto& topic : topics) {
    if (topic.is_dead || !is_dead_letter_name(topic.name)) continue;
    std::string source(dead_letter_source(topic.name));
    if (by_name.count(source) == 0) {
      sink.report(
          "dead/orphan", topic.name_at,
          fmt::format("dead-letter topic '{}' has no source topic '{}'", topic.name, source));
    }
  }
}

void check_budget(const std::vector<EffectiveTopic>& topics, const RuleContext& context,
                  RuleSink& sink) {
  std::int64_t replicas = 0;
  const EffectiveTopic* largest = nullptr;
  auto cost = [](const EffectiveTopic& t) {
    return std::max<std::int64_t>(0, t.partitions.value) *
           std::max<std::int64_t>(1, t.replication_factor.value);
  };
  for (const auto& topic : topics) {
    replicas += cost(topic);
    if (largest == nullptr || cost(topic) > cost(*largest)) largest = &topic;
  }
  std::int64_t brokers = std::max<std::int64_t>(1, context.environment.brokers);
  std::int64_t per_broker = (replicas + brokers - 1) / brokers;
  if (largest == nullptr || per_broker <= context.settings.partition_replicas_per_broker) return;
  sink.report("partitions/budget", largest->partitions.at,
              fmt::format("{} partition replicas on {} broker(s) of environment '{}' is {} per "
                          "broker, above the budget of {}; '{}' costs the most ({} partitions x "
                          "RF {})",
                          replicas, brokers, context.environment.name, per_broker,
                          context.settings.partition_replicas_per_broker, largest->name,
                          largest->partitions.value, largest->replication_factor.value));
}

}  // namespace

void check_across_topics(const std::vector<EffectiveTopic>& topics, const RuleContext& context,
                         RuleSink& sink) {
  check_duplicates_and_collisions(topics, sink);
  check_budget(topics, context, sink);
}

}  // namespace topicform
