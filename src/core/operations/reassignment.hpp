// A replication-factor change as a partition reassignment: which brokers each partition's
// replicas move to, keeping what can stay. librdkafka has no reassignment request, so topicform
// writes the file that kafka-reassign-partitions.sh executes.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/ground/result.hpp"
#include "core/model/cluster_state.hpp"
#include "core/model/effective_topic.hpp"

namespace topicform {

struct BrokerNode {
  std::int32_t id = 0;
  std::optional<std::string> rack;  // unknown before librdkafka 2.3.0 (DescribeCluster)

  friend bool operator==(const BrokerNode&, const BrokerNode&) = default;
};

// Each partition's replicas, the preferred leader first, by topic.
using ReplicaLayout = std::map<std::string, std::vector<std::vector<std::int32_t>>>;

struct ClusterLayout {
  std::vector<BrokerNode> brokers;
  ReplicaLayout topics;  // every topic the read saw: their replicas make up each broker's load
};

// Reads the replicas of every topic and the brokers (with racks where the client can tell).
class LayoutReader {
 public:
  virtual ~LayoutReader() = default;
  virtual Result<ClusterLayout> read_layout() = 0;
};

// The new replicas of each partition of each topic in `factors` (topic -> wanted replication
// factor), only for topics whose factor differs:
// - growing, every current replica stays where it is (the leader first, so leadership does not
//   move) and new ones go to the brokers holding the fewest replicas, preferring racks the
//   partition does not use yet;
// - shrinking, the preferred leader stays, and the replicas on the most loaded brokers go,
//   keeping racks apart where possible.
// Ties go to the lower broker id, so the same cluster gives the same file. An error when a
// topic wants more replicas than there are brokers, or is not in the layout.
Result<ReplicaLayout> plan_reassignment(const ClusterLayout& layout,
                                        const std::map<std::string, std::int64_t>& factors);

// Topic -> the replication factor its manifest wants, for each managed topic on the cluster whose
// factor differs: what the plan blocks as replication/change (deleted topics left out).
std::map<std::string, std::int64_t> replication_changes(const std::vector<EffectiveTopic>& desired,
                                                        const ClusterState& state);

// The reassignment JSON of kafka-reassign-partitions.sh --execute (version 1).
std::string reassignment_json(const ReplicaLayout& moves);

}  // namespace topicform
