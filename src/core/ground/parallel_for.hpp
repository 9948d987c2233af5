// Runs a function on every index of a range with a small pool of threads sized to the CPUs.
#pragma once

#include <cstddef>
#include <functional>

namespace topicform {

// The CPUs this process may run on (its affinity, so a container's limit counts), at least 1.
unsigned usable_cpus();

// Calls `work(i)` once for each i in [0, count), on up to `threads` threads; returns when all
// are done. `work` must only touch what belongs to its index. The first exception a call throws
// is rethrown here, after the other threads have stopped taking indices.
void parallel_for(std::size_t count, unsigned threads,
                  const std::function<void(std::size_t)>& work);

}  // namespace topicform
