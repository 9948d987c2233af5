// Counting dead letters right after the dead topics were created: their leaders answer offsets
// only once they have written the partitions' logs, a little after metadata lists the leaders.
#pragma once

#include <functional>

#include "core/model/cluster_state.hpp"

namespace topicform {

// Reads the messages of the dead topics in `state` that could not be counted again, only those,
// until each is counted or `timeout_ms` has passed (waiting `sleep(ms)` between reads, 100 ms
// growing to 1 s): `check` right after `apply` counts what a pipeline's next step would see,
// instead of warning that a leader did not answer. A failed read ends the wait, as the next
// read would fail the same way; what stays uncounted is reported as before.
void recount_dead_letters(ClusterReader& reader, ClusterState& state, int timeout_ms,
                          const std::function<void(int)>& sleep);

}  // namespace topicform
