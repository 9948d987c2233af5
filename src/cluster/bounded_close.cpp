// A detached thread and a future: the only way to stop waiting for a call that cannot be
// cancelled, such as rd_kafka_destroy joining a broker thread that never ends.
#include "cluster/bounded_close.hpp"

#include <future>
#include <memory>
#include <thread>

namespace topicform {

bool finish_within(std::function<void()> work, std::chrono::milliseconds bound) {
  auto finished = std::make_shared<std::promise<void>>();
  std::future<void> done = finished->get_future();
  std::thread([work = std::move(work), finished] {
    work();
    finished->set_value();
  }).detach();
  return done.wait_for(bound) == std::future_status::ready;
}

}  // namespace topicform
