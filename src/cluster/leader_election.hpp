// serve's one writer among its replicas: a Kafka consumer group on a topic whose partition 0
// names the leader, as Schema Registry elects its leader through Kafka itself.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "cluster/kafka_admin.hpp"

namespace topicform {

class LeaderElection {
 public:
  virtual ~LeaderElection() = default;

  // What the group last said: this replica holds partition 0. False from the moment of a revoke
  // or a session the client knows it lost.
  virtual bool leads() const = 0;

  // The group has given this replica an assignment (an empty one too) since it joined.
  virtual bool answered() const = 0;

  // How many times the group has given this replica partition 0: a lead lost and given back
  // counts again, even when nobody looked in between.
  virtual std::uint64_t terms() const = 0;

  // Asked just before a write: the lead still holds by the coordinator's word (an offset commit
  // under this replica's member id and generation, which it refuses once the group went on
  // without it, as after a replica stopped past its session and resumed).
  virtual bool confirm() = 0;

  // Why the group cannot be followed now (the topic missing, access denied), else "".
  virtual std::string trouble() const = 0;
};

// Joins the group named as `topic` on the cluster of `options`, subscribed to `topic` (which
// must exist; one partition is enough), and follows it on a thread of its own until destroyed,
// when it leaves the group so another replica takes over at once. A session times out after
// 10 s unless the client properties say otherwise (session.timeout.ms).
Result<std::unique_ptr<LeaderElection>> join_leader_group(const KafkaOptions& options,
                                                          const std::string& topic);

}  // namespace topicform
