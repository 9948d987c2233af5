// Which consumer groups hold a topic: those reading it now, those that only keep offsets, and
// those whose members this client cannot see (which then count as reading what they committed).
#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "cluster/admin_request.hpp"
#include "cluster/kafka_admin.hpp"
#include "cluster/rdkafka_paths.hpp"

namespace topicform {
namespace {

using GroupsByTopic = std::map<std::string, std::vector<std::string>>;

void sort_groups(GroupsByTopic& groups) {
  for (auto& [topic, names] : groups) std::sort(names.begin(), names.end());
}

// The topics of a described group's member assignments; nullopt when the description cannot be
// trusted: an error, or no members although the listing said the group has live ones (a KIP-848
// `consumer` group described through the classic protocol comes back Dead and memberless).
std::optional<std::set<std::string>> assigned_topics(
    const rd_kafka_ConsumerGroupDescription_t* description) {
  if (rd_kafka_ConsumerGroupDescription_error(description)) return std::nullopt;
  auto state = rd_kafka_ConsumerGroupDescription_state(description);
  std::size_t members = rd_kafka_ConsumerGroupDescription_member_count(description);
  if (members == 0 && state != RD_KAFKA_CONSUMER_GROUP_STATE_EMPTY) return std::nullopt;
  std::set<std::string> read;
  for (std::size_t m = 0; m < members; ++m) {
    const auto* member = rd_kafka_ConsumerGroupDescription_member(description, m);
    const auto* partitions =
        rd_kafka_MemberAssignment_partitions(rd_kafka_MemberDescription_assignment(member));
    for (int p = 0; partitions && p < partitions->cnt; ++p) read.insert(partitions->elems[p].topic);
  }
  return read;
}

// One DescribeConsumerGroups for `groups`: the answered event, which owns the descriptions.
Result<admin_request::Event> describe_request(KafkaAdmin::Handle& handle,
                                              const std::vector<std::string>& groups,
                                              int timeout_ms) {
  std::vector<const char*> names;
  for (const auto& g : groups) names.push_back(g.c_str());
  rd_kafka_t* client = handle.client;
  return admin_request::run(
      handle,
      {RD_KAFKA_ADMIN_OP_DESCRIBECONSUMERGROUPS, "describe consumer groups", timeout_ms, nullptr},
      [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
        rd_kafka_DescribeConsumerGroups(client, names.data(), names.size(), options, queue);
      });
}

const rd_kafka_ConsumerGroupDescription_t** descriptions(const admin_request::Event& event,
                                                         std::size_t& count) {
  return rd_kafka_DescribeConsumerGroups_result_groups(
      rd_kafka_event_DescribeConsumerGroups_result(event.get()), &count);
}

// One DescribeConsumerGroups for `groups` (counted in `requests`), then `each` on every
// description the answer holds; the first error of either ends it.
template <class Each>
Result<bool> describe_each(KafkaAdmin::Handle& handle, int& requests,
                           const std::vector<std::string>& groups, int timeout_ms, Each each) {
  ++requests;
  auto event = describe_request(handle, groups, timeout_ms);
  if (!event) return event.error();
  std::size_t count = 0;
  const auto** described = descriptions(*event, count);
  for (std::size_t i = 0; i < count; ++i) {
    if (auto done = each(described[i]); !done) return done.error();
  }
  return true;
}

}  // namespace

Result<std::vector<KafkaAdmin::GroupListing>> KafkaAdmin::list_groups() {
  rd_kafka_t* client = m_handle->client;
  auto event = admin_request::run(*m_handle,
                                  {RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPS, "list consumer groups",
                                   m_timeout_ms, &m_requests.groups},
                                  [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
                                    rd_kafka_ListConsumerGroups(client, options, queue);
                                  });
  if (!event) return event.error();
  const auto* result = rd_kafka_event_ListConsumerGroups_result(event->get());
  std::size_t failures = 0;
  const auto** errors = rd_kafka_ListConsumerGroups_result_errors(result, &failures);
  if (failures > 0) {
    // A coordinator that did not answer may hold the group reading a topic: fail closed.
    return Error{fmt::format("list consumer groups: {}", rd_kafka_error_string(errors[0]))};
  }
  std::size_t count = 0;
  const auto** listed = rd_kafka_ListConsumerGroups_result_valid(result, &count);
  std::vector<GroupListing> groups;
  for (std::size_t i = 0; i < count; ++i) {
    auto state = rd_kafka_ConsumerGroupListing_state(listed[i]);
    GroupListing group{
        rd_kafka_ConsumerGroupListing_group_id(listed[i]),
        rd_kafka_consumer_group_state_name(state),
        state == RD_KAFKA_CONSUMER_GROUP_STATE_EMPTY || state == RD_KAFKA_CONSUMER_GROUP_STATE_DEAD,
        false};
#if TOPICFORM_GROUP_TYPES
    group.consumer_protocol =
        rd_kafka_ConsumerGroupListing_type(listed[i]) == RD_KAFKA_CONSUMER_GROUP_TYPE_CONSUMER;
#endif
    groups.push_back(std::move(group));
  }
  return groups;
}

Result<KafkaAdmin::GroupReads> KafkaAdmin::group_reads() {
  GroupReads out;
  auto groups = list_groups();
  if (!groups) return groups.error();
  std::vector<std::string> live;
  for (const auto& g : *groups) {
    if (g.empty)
      continue;  // idle groups read nothing; deletes ask about them (idle_groups_holding)
    // librdkafka before 2.10 describes groups through the classic protocol only: a live
    // `consumer` group would come back memberless, so its committed offsets stand in at once.
    if (g.consumer_protocol) {
      if (auto held = hold_as_undescribed(g.name, out); !held) return held.error();
    } else {
      live.push_back(g.name);
    }
  }
  if (auto described = describe_groups(live, out); !described) return described.error();
  sort_groups(out.readers);
  return out;
}

Result<bool> KafkaAdmin::hold_as_undescribed(const std::string& group, GroupReads& out) {
  auto held = committed_topics(group);
  if (!held) return held.error();
  out.undescribed[group].assign(held->begin(), held->end());
  return true;
}

Result<bool> KafkaAdmin::describe_groups(const std::vector<std::string>& groups, GroupReads& out) {
  if (groups.empty()) return true;
  return describe_each(*m_handle, m_requests.groups, groups, m_timeout_ms,
                       [&](const rd_kafka_ConsumerGroupDescription_t* d) -> Result<bool> {
                         std::string group = rd_kafka_ConsumerGroupDescription_group_id(d);
                         auto read = assigned_topics(d);
                         if (!read) return hold_as_undescribed(group, out);
                         for (const auto& topic : *read) out.readers[topic].push_back(group);
                         return true;
                       });
}

Result<KafkaAdmin::CommittedOffsets> KafkaAdmin::committed_offsets(const std::string& group) {
  rd_kafka_t* client = m_handle->client;
  // librdkafka 2.0.2 takes one group per ListConsumerGroupOffsets request.
  rd_kafka_ListConsumerGroupOffsets_t* request =
      rd_kafka_ListConsumerGroupOffsets_new(group.c_str(), nullptr);
  std::string what = fmt::format("list the offsets of group '{}'", group);
  auto event = admin_request::run(
      *m_handle,
      {RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPOFFSETS, what, m_timeout_ms, &m_requests.groups},
      [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
        rd_kafka_ListConsumerGroupOffsets(client, &request, 1, options, queue);
        rd_kafka_ListConsumerGroupOffsets_destroy(request);
      });
  if (!event) return event.error();
  std::size_t count = 0;
  const auto** results = rd_kafka_ListConsumerGroupOffsets_result_groups(
      rd_kafka_event_ListConsumerGroupOffsets_result(event->get()), &count);
  CommittedOffsets held;
  for (std::size_t i = 0; i < count; ++i) {
    if (const auto* error = rd_kafka_group_result_error(results[i])) {
      return Error{fmt::format("{}: {}", what, rd_kafka_error_string(error))};
    }
    const auto* partitions = rd_kafka_group_result_partitions(results[i]);
    for (int p = 0; partitions && p < partitions->cnt; ++p) {
      const auto& tp = partitions->elems[p];
      if (tp.offset >= 0 && !tp.err) held[tp.topic][tp.partition] = tp.offset;
    }
  }
  return held;
}

Result<std::set<std::string>> KafkaAdmin::committed_topics(const std::string& group) {
  auto offsets = committed_offsets(group);
  if (!offsets) return offsets.error();
  std::set<std::string> held;
  for (const auto& [topic, partitions] : *offsets) held.insert(topic);
  return held;
}

Result<std::map<std::string, int>> KafkaAdmin::member_counts(
    const std::vector<std::string>& groups) {
  std::map<std::string, int> out;
  if (groups.empty()) return out;
  auto described =
      describe_each(*m_handle, m_requests.groups, groups, m_timeout_ms,
                    [&](const rd_kafka_ConsumerGroupDescription_t* d) -> Result<bool> {
                      if (!assigned_topics(d)) return true;  // not to be trusted: members unknown
                      out[rd_kafka_ConsumerGroupDescription_group_id(d)] =
                          static_cast<int>(rd_kafka_ConsumerGroupDescription_member_count(d));
                      return true;
                    });
  if (!described) return described.error();
  return out;
}

Result<GroupsByTopic> KafkaAdmin::offsets_holders(bool idle_only,
                                                  const std::set<std::string>* wanted) {
  GroupsByTopic holding;
  auto groups = list_groups();
  if (!groups) return groups.error();
  for (const auto& group : *groups) {
    if (idle_only && !group.empty) continue;
    auto held = committed_topics(group.name);
    if (!held) return held.error();
    for (const auto& topic : *held) {
      if (!wanted || wanted->count(topic)) holding[topic].push_back(group.name);
    }
  }
  sort_groups(holding);
  return holding;
}

Result<GroupsByTopic> KafkaAdmin::groups_with_offsets() { return offsets_holders(false, nullptr); }

Result<GroupsByTopic> KafkaAdmin::idle_groups_holding(const std::vector<std::string>& topics) {
  std::set<std::string> wanted(topics.begin(), topics.end());
  return offsets_holders(true, &wanted);
}

}  // namespace topicform
