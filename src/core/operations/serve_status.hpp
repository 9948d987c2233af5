// What `serve` knows after each cycle: per environment the last result and drift, for the whole
// process the revision, the counters and whether it is alive; the HTTP endpoints render it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/ground/diagnostic.hpp"
#include "core/operations/drift.hpp"
#include "core/operations/health.hpp"

namespace topicform {

// How one environment's part of a cycle ended: planned, the revision did not validate (the
// last good one stays desired), or the cluster or registry could not be read.
enum class CycleResult { success, invalid, failed };

const char* cycle_result_name(CycleResult result);

struct EnvironmentStatus {
  std::string environment;
  CycleResult result = CycleResult::success;
  std::string error;                    // invalid or failed: why
  std::vector<Diagnostic> diagnostics;  // invalid: the manifests' errors
  std::string cluster_id;               // of the last successful plan
  std::string revision;                 // the revision the drift was planned from
  bool planned = false;                 // a cycle has planned it: `drift` and `changes` hold
  DriftReport drift;
  std::vector<std::string> changes;            // the plan's lines a reviewed apply would make
  std::int64_t finished_ms = 0;                // when its last cycle ended (Unix ms)
  std::int64_t last_success_ms = 0;            // 0: never
  std::map<CycleResult, std::int64_t> cycles;  // finished cycles by result
  std::optional<HealthReport> health;          // --check: the last planned cycle's check
};

struct ServeStatus {
  std::string mode = "report";
  std::string source;    // "git" (fetched and fast-forwarded) or "disk" (read again)
  std::string revision;  // the last revision that validated: the desired state
  std::string branch;    // git: the branch followed
  std::int64_t started_ms = 0;
  std::int64_t interval_ms = 0;
  std::int64_t cycles = 0;  // cycles finished
  std::int64_t last_cycle_end_ms = 0;
  double last_cycle_seconds = 0;
  std::int64_t fetch_failures = 0;
  std::string fetch_error;  // the last fetch's failure, "" after one that worked
  std::vector<EnvironmentStatus> environments;
  // --leader-topic: "leader" (this replica writes), "standby" (another does), "joining" (the
  // group has not answered yet); "" when no election runs (a single replica).
  std::string role;
  std::string election_trouble;  // why the leader group cannot be followed now, else ""
};

// /healthz: the loop is alive, i.e. a cycle ended (or, before the first, the process started)
// within three intervals of `now_ms`.
bool serve_alive(const ServeStatus& status, std::int64_t now_ms);

// /readyz: the first cycle has ended and, with an election, this replica knows its role.
bool serve_ready(const ServeStatus& status);

}  // namespace topicform
