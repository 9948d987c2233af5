// What a cluster has now, as far as planning needs it; read by a ClusterReader adapter.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/access/access.hpp"
#include "core/ground/result.hpp"

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

// Topic config key -> the broker's default for it (cleanup.policy from log.cleanup.policy,
// retention.ms, max.message.bytes from message.max.bytes, min.insync.replicas): what a topic
// that does not set the key has in effect.
using TopicDefaults = std::map<std::string, std::string>;

// A dead topic whose messages could not be counted: its delete waits, fail closed.
inline constexpr std::int64_t kUncountedMessages = -1;

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
  // Messages held now by each `.dead` topic that exists and is managed (or whose source is);
  // kUncountedMessages when its leader did not answer in time.
  std::map<std::string, std::int64_t> dead_messages;
  // Topic -> every consumer group with committed offsets on it, live or idle, sorted; read only
  // when asked (`ReadRequest::committed_groups`: one request per group).
  std::map<std::string, std::vector<std::string>> committed_groups;
  // The broker's offsets.retention.minutes in milliseconds, if read.
  std::optional<std::int64_t> offsets_retention_ms;
  // The broker's message.max.bytes, if read: what a topic without max.message.bytes takes.
  std::optional<std::int64_t> message_max_bytes;
  // The broker's defaults of the topic configs topicform derives, as far as read.
  TopicDefaults topic_defaults;
  // ACL bindings on topics and groups of the kind topicform writes (ALLOW, literal name, any
  // host, READ, WRITE or DESCRIBE), when the read asked for them.
  std::vector<AclBinding> acls;
  bool acls_read = false;
  // The broker has no authorizer (DescribeAcls answers SECURITY_DISABLED): nothing to manage.
  bool acls_disabled = false;
  // Bindings of other kinds (DENY, prefixed, one host, other operations) on managed topics and
  // groups, described: listed, never touched.
  std::vector<std::string> other_acls;

  friend bool operator==(const ClusterState&, const ClusterState&) = default;
};

// What one read of the cluster needs.
struct ReadRequest {
  std::vector<std::string> managed;  // the topics whose configs are needed
  bool every_topic = false;          // or every topic's but Kafka's internal ones (import)
  // Count the messages of the dead topics of managed sources (a plan does; the read-back after
  // an apply does not, as freshly created partitions answer offsets only once their logs exist).
  bool dead_messages = true;
  // Read what the rules and the delete checks need besides the topics: the broker's configs and
  // the consumer groups with their offsets. The read-back after an apply needs neither.
  bool context = true;
  // Read the ACL bindings (one DescribeAcls per resource type); `groups` are the consumer groups
  // whose bindings matter, besides those of the managed topics.
  bool acls = false;
  std::vector<std::string> groups;
  // List every consumer group's committed offsets (import fills owner cards from them).
  bool committed_groups = false;
};

// Reads the cluster, batching its requests so their number does not grow with the topics.
class ClusterReader {
 public:
  virtual ~ClusterReader() = default;
  virtual Result<ClusterState> read(const ReadRequest& request) = 0;
};

}  // namespace topicform
