// check's layers read and judged after a plan, shared by `check` and `serve --check`.
#include "engine/health_check.hpp"

#include <chrono>
#include <thread>

#include "engine/dead_counts.hpp"

namespace topicform {

HealthReport check_planned(const std::vector<EffectiveTopic>& desired,
                           const Environment& environment, const Planned& planned,
                           ClusterReader& reader, HealthReader& health, int timeout_ms) {
  ClusterState state = planned.state;
  recount_dead_letters(reader, state, timeout_ms,
                       [](int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); });
  auto facts = health.read_health(health_request(desired, state));
  if (!facts) return unreachable_report(environment.name, facts.error().message);
  return assess(desired, planned.plan, state, *facts, environment);
}

}  // namespace topicform
