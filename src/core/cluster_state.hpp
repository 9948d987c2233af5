// What a cluster has now, as far as planning needs it; read by a ClusterReader adapter.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace topicform {

struct ClusterTopic {
  std::string name;
  std::int64_t partitions = 0;
  std::int64_t replication_factor = 0;
  // Dynamic topic configs (source DYNAMIC_TOPIC_CONFIG), values as the broker reports them.
  std::map<std::string, std::string> configs;
  bool configs_known = false;  // configs are described only for managed topics
  bool internal = false;       // __consumer_offsets and friends: never managed

  friend bool operator==(const ClusterTopic&, const ClusterTopic&) = default;
};

struct ClusterState {
  std::string cluster_id;
  std::int64_t brokers = 0;
  std::optional<bool> auto_create_topics;  // the broker's auto.create.topics.enable, if read
  std::map<std::string, ClusterTopic> topics;
  // Topic -> consumer groups with live members assigned its partitions, sorted. A topic read
  // now must not be deleted from under its consumers.
  std::map<std::string, std::vector<std::string>> readers;
  // Groups listed as having live members whose members the client could not describe (Kafka 4's
  // `consumer` protocol through a client without KIP-848 describe), mapped to the topics they
  // keep committed offsets on; an empty list means nobody can tell what the group reads.
  std::map<std::string, std::vector<std::string>> undescribed_groups;
  // Messages held now by each `.dead` topic that exists and is managed (or whose source is).
  std::map<std::string, std::int64_t> dead_messages;
  // The broker's offsets.retention.minutes in milliseconds, if read.
  std::optional<std::int64_t> offsets_retention_ms;

  friend bool operator==(const ClusterState&, const ClusterState&) = default;
};

// Reads the cluster. `managed` names the topics whose configs are needed; the reader batches
// its requests so their number does not grow with the number of topics.
class ClusterReader {
 public:
  virtual ~ClusterReader() = default;
  virtual Result<ClusterState> read(const std::vector<std::string>& managed) = 0;
};

}  // namespace topicform
