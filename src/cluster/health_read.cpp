// KafkaAdmin::read_health: the facts `topicform check` judges, in a number of requests that grows
// only with the declared consumer groups (librdkafka takes one group per offsets request).
#include <librdkafka/rdkafka.h>

#include <algorithm>

#include <fmt/format.h>

#include "cluster/admin_request.hpp"
#include "cluster/kafka_admin.hpp"
#include "cluster/rdkafka_paths.hpp"

namespace topicform {
namespace {

constexpr std::int64_t kLatest = -1;  // ListOffsets' "next offset"

// Leaders and replicas of `wanted`'s partitions, indexed by partition id.
void add_led_partitions(const struct rd_kafka_metadata* metadata,
                        const std::set<std::string>& wanted, HealthFacts& facts) {
  for (int i = 0; i < metadata->topic_cnt; ++i) {
    const auto& t = metadata->topics[i];
    if (t.err || !wanted.count(t.topic)) continue;
    auto& parts = facts.partitions[t.topic];
    parts.resize(static_cast<std::size_t>(std::max(0, t.partition_cnt)));
    for (int p = 0; p < t.partition_cnt; ++p) {
      const auto& meta = t.partitions[p];
      if (meta.id < 0 || meta.id >= t.partition_cnt) continue;
      auto& health = parts[static_cast<std::size_t>(meta.id)];
      health.leader = meta.err == RD_KAFKA_RESP_ERR_LEADER_NOT_AVAILABLE ? -1 : meta.leader;
      health.replicas = meta.replica_cnt;
      health.in_sync = meta.isr_cnt;
    }
  }
}

}  // namespace

Result<HealthFacts> KafkaAdmin::read_health(const HealthRequest& request) {
  HealthFacts facts;
  facts.newest_supported = TOPICFORM_LIST_OFFSETS;
  ++m_requests.metadata;
  auto metadata = admin_request::fetch_metadata(*m_handle, true, m_timeout_ms, "read partitions");
  if (!metadata) return Error{explain(metadata.error().message)};
  add_led_partitions(metadata->get(), {request.topics.begin(), request.topics.end()}, facts);
  std::vector<Partition> all;
  for (const auto& [topic, parts] : facts.partitions) {
    for (std::size_t p = 0; p < parts.size(); ++p) {
      if (parts[p].leader >= 0) all.emplace_back(topic, static_cast<std::int32_t>(p));
    }
  }
  if (!all.empty()) {
    auto ends = list_offsets(all, kLatest);
    if (!ends) return ends.error();
    for (const auto& [partition, offset] : *ends) {
      auto& health = facts.partitions[partition.first][static_cast<std::size_t>(partition.second)];
      health.end_offset = offset >= 0 ? offset : -1;
    }
  }
  if (auto groups = read_group_health(request.groups, facts); !groups) return groups.error();
  auto newest = newest_timestamps(request.dead_with_messages, facts);
  if (!newest) return newest.error();
  facts.dead_newest_ms = std::move(*newest);
  return facts;
}

Result<bool> KafkaAdmin::read_group_health(const std::vector<std::string>& declared,
                                           HealthFacts& facts) {
  if (declared.empty()) return true;
  auto listed = list_groups();
  if (!listed) return listed.error();
  std::set<std::string> wanted(declared.begin(), declared.end());
  std::vector<std::string> classic;
  for (const auto& g : *listed) {
    if (!wanted.count(g.name)) continue;
    facts.groups[g.name].exists = true;
    facts.groups[g.name].state = g.state;
    if (!g.consumer_protocol) classic.push_back(g.name);
  }
  auto members = member_counts(classic);
  if (!members) return members.error();
  for (auto& [group, health] : facts.groups) {
    if (auto it = members->find(group); it != members->end()) health.members = it->second;
    auto offsets = committed_offsets(group);
    if (!offsets) return offsets.error();
    health.committed = std::move(*offsets);
  }
  for (const auto& group : declared) facts.groups.try_emplace(group);  // exists = false
  return true;
}

#if TOPICFORM_LIST_OFFSETS
Result<std::map<std::string, std::int64_t>> KafkaAdmin::newest_timestamps(
    const std::vector<std::string>& topics, const HealthFacts& facts) {
  std::map<std::string, std::int64_t> newest;
  auto* partitions = rd_kafka_topic_partition_list_new(0);
  for (const auto& topic : topics) {
    auto it = facts.partitions.find(topic);
    for (std::size_t p = 0; it != facts.partitions.end() && p < it->second.size(); ++p) {
      rd_kafka_topic_partition_list_add(partitions, topic.c_str(), static_cast<std::int32_t>(p))
          ->offset = RD_KAFKA_OFFSET_SPEC_MAX_TIMESTAMP;
    }
  }
  if (partitions->cnt == 0) {
    rd_kafka_topic_partition_list_destroy(partitions);
    return newest;
  }
  rd_kafka_t* client = m_handle->client;
  auto event =
      admin_request::run(*m_handle,
                         {RD_KAFKA_ADMIN_OP_LISTOFFSETS, "read the newest messages of dead topics",
                          m_timeout_ms, &m_requests.offsets},
                         [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
                           rd_kafka_ListOffsets(client, partitions, options, queue);
                           rd_kafka_topic_partition_list_destroy(partitions);
                         });
  if (!event) return event.error();
  std::size_t count = 0;
  const auto** infos =
      rd_kafka_ListOffsets_result_infos(rd_kafka_event_ListOffsets_result(event->get()), &count);
  for (std::size_t i = 0; i < count; ++i) {
    const auto* tp = rd_kafka_ListOffsetsResultInfo_topic_partition(infos[i]);
    std::int64_t at = rd_kafka_ListOffsetsResultInfo_timestamp(infos[i]);
    if (tp->err || at < 0) continue;  // no answer: the time is left unknown, the count stands
    auto& best = newest[tp->topic];
    best = std::max(best, at);
  }
  return newest;
}
#else
// Before librdkafka 2.3.0 there is no ListOffsets admin request (nor MAX_TIMESTAMP): the newest
// message's time is unknown, and the check says so.
Result<std::map<std::string, std::int64_t>> KafkaAdmin::newest_timestamps(
    const std::vector<std::string>&, const HealthFacts&) {
  return std::map<std::string, std::int64_t>{};
}
#endif

}  // namespace topicform
