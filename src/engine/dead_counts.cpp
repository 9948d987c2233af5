// The dead topics a read could not count, read again within a time budget.
#include "engine/dead_counts.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace topicform {
namespace {

std::vector<std::string> uncounted(const ClusterState& state) {
  std::vector<std::string> out;
  for (const auto& [topic, count] : state.dead_messages) {
    if (count == kUncountedMessages) out.push_back(topic);
  }
  return out;
}

}  // namespace

void recount_dead_letters(ClusterReader& reader, ClusterState& state, int timeout_ms,
                          const std::function<void(int)>& sleep) {
  int waited = 0;
  int pause = 100;
  for (auto left = uncounted(state); !left.empty() && waited < timeout_ms;
       left = uncounted(state)) {
    pause = std::min(pause, timeout_ms - waited);
    sleep(pause);
    waited += pause;
    pause = std::min(pause * 2, 1000);
    ReadRequest request;
    request.managed = left;
    request.context = false;
    auto again = reader.read(request);
    if (!again) return;
    for (const auto& topic : left) {
      auto count = again->dead_messages.find(topic);
      if (count != again->dead_messages.end()) state.dead_messages[topic] = count->second;
    }
  }
}

}  // namespace topicform
