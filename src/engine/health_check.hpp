// check's verdict over a plan just made: what `check` and `serve --check` both report.
#pragma once

#include <vector>

#include "core/operations/health.hpp"
#include "engine/reconciler.hpp"

namespace topicform {

// The dead topics the plan's read could not count read again (within `timeout_ms`), the health
// facts read, and the layers assessed; a failed read is the unreachable report, never a verdict
// kept from an earlier look.
HealthReport check_planned(const std::vector<EffectiveTopic>& desired,
                           const Environment& environment, const Planned& planned,
                           ClusterReader& reader, HealthReader& health, int timeout_ms);

}  // namespace topicform
