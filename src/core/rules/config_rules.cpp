// config/*: keys are real Kafka 4.x topic configs with valid values that agree with each other.
#include <fmt/format.h>

#include "core/model/topic_configs.hpp"
#include "core/model/units.hpp"
#include "core/rules/rules.hpp"

namespace topicform {
void check_config_entry(const ConfigEntry& entry, RuleSink& sink) {
  const TopicConfigInfo* info = find_topic_config(entry.key);
  if (info == nullptr) {
    std::string message;
    if (is_removed_in_kafka4(entry.key)) {
      message = fmt::format("'{}' was removed in Kafka 4.0", entry.key);
    } else if (auto close = closest_topic_config(entry.key)) {
      message =
          fmt::format("'{}' is not a Kafka topic config: did you mean '{}'?", entry.key, *close);
    } else {
      message = fmt::format("'{}' is not a Kafka topic config", entry.key);
    }
    sink.report("config/known-key", entry.key_at, std::move(message));
    return;
  }
  if (entry.key == "cleanup.policy") return;  // cleanup/valid explains this one
  if (auto problem = check_config_value(*info, entry.value)) {
    sink.report("config/known-key", entry.value_at, fmt::format("'{}' {}", entry.key, *problem));
  }
}

namespace {

// Reports when `smaller` is set and exceeds `larger` (both positive, or larger unlimited = -1).
void require_at_most(const EffectiveTopic& topic, const std::string& smaller,
                     const std::string& larger, RuleSink& sink) {
  auto a = topic.config_integer(smaller);
  auto b = topic.config_integer(larger);
  if (!a || !b || *b < 0 || *a <= 0 || *a <= *b) return;
  sink.report("config/cross-field", topic.config.at(smaller).value_at,
              fmt::format("'{}' {} exceeds '{}' {}", smaller, *a, larger, *b));
}

}  // namespace

void check_config(const TopicSpec& spec, const EffectiveTopic& topic, const RuleContext& context,
                  RuleSink& sink) {
  for (const auto& entry : spec.config) check_config_entry(entry, sink);
  for (const auto& [environment, local] : spec.overrides) {
    for (const auto& entry : local.config) check_config_entry(entry, sink);
  }
  require_at_most(topic, "segment.ms", "retention.ms", sink);
  require_at_most(topic, "local.retention.ms", "retention.ms", sink);
  require_at_most(topic, "local.retention.bytes", "retention.bytes", sink);
  require_at_most(topic, "segment.bytes", "retention.bytes", sink);
  require_at_most(topic, "min.compaction.lag.ms", "max.compaction.lag.ms", sink);
  auto max_message = topic.config_integer("max.message.bytes");
  const auto& limit = context.environment.max_message_bytes;
  if (max_message && limit && *max_message > *limit) {
    sink.report(
        "config/cross-field", topic.config.at("max.message.bytes").value_at,
        fmt::format("'max.message.bytes' {} exceeds the broker limit {} of environment '{}'",
                    *max_message, *limit, context.environment.name));
  }
}

}  // namespace topicform
