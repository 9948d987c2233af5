// The alerting rules: PromQL over one of two metric vocabularies, thresholds from owner cards.
#include "core/operations/alert_rules.hpp"

#include <algorithm>

#include <cmath>
#include <variant>

#include <fmt/format.h>

#include "core/model/units.hpp"

namespace topicform {
namespace {

constexpr const char* kDeadGroup = "topicform-dead-letters";
constexpr const char* kLagGroup = "topicform-consumer-lag";
constexpr const char* kCheckGroup = "topicform-check";
constexpr const char* kServeGroup = "topicform-serve";

struct Vocabulary {
  MetricSource source;
  std::string environment;

  // Messages held now by a topic, summed over its partitions.
  std::string messages(const std::string& topic) const {
    if (source == MetricSource::kafka_exporter) {
      std::string selector = fmt::format("{{topic={}}}", promql_string(topic));
      return fmt::format(
          "sum(kafka_topic_partition_current_offset{0} - kafka_topic_partition_oldest_offset{0})",
          selector);
    }
    return fmt::format("topicform_dead_letter_messages{{environment={},topic={}}}",
                       promql_string(environment), promql_string(topic));
  }

  // A group's lag on a topic, summed over its partitions.
  std::string lag(const std::string& group, const std::string& topic) const {
    if (source == MetricSource::kafka_exporter) {
      return fmt::format("kafka_consumergroup_lag_sum{{consumergroup={},topic={}}}",
                         promql_string(group), promql_string(topic));
    }
    return fmt::format("topicform_consumer_group_lag{{environment={},group={},topic={}}}",
                       promql_string(environment), promql_string(group), promql_string(topic));
  }
};

std::map<std::string, std::string> labels_of(const EffectiveTopic& topic,
                                             const std::string& environment) {
  std::map<std::string, std::string> labels{
      {"severity", "warning"}, {"topic", topic.name}, {"environment", environment}};
  if (topic.spec->owner.team.present) labels["team"] = topic.spec->owner.team.value;
  return labels;
}

AlertRule dead_letter_rule(const EffectiveTopic& topic, const Vocabulary& words) {
  AlertRule rule;
  rule.group = kDeadGroup;
  rule.alert = "KafkaDeadLetterTopicNotEmpty";
  rule.expr = words.messages(topic.name) + " > 0";
  rule.labels = labels_of(topic, words.environment);
  rule.summary =
      fmt::format("'{}' holds messages: each is a failure nobody has handled yet", topic.name);
  rule.description = fmt::format(
      "Read them with kafka-console-consumer.sh --topic {} --from-beginning --property "
      "print.headers=true and group them by the dead-error header: one error on many messages "
      "is one defect. Re-publish to the source once it is fixed, then let the retention clear "
      "them.",
      topic.name);
  return rule;
}

// The lag rule of `group` on `topic`, or why it has none.
std::variant<AlertRule, std::string> lag_rule(const EffectiveTopic& topic, const std::string& group,
                                              const Vocabulary& words) {
  const OwnerCard& owner = topic.spec->owner;
  auto downtime = owner.max_consumer_downtime.present
                      ? parse_duration_ms(owner.max_consumer_downtime.value)
                      : std::nullopt;
  if (!downtime || *downtime <= 0) return std::string("the owner card has no maxConsumerDowntime");
  AlertRule rule;
  rule.group = kLagGroup;
  rule.alert = "KafkaConsumerGroupLagTooHigh";
  rule.labels = labels_of(topic, words.environment);
  rule.labels["group"] = group;
  std::string downtime_text = format_duration_ms(*downtime);
  if (owner.throughput && owner.throughput->peak_messages_per_second.present) {
    double peak = owner.throughput->peak_messages_per_second.value;
    auto limit = saturating_int64(std::ceil(peak * static_cast<double>(*downtime) / 1000.0));
    rule.expr = fmt::format("{} > {}", words.lag(group, topic.name), limit);
    rule.summary =
        fmt::format("group '{}' is more than {} behind on '{}'", group, downtime_text, topic.name);
    rule.description = fmt::format(
        "Its lag is above {} messages: {} at the declared peak of {} msg/s, the longest "
        "downtime its owner card allows (maxConsumerDowntime).",
        limit, downtime_text, peak);
    return rule;
  }
  // Prometheus keeps `for:` as nanoseconds in an int64: about 292 years, 106751 days.
  constexpr std::int64_t kLongestFor = 106'751LL * 86'400'000;
  if (*downtime > kLongestFor) {
    return fmt::format(
        "maxConsumerDowntime {} is longer than Prometheus can wait ('for:' takes at most 106751d)",
        downtime_text);
  }
  rule.expr = words.lag(group, topic.name) + " > 0";
  rule.for_duration = downtime_text;
  rule.summary =
      fmt::format("group '{}' has not caught up on '{}' for {}", group, topic.name, downtime_text);
  rule.description = fmt::format(
      "Its lag has not drained for {}, the longest downtime its owner card allows "
      "(maxConsumerDowntime); declare throughput for a threshold in messages.",
      downtime_text);
  return rule;
}

AlertRule check_rule(const std::string& environment) {
  AlertRule rule;
  rule.group = kCheckGroup;
  rule.alert = "TopicformCheckFailing";
  rule.expr =
      fmt::format("topicform_check_healthy{{environment={}}} == 0", promql_string(environment));
  rule.for_duration = "5m";
  rule.labels = {{"severity", "warning"}, {"environment", environment}};
  rule.summary = fmt::format("topicform check fails for environment '{}'", environment);
  rule.description =
      "Run topicform check for the failing layer: cluster, topics, replication, consumer groups "
      "or dead-letter topics.";
  return rule;
}

}  // namespace

AlertSet alert_rules(const std::vector<EffectiveTopic>& topics, const std::string& environment,
                     MetricSource source) {
  Vocabulary words{source, environment};
  AlertSet out;
  std::vector<AlertRule> lag_rules;
  for (const auto& topic : topics) {
    if (topic.spec->deleted.value) continue;
    if (is_dead_letter_topic(topic)) {
      out.rules.push_back(dead_letter_rule(topic, words));
      continue;
    }
    for (const auto& consumer : topic.spec->owner.consumers) {
      auto rule = lag_rule(topic, consumer.group.value, words);
      if (auto* made = std::get_if<AlertRule>(&rule)) {
        lag_rules.push_back(std::move(*made));
      } else {
        out.skipped.push_back(fmt::format("{} on {}: {}", consumer.group.value, topic.name,
                                          std::get<std::string>(rule)));
      }
    }
  }
  for (auto& rule : lag_rules) out.rules.push_back(std::move(rule));
  if (source == MetricSource::topicform) out.rules.push_back(check_rule(environment));
  return out;
}

std::vector<AlertRule> serve_rules(const std::string& environment, std::int64_t interval_ms) {
  std::string env = promql_string(environment);
  std::int64_t seconds = std::max<std::int64_t>(1, interval_ms / 1000);
  std::map<std::string, std::string> labels = {{"severity", "warning"},
                                               {"environment", environment}};
  AlertRule drift{
      kServeGroup,
      "TopicformTopicDrift",
      fmt::format("topicform_topic_in_sync{{environment={},reason!=\"none\"}} == 0", env),
      fmt::format("{}s", 3 * seconds),
      labels,
      fmt::format("a topic of environment '{}' differs from Git", environment),
      "For three cycles of topicform serve the topic (label topic) has not been as its "
      "manifest says (label reason). /status lists the drift and the changes that wait for a "
      "reviewed apply."};
  AlertRule stale{
      kServeGroup,
      "TopicformNoSuccessfulCycle",
      fmt::format("time() - topicform_last_successful_cycle_timestamp_seconds{{"
                  "environment={}}} > {}",
                  env, 5 * seconds),
      "",
      labels,
      fmt::format("topicform serve has not planned environment '{}' for five cycles", environment),
      "The manifests do not validate, or the cluster or registry cannot be read: "
      "topicform_cycles_total by result and serve's log say which."};
  AlertRule absent{kServeGroup,
                   "TopicformServeAbsent",
                   fmt::format("absent(topicform_cycles_total{{environment={}}})", env),
                   fmt::format("{}s", 5 * seconds),
                   labels,
                   fmt::format("no topicform serve reports environment '{}'", environment),
                   "Prometheus scrapes no serve that plans this environment: it stopped, or "
                   "its target is gone."};
  AlertRule leaderless{
      kServeGroup,
      "TopicformNoLeader",
      "max(topicform_leader) == 0",
      fmt::format("{}s", 3 * seconds),
      labels,
      "no topicform serve replica leads: nothing is written in apply mode",
      "Replicas run with --leader-topic and none holds the leader group's partition 0 for three "
      "cycles: /readyz and /status (electionTrouble) on each replica say why (the topic missing, "
      "the group denied, the cluster unreachable). Without --leader-topic this never fires."};
  return {drift, stale, absent, leaderless};
}

std::string promql_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

}  // namespace topicform
