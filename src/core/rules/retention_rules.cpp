// retention/* and cleanup/*: how long messages live, what they cost, and how they are cleaned.
#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "core/model/units.hpp"
#include "core/rules/rules.hpp"

namespace topicform {
namespace {

constexpr std::int64_t kDefaultSegmentBytes = 1073741824;  // Kafka's segment.bytes default

// How long the slowest group needs to drain a backlog of `downtime_ms`, if it ever does.
std::optional<double> catch_up_ms(const EffectiveTopic& topic, double downtime_ms) {
  const OwnerCard& owner = topic.spec->owner;
  if (!owner.throughput || owner.consumers.empty()) return 0.0;
  const Throughput& load = *owner.throughput;
  if (!load.peak_messages_per_second.present || !load.consumer_messages_per_second.present)
    return 0.0;
  std::int64_t slowest = std::numeric_limits<std::int64_t>::max();
  for (const auto& consumer : owner.consumers) {
    slowest = std::min(slowest, consumer.replicas.present ? consumer.replicas.value : 1);
  }
  double instances =
      static_cast<double>(std::min(slowest, std::max<std::int64_t>(1, topic.partitions.value)));
  double spare =
      instances * load.consumer_messages_per_second.value - load.peak_messages_per_second.value;
  if (spare <= 0) return std::nullopt;
  return downtime_ms * load.peak_messages_per_second.value / spare;
}

void check_downtime(const EffectiveTopic& topic, RuleSink& sink) {
  const auto& downtime_text = topic.spec->owner.max_consumer_downtime;
  if (!downtime_text.present) return;
  auto downtime = parse_duration_ms(downtime_text.value);
  if (!downtime || *downtime < 0) {
    sink.report("retention/units", downtime_text.at,
                fmt::format("maxConsumerDowntime '{}' is not a duration: write a number with ms, "
                            "s, m, h, d or w (e.g. 2d)",
                            downtime_text.value));
    return;
  }
  if (!topic.retention_ms.present || topic.retention_ms.value < 0) return;
  auto catch_up = catch_up_ms(topic, static_cast<double>(*downtime));
  if (!catch_up) {
    sink.report("retention/downtime", downtime_text.at,
                fmt::format("after a downtime of {} the consumers of '{}' never catch up: their "
                            "declared capacity does not exceed the peak rate",
                            downtime_text.value, topic.name));
    return;
  }
  double needed = static_cast<double>(*downtime) + *catch_up;
  if (static_cast<double>(topic.retention_ms.value) <= needed) {
    sink.report("retention/downtime", topic.retention_ms.at,
                fmt::format("retention {} of '{}' does not outlast a consumer downtime of {} plus "
                            "catch-up ({} in all): messages would expire unread",
                            format_duration_ms(topic.retention_ms.value), topic.name,
                            downtime_text.value, format_duration_ms(saturating_int64(needed))));
  }
}

}  // namespace

std::optional<double> estimate_storage_bytes(const EffectiveTopic& topic) {
  const auto& throughput = topic.spec->owner.throughput;
  if (topic.is_dead || !throughput || !throughput->peak_messages_per_second.present ||
      !throughput->average_message_bytes.present || !topic.retention_ms.present) {
    return std::nullopt;
  }
  double replicas = static_cast<double>(std::max<std::int64_t>(1, topic.replication_factor.value));
  double partitions = static_cast<double>(std::max<std::int64_t>(1, topic.partitions.value));
  double by_bytes = static_cast<double>(topic.config_integer("retention.bytes").value_or(-1));
  double by_time = -1;
  if (topic.retention_ms.value >= 0) {
    by_time = throughput->peak_messages_per_second.value * throughput->average_message_bytes.value *
              (static_cast<double>(topic.retention_ms.value) / 1000.0) * replicas;
  }
  if (by_bytes >= 0) by_bytes *= partitions * replicas;  // retention.bytes is per partition
  double data = by_time < 0 ? by_bytes : (by_bytes < 0 ? by_time : std::min(by_time, by_bytes));
  if (data < 0) return std::nullopt;
  double segment =
      static_cast<double>(topic.config_integer("segment.bytes").value_or(kDefaultSegmentBytes));
  return data + segment * partitions * replicas;
}

namespace {

// A topic kept for ever with traffic declared and no retention.bytes grows without bound.
void check_unbounded_storage(const EffectiveTopic& topic, RuleSink& sink) {
  const auto& throughput = topic.spec->owner.throughput;
  if (!throughput || !throughput->peak_messages_per_second.present ||
      throughput->peak_messages_per_second.value <= 0) {
    return;
  }
  bool expires = std::find(topic.cleanup_policy.begin(), topic.cleanup_policy.end(), "delete") !=
                 topic.cleanup_policy.end();
  if (!expires || retention_limit_ms(topic) != kUnlimited) return;
  if (topic.config_integer("retention.bytes").value_or(-1) >= 0) return;
  sink.report("retention/storage-estimate", throughput->at,
              fmt::format("'{}' keeps messages for ever at a declared peak of {} msg/s: its disk "
                          "use has no bound; set a retention or retentionBytes",
                          topic.name, throughput->peak_messages_per_second.value));
}

}  // namespace

void check_retention(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink) {
  if (topic.is_dead) return;
  if (!topic.retention_stated) {
    sink.report("retention/explicit", topic.spec->spec_at,
                fmt::format("topic '{}' states no retention: set 'retention' (e.g. 7d) so its "
                            "lifetime is decided, not left to the broker default",
                            topic.name));
  }
  check_downtime(topic, sink);
  check_unbounded_storage(topic, sink);
  auto estimate = estimate_storage_bytes(topic);
  const auto& budget = context.settings.storage_bytes_per_topic;
  if (estimate && budget && *estimate > *budget) {
    sink.report("retention/storage-estimate", topic.spec->owner.throughput->at,
                fmt::format("'{}' needs about {} of disk (msg/s x size x retention x RF, plus "
                            "active segments), above the budget of {} per topic",
                            topic.name, format_size_bytes(*estimate), format_size_bytes(*budget)));
  }
}

void check_cleanup(const EffectiveTopic& topic, RuleSink& sink) {
  if (topic.is_dead) return;
  const auto& policy = topic.cleanup_policy;
  bool valid = !policy.empty();
  for (auto it = policy.begin(); it != policy.end(); ++it) {
    bool known = *it == "delete" || *it == "compact";
    bool repeated = std::find(policy.begin(), it, *it) != it;
    if (!known || repeated) valid = false;
  }
  if (!valid) {
    sink.report("cleanup/valid", topic.cleanup_at,
                fmt::format("cleanup.policy '{}' must be delete, compact, or both",
                            fmt::join(policy, ",")));
    return;
  }
  const std::string& kind = topic.spec->kind.value;
  if (topic.compacted() && !topic.has_key()) {
    sink.report("cleanup/compact-needs-key", topic.cleanup_at,
                fmt::format("'{}' is compacted but has no key: compaction keeps the last value per "
                            "key, so set 'owner.key' to the entity's id (a tombstone with that key "
                            "deletes the entity)",
                            topic.name));
  }
  if (kind == "state" && !topic.compacted()) {
    sink.report("cleanup/state-is-compacted", topic.spec->kind.at,
                fmt::format("'{}' holds state (a full snapshot per key) but is not compacted: set "
                            "cleanupPolicy: compact",
                            topic.name));
  }
  if (topic.compacted() && (kind == "event" || kind == "command")) {
    sink.report("cleanup/deltas-not-compacted", topic.cleanup_at,
                fmt::format("'{}' compacts a stream of {}s: compaction keeps only the last message "
                            "per key, so deltas before it are lost",
                            topic.name, kind));
  }
}

}  // namespace topicform
