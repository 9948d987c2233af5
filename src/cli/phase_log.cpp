// The requests of a phase are the admin client's counts at its end less those at its start.
#include "cli/phase_log.hpp"

#include <fmt/format.h>

#include "log/log.hpp"

namespace topicform {
namespace {

RequestCounter minus(const RequestCounter& after, const RequestCounter& before) {
  RequestCounter d;
  d.metadata = after.metadata - before.metadata;
  d.describe_configs = after.describe_configs - before.describe_configs;
  d.groups = after.groups - before.groups;
  d.offsets = after.offsets - before.offsets;
  d.acls = after.acls - before.acls;
  d.writes = after.writes - before.writes;
  d.incremental_alter_configs = after.incremental_alter_configs - before.incremental_alter_configs;
  return d;
}

}  // namespace

void PhaseLog::begin(std::string_view phase) {
  end();
  if (!log_enabled(LogLevel::debug)) return;
  m_phase = phase;
  m_before = m_admin.requests();
  m_started = std::chrono::steady_clock::now();
}

void PhaseLog::end() {
  if (m_phase.empty()) return;
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                  m_started)
                .count();
  std::string writes = m_phase == "validate-only" ? "validate-only writes" : "writes";
  log_debug(fmt::format("{}phase {}: {} in {} ms", m_label, m_phase,
                        format_request_counts(minus(m_admin.requests(), m_before), writes), ms));
  m_phase.clear();
}

void log_cluster_read(const Plan& plan, const ClusterState& state) {
  if (!log_enabled(LogLevel::debug)) return;
  log_debug(
      fmt::format("cluster {}: {} broker(s), {} topic(s) read; the plan has {} change(s), "
                  "{} blocked, {} schema change(s)",
                  state.cluster_id, state.brokers, state.topics.size(), plan.actions.size(),
                  plan.blocked.size(), plan.schemas.size()));
}

}  // namespace topicform
