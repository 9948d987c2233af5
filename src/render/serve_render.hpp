// serve's pages: Prometheus metrics, the JSON status and a small HTML page, all from one
// ServeStatus, so every view tells the same cycle.
#pragma once

#include <cstdint>
#include <string>

#include "core/operations/serve_status.hpp"

namespace topicform {

// /metrics: per environment and topic topicform_topic_in_sync{reason} (1 in sync with reason
// "none", else 0 once per reason), topicform_topics_out_of_sync{reason}, topicform_topics_managed,
// topicform_cycles_total{result}, topicform_last_successful_cycle_timestamp_seconds; for the
// process topicform_cycle_duration_seconds, topicform_last_cycle_timestamp_seconds,
// topicform_git_revision_info{revision}, topicform_git_fetch_failures_total; then, for the
// environments checked (--check), check's own gauges as render_healths_prometheus writes them.
std::string render_serve_metrics(const ServeStatus& status);

// /status: {"version": 1, "mode", "source", "revision", "branch", "cycles", "lastCycleSeconds",
// "fetchError", "environments": [{"environment", "result", "error", "diagnostics", "clusterId",
// "revision", "planned", "inSync", "drift": [{"topic", "reasons"}], "changes", "waiting",
// "finishedAt", "lastSuccessAt", with --check "check": {"healthy", "firstFailingLayer"}}]};
// times as RFC 3339 UTC, null when never.
std::string render_serve_status_json(const ServeStatus& status);

// /: one self-contained HTML page (no script, no font, no fetch) for a person.
std::string render_serve_page(const ServeStatus& status);

}  // namespace topicform
