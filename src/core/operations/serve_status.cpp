// The liveness and readiness `serve` answers its probes with.
#include "core/operations/serve_status.hpp"

#include <algorithm>

namespace topicform {

const char* cycle_result_name(CycleResult result) {
  switch (result) {
    case CycleResult::success:
      return "success";
    case CycleResult::invalid:
      return "invalid";
    case CycleResult::failed:
      return "failed";
  }
  return "failed";
}

bool serve_alive(const ServeStatus& status, std::int64_t now_ms) {
  std::int64_t since = std::max(status.last_cycle_end_ms, status.started_ms);
  return now_ms - since <= 3 * status.interval_ms;
}

bool serve_ready(const ServeStatus& status) {
  return status.cycles > 0 &&
         (status.role.empty() || status.role == "leader" || status.role == "standby");
}

}  // namespace topicform
