// Compose starts the init container as soon as the broker's healthcheck passes, which in a
// cluster can be before the other brokers have registered; a RF-3 create then fails.
#include "cli/broker_wait.hpp"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <thread>

#include <fmt/format.h>

#include "log/log.hpp"

namespace topicform {
namespace {

// " (cluster ID, controller N)", with what the cluster told.
std::string described(const ClusterNodes& cluster) {
  std::string out = cluster.cluster_id.empty() ? "" : fmt::format("cluster {}", cluster.cluster_id);
  if (cluster.controller)
    out += fmt::format("{}controller {}", out.empty() ? "" : ", ", *cluster.controller);
  return out.empty() ? "" : fmt::format(" ({})", out);
}

}  // namespace

Result<std::int64_t> wait_for_brokers(KafkaAdmin& admin, std::int64_t wanted, int timeout_ms) {
  using Clock = std::chrono::steady_clock;
  using std::chrono::milliseconds;
  auto start = Clock::now();
  auto deadline = start + milliseconds(timeout_ms);
  auto pause = milliseconds(500);
  std::string last = "no answer";
  for (int attempt = 1;; ++attempt) {
    // Each question gets at least half a second, so the last one, at the deadline, can still
    // be answered rather than time out at once.
    auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now());
    int ask_ms = static_cast<int>(std::clamp<std::int64_t>(left.count(), 500, 2'000));
    auto cluster = admin.describe_cluster(ask_ms);
    if (cluster && cluster->brokers >= wanted) {
      log_info(fmt::format("waiting for brokers: {} of {} registered, ready{}", cluster->brokers,
                           wanted, described(*cluster)));
      return cluster->brokers;
    }
    last = cluster ? fmt::format("{} of {} registered", cluster->brokers, wanted)
                   : fmt::format("no answer ({})", cluster.error().message);
    auto now = Clock::now();
    if (now >= deadline) break;
    auto wait = std::min(pause, std::chrono::duration_cast<milliseconds>(deadline - now));
    log_info(fmt::format("waiting for brokers: attempt {}: {}; next try in {:.1f}s", attempt, last,
                         static_cast<double>(wait.count()) / 1000.0));
    std::this_thread::sleep_for(wait);
    pause = std::min(pause * 2, milliseconds(5'000));
  }
  auto waited = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
  return Error{fmt::format("gave up waiting for {} broker(s) after {:.1f}s: {}", wanted,
                           static_cast<double>(waited.count()) / 1000.0, last)};
}

}  // namespace topicform
