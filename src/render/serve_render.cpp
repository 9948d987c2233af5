// serve's metrics, JSON status and HTML page from one ServeStatus.
#include "render/serve_render.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/text/utc_time.hpp"
#include "render/environment_reports_render.hpp"
#include "render/exposition.hpp"

namespace topicform {
namespace {

using Json = nlohmann::ordered_json;

void topic_states(Exposition& out, const std::vector<EnvironmentStatus>& environments) {
  out.metric("topicform_topic_in_sync",
             "1 when the topic is as its manifest says (reason none); 0 once per reason it is "
             "not: missing, config, partitions, replication, acl, subject, unmanaged, deleted.");
  for (const auto& env : environments) {
    if (!env.planned) continue;
    for (const auto& topic : env.drift.in_sync)
      out.sample({{"environment", env.environment}, {"topic", topic}, {"reason", "none"}}, 1);
    for (const auto& drift : env.drift.drifted) {
      for (auto reason : drift.reasons) {
        out.sample({{"environment", env.environment},
                    {"topic", drift.topic},
                    {"reason", drift_reason_name(reason)}},
                   0);
      }
    }
  }
}

void environment_counts(Exposition& out, const std::vector<EnvironmentStatus>& environments) {
  out.metric("topicform_topics_out_of_sync", "Topics not as their manifests say, by reason.");
  for (const auto& env : environments) {
    if (!env.planned) continue;
    for (auto reason : all_drift_reasons()) {
      out.sample({{"environment", env.environment}, {"reason", drift_reason_name(reason)}},
                 static_cast<double>(env.drift.count(reason)));
    }
  }
  out.metric("topicform_topics_managed", "Topics the manifests keep in the environment.");
  for (const auto& env : environments) {
    if (!env.planned) continue;
    auto managed = env.drift.in_sync.size() + env.drift.drifted.size() -
                   env.drift.count(DriftReason::unmanaged);
    out.sample({{"environment", env.environment}}, static_cast<double>(managed));
  }
}

void cycle_counts(Exposition& out, const std::vector<EnvironmentStatus>& environments) {
  out.metric("topicform_cycles_total",
             "Cycles ended per environment: success (planned), invalid (the revision did not "
             "validate), failed (the cluster or registry could not be read).",
             "counter");
  for (const auto& env : environments) {
    for (auto result : {CycleResult::success, CycleResult::invalid, CycleResult::failed}) {
      auto found = env.cycles.find(result);
      out.sample({{"environment", env.environment}, {"result", cycle_result_name(result)}},
                 static_cast<double>(found == env.cycles.end() ? 0 : found->second));
    }
  }
  out.metric("topicform_last_successful_cycle_timestamp_seconds",
             "When the environment was last planned (Unix seconds; 0: never).");
  for (const auto& env : environments)
    out.sample({{"environment", env.environment}}, static_cast<double>(env.last_success_ms) / 1000);
}

void process_metrics(Exposition& out, const ServeStatus& status) {
  out.metric("topicform_cycle_duration_seconds", "How long the last cycle took.");
  out.sample({}, status.last_cycle_seconds);
  out.metric("topicform_last_cycle_timestamp_seconds", "When the last cycle ended (Unix seconds).");
  out.sample({}, static_cast<double>(status.last_cycle_end_ms) / 1000);
  out.metric("topicform_git_revision_info",
             "The revision reconciled: the last one that validated (a Git commit, or a digest of "
             "the files read from disk).");
  out.sample({{"revision", status.revision}}, 1);
  out.metric("topicform_git_fetch_failures_total", "Fetches from the remote that failed.",
             "counter");
  out.sample({}, static_cast<double>(status.fetch_failures));
  if (status.role.empty()) return;
  out.metric("topicform_leader",
             "1 while this replica leads the leader group (the one that writes in apply mode).");
  out.sample({}, status.role == "leader" ? 1 : 0);
}

Json time_or_null(std::int64_t ms) { return ms == 0 ? Json(nullptr) : Json(utc_time(ms)); }

Json environment_json(const EnvironmentStatus& env) {
  Json out;
  out["environment"] = env.environment;
  out["result"] = cycle_result_name(env.result);
  out["error"] = env.error;
  out["diagnostics"] = Json::array();
  for (const auto& d : env.diagnostics) {
    out["diagnostics"].push_back({{"file", d.at.file},
                                  {"line", d.at.line},
                                  {"column", d.at.column},
                                  {"rule", d.rule},
                                  {"message", d.message}});
  }
  out["clusterId"] = env.cluster_id;
  out["revision"] = env.revision;
  out["planned"] = env.planned;
  out["inSync"] = env.drift.in_sync.size();
  out["drift"] = Json::array();
  for (const auto& drift : env.drift.drifted) {
    Json reasons = Json::array();
    for (auto reason : drift.reasons) reasons.push_back(drift_reason_name(reason));
    out["drift"].push_back({{"topic", drift.topic}, {"reasons", reasons}});
  }
  out["changes"] = env.changes;
  out["waiting"] = env.drift.waiting;
  out["finishedAt"] = time_or_null(env.finished_ms);
  out["lastSuccessAt"] = time_or_null(env.last_success_ms);
  if (env.health) {
    const HealthLayer* failing = env.health->first_failing();
    out["check"] = {{"healthy", env.health->healthy()},
                    {"firstFailingLayer", failing ? Json(failing->name) : Json(nullptr)}};
  }
  return out;
}

}  // namespace

std::string render_serve_metrics(const ServeStatus& status) {
  Exposition out;
  topic_states(out, status.environments);
  environment_counts(out, status.environments);
  cycle_counts(out, status.environments);
  process_metrics(out, status);
  std::vector<HealthReport> checks;  // --check: check's own gauges, as its prometheus format
  for (const auto& env : status.environments)
    if (env.health) checks.push_back(*env.health);
  return checks.empty() ? out.text() : out.text() + render_healths_prometheus(checks);
}

std::string render_serve_status_json(const ServeStatus& status) {
  Json root;
  root["version"] = 1;
  root["mode"] = status.mode;
  root["source"] = status.source;
  root["revision"] = status.revision;
  root["branch"] = status.branch;
  root["cycles"] = status.cycles;
  root["lastCycleSeconds"] = status.last_cycle_seconds;
  root["fetchError"] = status.fetch_error;
  if (!status.role.empty()) {
    root["role"] = status.role;
    root["electionTrouble"] = status.election_trouble;
  }
  root["environments"] = Json::array();
  for (const auto& env : status.environments) root["environments"].push_back(environment_json(env));
  return root.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace topicform
