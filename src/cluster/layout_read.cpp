// KafkaAdmin::read_layout: every partition's replicas from one metadata request, and the brokers'
// racks from DescribeCluster where librdkafka has it (2.3.0), for `topicform reassign`.
#include <librdkafka/rdkafka.h>

#include <fmt/format.h>

#include "cluster/admin_request.hpp"
#include "cluster/kafka_admin.hpp"
#include "cluster/rdkafka_paths.hpp"

namespace topicform {
namespace {

void add_topics(const struct rd_kafka_metadata* metadata, ClusterLayout& layout) {
  for (int b = 0; b < metadata->broker_cnt; ++b) {
    layout.brokers.push_back(BrokerNode{metadata->brokers[b].id, std::nullopt});
  }
  for (int i = 0; i < metadata->topic_cnt; ++i) {
    const auto& t = metadata->topics[i];
    if (t.err) continue;
    auto& partitions = layout.topics[t.topic];
    partitions.resize(static_cast<std::size_t>(std::max(0, t.partition_cnt)));
    for (int p = 0; p < t.partition_cnt; ++p) {
      const auto& meta = t.partitions[p];
      if (meta.id < 0 || meta.id >= t.partition_cnt) continue;
      partitions[static_cast<std::size_t>(meta.id)].assign(meta.replicas,
                                                           meta.replicas + meta.replica_cnt);
    }
  }
}

}  // namespace

Result<ClusterLayout> KafkaAdmin::read_layout() {
  ClusterLayout layout;
  ++m_requests.metadata;
  auto metadata =
      admin_request::fetch_metadata(*m_handle, true, m_timeout_ms, "read the partitions' replicas");
  if (!metadata) return Error{explain(metadata.error().message)};
  add_topics(metadata->get(), layout);
  if (auto racks = read_racks(layout); !racks) return racks.error();
  return layout;
}

#if TOPICFORM_DESCRIBE_CLUSTER
Result<bool> KafkaAdmin::read_racks(ClusterLayout& layout) {
  rd_kafka_t* client = m_handle->client;
  auto event =
      admin_request::run(*m_handle,
                         {RD_KAFKA_ADMIN_OP_DESCRIBECLUSTER, "describe the cluster's brokers",
                          m_timeout_ms, &m_requests.metadata},
                         [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
                           rd_kafka_DescribeCluster(client, options, queue);
                         });
  if (!event) return event.error();
  std::size_t count = 0;
  const auto** nodes = rd_kafka_DescribeCluster_result_nodes(
      rd_kafka_event_DescribeCluster_result(event->get()), &count);
  for (std::size_t i = 0; i < count; ++i) {
    const char* rack = rd_kafka_Node_rack(nodes[i]);
    for (auto& broker : layout.brokers) {
      if (broker.id == rd_kafka_Node_id(nodes[i]) && rack && *rack) broker.rack = rack;
    }
  }
  return true;
}
#else
// librdkafka before 2.3.0 cannot tell a broker's rack: replicas are spread over brokers only.
Result<bool> KafkaAdmin::read_racks(ClusterLayout&) { return true; }
#endif

}  // namespace topicform
