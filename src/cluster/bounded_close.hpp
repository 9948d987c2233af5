// Work that may never return (a client library's teardown) given a bound the caller can live with.
#pragma once

#include <chrono>
#include <functional>

namespace topicform {

// Runs `work` on a thread of its own and waits up to `bound` for it: true when it finished. When
// it did not, the thread is left to finish (or not) on its own and the caller goes on; `work`
// must then own everything it touches.
bool finish_within(std::function<void()> work, std::chrono::milliseconds bound);

}  // namespace topicform
