// The report of `topicform check`: text (the first failing layer first), versioned JSON, and the
// Prometheus text exposition format for node_exporter's textfile collector.
#pragma once

#include <string>

#include "core/operations/health.hpp"

namespace topicform {

// Bottom-up as the runbook reads: a headline naming the first failing layer, then each layer's
// problems (passing topics and groups are counted, not listed, unless `verbose`).
std::string render_health_text(const HealthReport& report, bool colour, bool verbose);

// {"version": 1, "environment", "clusterId", "healthy", "firstFailingLayer", "layers": [{"name",
// "verdict" (ok, warning, failing, or skipped when not checked), "findings": [{"verdict",
// "subject", "message"}]}]}.
std::string render_health_json(const HealthReport& report);

// Gauges labelled with the environment (and topic, group, layer): topicform_check_healthy,
// topicform_check_layer_healthy, topicform_topic_matches_manifest,
// topicform_topic_partitions_under_replicated, topicform_topic_partitions_offline,
// topicform_consumer_group_members, topicform_consumer_group_lag,
// topicform_dead_letter_messages, topicform_dead_letter_newest_message_timestamp_seconds.
std::string render_health_prometheus(const HealthReport& report);

}  // namespace topicform
