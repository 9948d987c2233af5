// The librdkafka adapter: reads and writes a live cluster through the C Admin API (librdkafka
// 2.0.2 and later; cluster/rdkafka_paths.hpp says which newer requests a build uses).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cluster/client_config.hpp"
#include "core/model/cluster_state.hpp"
#include "core/operations/health.hpp"
#include "core/operations/offset_reset.hpp"
#include "core/operations/reassignment.hpp"
#include "core/plan/cluster_writer.hpp"
#include "core/plan/group_inspector.hpp"

namespace topicform {

struct KafkaOptions {
  std::string bootstrap_servers;
  std::string bootstrap_source;  // where they came from, for errors: "KAFKA_BOOTSTRAP_SERVERS"
  ClientProperties properties;   // any librdkafka client property (SASL, SSL, ...)
  int timeout_ms = 30'000;
};

// Counts admin requests, so tests and benchmarks can show they do not grow with topics.
struct RequestCounter {
  int metadata = 0;
  int describe_configs = 0;
  int groups = 0;   // ListConsumerGroups, DescribeConsumerGroups, ListConsumerGroupOffsets
  int offsets = 0;  // ListOffsets rounds for the messages held by dead topics
  int acls = 0;     // DescribeAcls (one per resource type), and the check of the right to alter
  int writes = 0;   // CreateTopics, CreatePartitions, AlterConfigs, DeleteTopics
  int incremental_alter_configs = 0;  // of the writes, those sent as IncrementalAlterConfigs
};

// "requests: 1 metadata, 2 describe-configs, 1 consumer-groups, 0 offsets, 0 acls, 2 writes (1
// incremental-alter-configs)", naming the writes `writes` (plan sends only validate-only ones).
std::string format_request_counts(const RequestCounter& sent, const std::string& writes);

// What DescribeCluster answers: the registered brokers, the active controller (unknown before
// librdkafka 2.3.0) and the cluster id.
struct ClusterNodes {
  std::int64_t brokers = 0;
  std::optional<std::int32_t> controller;
  std::string cluster_id;
};

class KafkaAdmin : public ClusterReader,
                   public ClusterWriter,
                   public GroupInspector,
                   public HealthReader,
                   public LayoutReader,
                   public GroupOffsets {
 public:
  // Creates the client; a bad property is an error here, before any request.
  static Result<std::unique_ptr<KafkaAdmin>> connect(const KafkaOptions& options);
  ~KafkaAdmin() override;
  KafkaAdmin(const KafkaAdmin&) = delete;
  KafkaAdmin& operator=(const KafkaAdmin&) = delete;

  // One metadata request, one batched DescribeConfigs for the managed topics that exist, one for
  // a broker's configs, one ListConsumerGroups and one DescribeConsumerGroups (plus one
  // ListConsumerGroupOffsets per live group it cannot describe), and two ListOffsets rounds for
  // the dead topics of managed sources.
  Result<ClusterState> read(const ReadRequest& request) override;

  Result<std::vector<TopicOutcome>> create_topics(const std::vector<CreateTopic>& topics,
                                                  bool validate_only) override;
  Result<std::vector<TopicOutcome>> add_partitions(const std::vector<AddPartitions>& changes,
                                                   bool validate_only) override;
  Result<std::vector<TopicOutcome>> alter_configs(const std::vector<AlterConfig>& changes,
                                                  bool validate_only) override;
  Result<std::vector<TopicOutcome>> delete_topics(const std::vector<DeleteTopic>& topics) override;
  Result<std::vector<TopicOutcome>> create_acls(const std::vector<AclBinding>& bindings) override;
  Result<std::vector<TopicOutcome>> delete_acls(const std::vector<AclBinding>& bindings) override;
  // DescribeCluster's authorized operations (librdkafka ≥ 2.3.0), else acl_probe: either
  // changes nothing.
  Result<bool> may_alter_acls() override;
  // ListConsumerGroups, then one ListConsumerGroupOffsets per group without live members
  // (librdkafka 2.0.2 takes one group a request): used only for topics about to be deleted.
  Result<std::map<std::string, std::vector<std::string>>> idle_groups_holding(
      const std::vector<std::string>& topics) override;

  // One metadata request, one ListOffsets round for the end offsets, the group listing, one
  // DescribeConsumerGroups and one ListConsumerGroupOffsets per declared group that exists, and
  // one ListOffsets round (MAX_TIMESTAMP, librdkafka >= 2.3.0) for the dead topics' newest.
  Result<HealthFacts> read_health(const HealthRequest& request) override;

  // One metadata request for every partition's replicas, and one DescribeCluster for the
  // brokers' racks (librdkafka >= 2.3.0).
  Result<ClusterLayout> read_layout() override;

  // The brokers the cluster reports as registered now: one DescribeCluster (librdkafka ≥ 2.3.0),
  // else one metadata request for no topics.
  Result<ClusterNodes> describe_cluster(int timeout_ms);

  Result<bool> wait_until_led(const std::map<std::string, std::int64_t>& partitions,
                              int timeout_ms) override;

  // From the group listing: whether `group` exists and has live members (group_offsets.cpp).
  Result<GroupActivity> group_activity(const std::string& group) override;
  // One metadata request, ListOffsets rounds for the log start and end (and the time), and one
  // ListConsumerGroupOffsets.
  Result<std::map<std::int32_t, PartitionOffsetsNow>> partition_offsets(
      const std::string& group, const std::string& topic,
      std::optional<std::int64_t> time_ms) override;
  // One AlterConsumerGroupOffsets; the broker refuses it too while the group has live members.
  Result<bool> commit_offsets(const std::string& group, const std::string& topic,
                              const std::map<std::int32_t, std::int64_t>& offsets) override;
  // Each partition's log start and end (one metadata request, two ListOffsets rounds); with
  // `time_ms`, a third round fills `at_time` with the first offset at or after it, where one is.
  Result<std::map<std::int32_t, std::pair<std::int64_t, std::int64_t>>> log_bounds(
      const std::string& topic, std::optional<std::int64_t> time_ms = std::nullopt,
      std::map<std::int32_t, std::int64_t>* at_time = nullptr);
  // The partition count of `topic`; none when it does not exist. One metadata request per
  // client serves every topic asked: a command that reads messages (dead show, replay, reset)
  // works from the topics as they were when it started.
  Result<std::optional<std::int32_t>> partition_count(const std::string& topic);

  const RequestCounter& requests() const { return m_requests; }

  struct Handle;  // the librdkafka client and what its callbacks reported

 private:
  // One poll of the wait for leaders: removes from `waiting` the topics now led. DescribeTopics
  // of just those (librdkafka >= 2.3.0), else full-cluster metadata.
  Result<bool> drop_led_topics(std::map<std::string, std::int64_t>& waiting, int request_ms);
  // `failure` with the broker-side reason librdkafka reported for it, when there is one.
  std::string explain(const std::string& failure);
  struct GroupReads {
    std::map<std::string, std::vector<std::string>> readers;      // topic -> live groups
    std::map<std::string, std::vector<std::string>> undescribed;  // group -> committed topics
  };
  // Groups with live members assigned partitions of each topic, and the live groups whose
  // members cannot be described: ListConsumerGroups and one DescribeConsumerGroups for all.
  Result<GroupReads> group_reads();
  // Records `group` as undescribed, holding the topics it committed offsets on.
  Result<bool> hold_as_undescribed(const std::string& group, GroupReads& out);
  // One DescribeConsumerGroups for the live classic `groups`: their members' assignments.
  Result<bool> describe_groups(const std::vector<std::string>& groups, GroupReads& out);
  // Topic -> every group with committed offsets on it: the listing, then one
  // ListConsumerGroupOffsets per group.
  Result<std::map<std::string, std::vector<std::string>>> groups_with_offsets();
  // Topic (among `wanted`, or any when null) -> the groups (without live members when
  // `idle_only`) with committed offsets on it, sorted: the listing, then one offsets request per
  // group.
  Result<std::map<std::string, std::vector<std::string>>> offsets_holders(
      bool idle_only, const std::set<std::string>* wanted);
  // Sets the racks of `layout`'s brokers where the client can learn them.
  Result<bool> read_racks(ClusterLayout& layout);
  using CommittedOffsets = std::map<std::string, std::map<std::int32_t, std::int64_t>>;
  // `group`'s committed offsets, by topic and partition: one ListConsumerGroupOffsets.
  Result<CommittedOffsets> committed_offsets(const std::string& group);
  // committed_offsets of a group the cluster lists; none, without asking, for one it does not.
  Result<CommittedOffsets> listed_group_offsets(const std::string& group);
  // Members of each of `groups` (listed, classic): one DescribeConsumerGroups; a group whose
  // description cannot be trusted (see consumer_groups.cpp) is left out.
  Result<std::map<std::string, int>> member_counts(const std::vector<std::string>& groups);
  Result<bool> read_group_health(const std::vector<std::string>& declared, HealthFacts& facts);
  // The newest message's timestamp of each of `topics`' partitions, as the maximum per topic.
  Result<std::map<std::string, std::int64_t>> newest_timestamps(
      const std::vector<std::string>& topics, const HealthFacts& facts);
  // The topics `group` keeps committed offsets on: one ListConsumerGroupOffsets.
  Result<std::set<std::string>> committed_topics(const std::string& group);
  struct GroupListing {
    std::string name;
    std::string state;               // as the broker names it: Stable, Empty, ...
    bool empty = false;              // no live member (state Empty or Dead)
    bool consumer_protocol = false;  // a KIP-848 group, where the listing says so (2.6.0)
  };
  Result<bool> read_topic_configs(ClusterState& state, const std::set<std::string>& managed);
  Result<std::vector<std::string>> describe_topics(ClusterState& state,
                                                   const std::vector<std::string>& names);
  Result<std::vector<std::string>> still_listed(const std::vector<std::string>& names);
  // One CreateAcls / DeleteAcls request.
  Result<std::vector<TopicOutcome>> create_acl_batch(const std::vector<AclBinding>& bindings);
  Result<std::vector<TopicOutcome>> delete_acl_batch(const std::vector<AclBinding>& bindings);
  // A DeleteAcls that matches nothing: its error (none, SECURITY_DISABLED, or
  // CLUSTER_AUTHORIZATION_FAILED) says whether there is an authorizer and whether we may alter.
  Result<int> acl_probe();  // an rd_kafka_resp_err_t
  // One DescribeAcls for topics, one for groups (and the probe when they list nothing); no
  // authorizer marks the state instead.
  Result<bool> read_acls(ClusterState& state, const ReadRequest& request);
  Result<bool> read_broker_configs(ClusterState& state, const std::string& broker_id);
  Result<bool> read_configs_groups_acls(ClusterState& state, const ReadRequest& request,
                                        const std::set<std::string>& wanted,
                                        const std::string& broker_id);

 public:
  using Partition = std::pair<std::string, std::int32_t>;
  using PartitionOffsets = std::map<Partition, std::int64_t>;

 private:
  // Messages held now by each topic of `latest` (each partition's next offset): latest minus
  // earliest offset, summed over partitions; kGoneTopic for a topic the broker no longer knows,
  // kUncounted for one whose leaders did not answer offsets in time.
  Result<std::map<std::string, std::int64_t>> message_counts(const PartitionOffsets& latest);
  struct PendingOffsets;
  Result<std::unique_ptr<PendingOffsets>> start_list_offsets(const std::vector<Partition>& wanted,
                                                             std::int64_t which);
  Result<PartitionOffsets> finish_list_offsets(PendingOffsets& pending);
  // The earliest (-2) or latest (-1) offset of each of `partitions`, in one round of
  // ListOffsets (one request per leader); kGoneTopic when the broker no longer knows the topic,
  // kUncounted when its leader cannot answer yet (still loading it, or moving).
  Result<PartitionOffsets> list_offsets(const std::vector<Partition>& partitions,
                                        std::int64_t which);
  // list_offsets, asking again for the partitions whose leader did not answer (100 ms growing
  // to 1 s between rounds) until each answers or --timeout has passed: a topic created a moment
  // ago has leaders before they have written its logs (group_offsets.cpp).
  Result<PartitionOffsets> answered_offsets(const std::vector<Partition>& partitions,
                                            std::int64_t which);
  // `got` with its kUncounted partitions asked again as answered_offsets does.
  Result<PartitionOffsets> settled_offsets(PartitionOffsets got, std::int64_t which);
  // Every consumer group: one ListConsumerGroups.
  Result<std::vector<GroupListing>> list_groups();
  explicit KafkaAdmin(std::unique_ptr<Handle> handle, int timeout_ms);

  std::unique_ptr<Handle> m_handle;
  int m_timeout_ms;
  RequestCounter m_requests;
  std::optional<std::map<std::string, std::int32_t>> m_partition_counts;  // partition_count's
};

}  // namespace topicform
