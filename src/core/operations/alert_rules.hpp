// Alerting rules implied by the manifests: every `.dead` topic, and every declared consumer
// group whose lag may grow past what its owner card allows.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/model/effective_topic.hpp"

namespace topicform {

// Whose metric names the rules are written on.
enum class MetricSource {
  topicform,       // `topicform check --format prometheus`, through a textfile collector
  kafka_exporter,  // danielqsj/kafka_exporter, the widely deployed one
};

struct AlertRule {
  std::string group;         // the rule group it belongs to
  std::string alert;         // the alert's name
  std::string expr;          // PromQL
  std::string for_duration;  // empty: fires at once
  std::map<std::string, std::string> labels;
  std::string summary;
  std::string description;
};

struct AlertSet {
  std::vector<AlertRule> rules;
  // Consumer groups that got no lag rule, each "group on topic: why".
  std::vector<std::string> skipped;
};

// The rules for `topics` (desired, in one environment).
// - Each dead topic: any message is an alert (runbook step 4), with no delay.
// - Each declared consumer group of a source: with throughput and maxConsumerDowntime, lag above
//   peak msg/s x downtime (what the group may fall behind while down); with only the downtime,
//   lag that has not drained for that long. Without either there is nothing to measure against.
// - With topicform's own metrics, a check that keeps failing.
AlertSet alert_rules(const std::vector<EffectiveTopic>& topics, const std::string& environment,
                     MetricSource source);

// The rules on `topicform serve`'s own metrics for `environment`, which it plans every
// `interval_ms`: a topic that stays out of sync for three cycles, no successful cycle for five
// (also when serve stops answering: its last success stays old), no serve at all, and replicas
// with --leader-topic of which none leads for three cycles.
std::vector<AlertRule> serve_rules(const std::string& environment, std::int64_t interval_ms);

// A PromQL string literal: `text` quoted with its backslashes and quotes escaped.
std::string promql_string(const std::string& text);

}  // namespace topicform
