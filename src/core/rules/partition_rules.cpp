// partitions/* and replication/*: parallelism, sizing and the copies a cluster keeps.
#include <cmath>

#include <fmt/format.h>

#include "core/model/units.hpp"
#include "core/rules/rules.hpp"

namespace topicform {

void check_partitions(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink) {
  const auto& partitions = topic.partitions;
  if (!partitions.present) return;  // the schema reports a missing count
  if (partitions.value < 1) {
    sink.report("partitions/positive", partitions.at,
                fmt::format("partitions must be >= 1, got {}", partitions.value));
    return;
  }
  if (topic.is_dead) return;
  const OwnerCard& owner = topic.spec->owner;
  for (const auto& consumer : owner.consumers) {
    if (consumer.replicas.present && consumer.replicas.value > partitions.value) {
      sink.report("partitions/consumer-parallelism", consumer.replicas.at,
                  fmt::format("group '{}' runs {} instances but '{}' has {} partitions: {} "
                              "instances would sit idle",
                              consumer.group.value, consumer.replicas.value, topic.name,
                              partitions.value, consumer.replicas.value - partitions.value));
    }
  }
  if (!owner.throughput) return;
  const Throughput& load = *owner.throughput;
  if (!load.peak_messages_per_second.present || !load.consumer_messages_per_second.present ||
      load.consumer_messages_per_second.value <= 0) {
    return;
  }
  double peak = load.peak_messages_per_second.value;
  double per_consumer = load.consumer_messages_per_second.value;
  // Compared as doubles: a huge declared peak must still warn, never overflow an integer.
  double needed_exact = std::ceil(peak / per_consumer);
  double with_headroom_exact = std::ceil(needed_exact * context.settings.partition_headroom);
  if (static_cast<double>(partitions.value) < with_headroom_exact) {
    sink.report("partitions/sizing", partitions.at,
                fmt::format("{} partitions for a peak of {} msg/s at {} msg/s per consumer: {:.6g} "
                            "consumers are needed, take {:.6g} partitions with headroom x{}",
                            partitions.value, peak, per_consumer, needed_exact, with_headroom_exact,
                            context.settings.partition_headroom));
  }
}

namespace {

// replication/available offline: a plan would block it against a cluster of that size anyway.
void check_declared_brokers(const EffectiveTopic& topic, const Environment& environment,
                            RuleSink& sink) {
  const auto& rf = topic.replication_factor;
  if (topic.is_dead || !environment.brokers_declared || rf.value <= environment.brokers) return;
  sink.report("replication/available", rf.at,
              fmt::format("replication factor {} needs {} brokers but environment '{}' declares {}",
                          rf.value, rf.value, environment.name, environment.brokers));
}

}  // namespace

void check_replication(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink) {
  const Environment& environment = context.environment;
  const auto& rf = topic.replication_factor;
  if (!rf.present || rf.value < 1) {
    if (rf.present) {
      sink.report("replication/environment-minimum", rf.at,
                  fmt::format("replication factor must be >= 1, got {}", rf.value));
    }
    return;
  }
  check_declared_brokers(topic, environment, sink);
  if (!topic.is_dead && rf.value < environment.minimum_replication_factor) {
    sink.report("replication/environment-minimum", rf.at,
                fmt::format("replication factor {} is below the minimum {} of environment '{}'",
                            rf.value, environment.minimum_replication_factor, environment.name));
  }
  const auto& isr = topic.min_insync_replicas;
  std::int64_t isr_value = isr.present ? isr.value : 1;  // the broker's default
  Location isr_at = isr.present ? isr.at : topic.name_at;
  if (topic.is_dead) return;  // a derived topic repeats its source's settings and findings
  if (isr_value < environment.minimum_min_insync_replicas) {
    sink.report("replication/environment-minimum", isr_at,
                fmt::format("min.insync.replicas {} is below the minimum {} of environment '{}'",
                            isr_value, environment.minimum_min_insync_replicas, environment.name));
  }
  if (rf.value > 1 && isr_value >= rf.value) {
    sink.report("replication/min-isr", isr_at,
                fmt::format("min.insync.replicas {} must be below the replication factor {}: "
                            "otherwise one stopped broker stops all writes",
                            isr_value, rf.value));
  } else if (rf.value >= 3 && isr_value < 2) {
    sink.report("replication/min-isr", isr_at,
                fmt::format("min.insync.replicas {}{} with replication factor {} acknowledges "
                            "writes held by a single broker: set min.insync.replicas: 2",
                            isr_value, isr.present ? "" : " (the broker default)", rf.value));
  } else if (rf.value == 1 && isr_value > 1) {
    sink.report("replication/min-isr", isr_at,
                fmt::format("min.insync.replicas {} cannot be met with a replication factor of 1",
                            isr_value));
  }
  if (rf.value == 1 && topic.spec->replayable.value != "outbox") {
    sink.report("replication/single-copy", rf.at,
                fmt::format("'{}' keeps a single copy: a stopped node makes it unavailable and a "
                            "lost disk loses its data; declare 'replayable: outbox' if its "
                            "messages can be re-published, or raise the replication factor",
                            topic.name));
  }
}

}  // namespace topicform
