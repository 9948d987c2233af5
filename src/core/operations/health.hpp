// The runbook's step 7 ("check the whole contour"), bottom-up: the cluster, the topics, their
// replicas, the consumer groups, the dead-letter topics. Facts come from a HealthReader; the
// verdict is pure.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/ground/result.hpp"
#include "core/model/cluster_state.hpp"
#include "core/model/effective_topic.hpp"
#include "core/model/settings.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

struct PartitionHealth {
  std::int32_t leader = -1;  // -1: offline
  int replicas = 0;
  int in_sync = 0;
  std::int64_t end_offset = -1;  // the next offset; -1 when its leader did not answer

  friend bool operator==(const PartitionHealth&, const PartitionHealth&) = default;
};

struct GroupHealth {
  bool exists = false;         // the cluster lists it
  std::string state;           // Stable, Empty, PreparingRebalance, ... as the broker says
  std::optional<int> members;  // unknown when this client cannot describe the group
  // Topic -> partition -> committed offset.
  std::map<std::string, std::map<std::int32_t, std::int64_t>> committed;

  friend bool operator==(const GroupHealth&, const GroupHealth&) = default;
};

struct HealthFacts {
  std::map<std::string, std::vector<PartitionHealth>> partitions;  // by topic, index = partition
  std::map<std::string, GroupHealth> groups;                       // the declared groups
  // The newest message's timestamp (ms) of each dead topic that holds messages, where the
  // client can ask for it (ListOffsets MAX_TIMESTAMP, librdkafka >= 2.3.0).
  std::map<std::string, std::int64_t> dead_newest_ms;
  bool newest_supported = false;
};

struct HealthRequest {
  std::vector<std::string> topics;  // the managed topics that exist
  std::vector<std::string> groups;  // the declared consumer groups
  std::vector<std::string> dead_with_messages;
};

// What `check` reads beyond the plan's read: the managed topics that exist, the groups their
// owner cards declare (a dead topic's are its source's, read there), and the dead topics the
// plan's read found holding messages (for their newest message's time).
HealthRequest health_request(const std::vector<EffectiveTopic>& desired, const ClusterState& state);

class HealthReader {
 public:
  virtual ~HealthReader() = default;
  // Partitions with their leaders, replicas and end offsets (one Metadata, one ListOffsets round),
  // the groups (one listing, one describe, one offsets request per group), the dead topics'
  // newest messages (one ListOffsets round).
  virtual Result<HealthFacts> read_health(const HealthRequest& request) = 0;
};

enum class Verdict { ok, warning, failing };

struct HealthFinding {
  Verdict verdict = Verdict::ok;
  std::string subject;  // a topic, a group on a topic, or the cluster
  std::string message;

  friend bool operator==(const HealthFinding&, const HealthFinding&) = default;
};

struct HealthLayer {
  std::string name;  // cluster, topics, replication, consumer-groups, dead-letters
  std::vector<HealthFinding> findings;
  // False when the layer was not checked at all (the cluster could not be read): its verdict is
  // then no verdict, never "ok".
  bool checked = true;
  Verdict verdict() const;
};

// The numbers the Prometheus format exports, beside the findings.
struct HealthNumbers {
  std::map<std::string, int> under_replicated;  // by topic
  std::map<std::string, int> offline;
  std::map<std::string, bool> matches;  // the topic is as its manifest says
  std::map<std::pair<std::string, std::string>, std::int64_t> lag;  // (group, topic)
  std::map<std::string, int> members;                               // by group, when known
  std::map<std::string, std::int64_t> dead_messages;
  std::map<std::string, std::int64_t> dead_newest_ms;
};

struct HealthReport {
  std::string environment;
  std::string cluster_id;
  bool reached = true;  // false: the cluster could not be read, the layers above were not checked
  std::vector<HealthLayer> layers;  // bottom-up, always all five
  HealthNumbers numbers;
  bool healthy() const;
  const HealthLayer* first_failing() const;  // nullptr when healthy
};

// When the cluster could not be read at all: the first layer fails and says why.
HealthReport unreachable_report(const std::string& environment, const std::string& why);

// The verdict over the managed topics (`desired`), the plan made of them (its changes are
// differences from the manifests), the state read and the facts.
HealthReport assess(const std::vector<EffectiveTopic>& desired, const Plan& plan,
                    const ClusterState& state, const HealthFacts& facts,
                    const Environment& environment);

}  // namespace topicform
