// Which consumer groups hold a topic: those reading it now, and those that only keep offsets.
#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "cluster/admin_request.hpp"
#include "cluster/kafka_admin.hpp"

namespace topicform {
namespace {

using admin_request::await_result;
using admin_request::Options;
using admin_request::Queue;

using GroupsByTopic = std::map<std::string, std::vector<std::string>>;

void sort_groups(GroupsByTopic& groups) {
  for (auto& [topic, names] : groups) std::sort(names.begin(), names.end());
}

}  // namespace

Result<std::vector<KafkaAdmin::GroupListing>> KafkaAdmin::list_groups() {
  rd_kafka_t* client = m_handle->client;
  Options options{
      admin_request::read_options(client, RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPS, m_timeout_ms)};
  Queue queue(client);
  ++m_requests.groups;
  rd_kafka_ListConsumerGroups(client, options.o, queue.q);
  auto event = await_result(queue.q, m_timeout_ms + 5'000, "list consumer groups");
  if (!event) return event.error();
  std::size_t count = 0;
  const auto** listed = rd_kafka_ListConsumerGroups_result_valid(
      rd_kafka_event_ListConsumerGroups_result(event->get()), &count);
  std::vector<GroupListing> groups;
  for (std::size_t i = 0; i < count; ++i) {
    groups.push_back(
        {rd_kafka_ConsumerGroupListing_group_id(listed[i]),
         rd_kafka_ConsumerGroupListing_state(listed[i]) == RD_KAFKA_CONSUMER_GROUP_STATE_EMPTY});
  }
  return groups;
}

Result<GroupsByTopic> KafkaAdmin::active_readers() {
  GroupsByTopic readers;
  auto groups = list_groups();
  if (!groups) return groups.error();
  if (groups->empty()) return readers;
  std::vector<const char*> names;
  for (const auto& g : *groups) names.push_back(g.name.c_str());
  rd_kafka_t* client = m_handle->client;
  Options options{
      admin_request::read_options(client, RD_KAFKA_ADMIN_OP_DESCRIBECONSUMERGROUPS, m_timeout_ms)};
  Queue queue(client);
  ++m_requests.groups;
  rd_kafka_DescribeConsumerGroups(client, names.data(), names.size(), options.o, queue.q);
  auto event = await_result(queue.q, m_timeout_ms + 5'000, "describe consumer groups");
  if (!event) return event.error();
  std::size_t count = 0;
  const auto** described = rd_kafka_DescribeConsumerGroups_result_groups(
      rd_kafka_event_DescribeConsumerGroups_result(event->get()), &count);
  for (std::size_t i = 0; i < count; ++i) {
    if (rd_kafka_ConsumerGroupDescription_error(described[i])) continue;
    std::string group = rd_kafka_ConsumerGroupDescription_group_id(described[i]);
    std::set<std::string> read;
    std::size_t members = rd_kafka_ConsumerGroupDescription_member_count(described[i]);
    for (std::size_t m = 0; m < members; ++m) {
      const auto* member = rd_kafka_ConsumerGroupDescription_member(described[i], m);
      const auto* partitions =
          rd_kafka_MemberAssignment_partitions(rd_kafka_MemberDescription_assignment(member));
      for (int p = 0; partitions && p < partitions->cnt; ++p) {
        read.insert(partitions->elems[p].topic);
      }
    }
    for (const auto& topic : read) readers[topic].push_back(group);
  }
  sort_groups(readers);
  return readers;
}

Result<GroupsByTopic> KafkaAdmin::idle_groups_holding(const std::vector<std::string>& topics) {
  GroupsByTopic holding;
  std::set<std::string> wanted(topics.begin(), topics.end());
  auto groups = list_groups();
  if (!groups) return groups.error();
  rd_kafka_t* client = m_handle->client;
  for (const auto& group : *groups) {
    if (!group.empty) continue;
    // librdkafka 2.0.2 takes one group per ListConsumerGroupOffsets request.
    rd_kafka_ListConsumerGroupOffsets_t* request =
        rd_kafka_ListConsumerGroupOffsets_new(group.name.c_str(), nullptr);
    Options options{admin_request::read_options(client, RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPOFFSETS,
                                                m_timeout_ms)};
    Queue queue(client);
    ++m_requests.groups;
    rd_kafka_ListConsumerGroupOffsets(client, &request, 1, options.o, queue.q);
    rd_kafka_ListConsumerGroupOffsets_destroy(request);
    auto event = await_result(queue.q, m_timeout_ms + 5'000,
                              fmt::format("list the offsets of group '{}'", group.name));
    if (!event) return event.error();
    std::size_t count = 0;
    const auto** results = rd_kafka_ListConsumerGroupOffsets_result_groups(
        rd_kafka_event_ListConsumerGroupOffsets_result(event->get()), &count);
    std::set<std::string> held;
    for (std::size_t i = 0; i < count; ++i) {
      if (const auto* error = rd_kafka_group_result_error(results[i])) {
        return Error{fmt::format("list the offsets of group '{}': {}", group.name,
                                 rd_kafka_error_string(error))};
      }
      const auto* partitions = rd_kafka_group_result_partitions(results[i]);
      for (int p = 0; partitions && p < partitions->cnt; ++p) {
        const auto& tp = partitions->elems[p];
        if (tp.offset >= 0 && !tp.err && wanted.count(tp.topic)) held.insert(tp.topic);
      }
    }
    for (const auto& topic : held) holding[topic].push_back(group.name);
  }
  sort_groups(holding);
  return holding;
}

}  // namespace topicform
