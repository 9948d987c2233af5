// KafkaAdmin's side of an offset reset: the group's state from the listing, a topic's log bounds
// and the group's committed offsets, and AlterConsumerGroupOffsets for the new ones.
#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "cluster/admin_request.hpp"
#include "cluster/kafka_admin.hpp"
#include "cluster/offset_answers.hpp"
#include "core/text/visible_text.hpp"

namespace topicform {
namespace {

constexpr std::int64_t kEarliest = -2;
constexpr std::int64_t kLatest = -1;

// The offset of `partition` in `answer`, or an error when its leader did not answer.
Result<std::int64_t> answered(const PartitionOffsets& answer, const std::string& topic,
                              std::int32_t partition) {
  auto found = answer.find({topic, partition});
  if (found == answer.end() || found->second < 0) {
    return Error{fmt::format(
        "the leader of {}:{} did not answer its offsets; nothing was written, try again", topic,
        partition)};
  }
  return found->second;
}

}  // namespace

Result<KafkaAdmin::PartitionOffsets> KafkaAdmin::answered_offsets(
    const std::vector<Partition>& partitions, std::int64_t which) {
  auto got = list_offsets(partitions, which);
  if (!got) return got;
  return settled_offsets(std::move(*got), which);
}

Result<KafkaAdmin::PartitionOffsets> KafkaAdmin::settled_offsets(PartitionOffsets got,
                                                                 std::int64_t which) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(m_timeout_ms);
  auto pause = std::chrono::milliseconds(100);
  while (true) {
    std::vector<Partition> unanswered;  // a topic gone since is not waited for
    for (const auto& [p, offset] : got)
      if (offset == kUncounted) unanswered.push_back(p);
    if (unanswered.empty() || std::chrono::steady_clock::now() + pause > deadline) return got;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(1'000));
    auto again = list_offsets(unanswered, which);
    if (!again) return again;
    for (const auto& [p, offset] : *again)
      if (offset != kUncounted) got[p] = offset;
  }
}

Result<GroupActivity> KafkaAdmin::group_activity(const std::string& group) {
  auto groups = list_groups();
  if (!groups) return groups.error();
  GroupActivity activity;
  for (const auto& listed : *groups) {
    if (listed.name != group) continue;
    activity.exists = true;
    activity.live = !listed.empty;
    activity.state = listed.state;
    if (listed.consumer_protocol) activity.protocol = "consumer";
  }
  return activity;
}

Result<std::optional<std::int32_t>> KafkaAdmin::partition_count(const std::string& topic) {
  if (!m_partition_counts) {
    ++m_requests.metadata;
    auto metadata =
        admin_request::fetch_metadata(*m_handle, true, m_timeout_ms, "read the topics' partitions");
    if (!metadata) return metadata.error();
    m_partition_counts.emplace();
    for (int t = 0; t < (*metadata)->topic_cnt; ++t) {
      const auto& listed = (*metadata)->topics[t];
      if (!listed.err) (*m_partition_counts)[listed.topic] = listed.partition_cnt;
    }
  }
  auto found = m_partition_counts->find(topic);
  if (found == m_partition_counts->end()) return std::optional<std::int32_t>();
  return std::optional<std::int32_t>(found->second);
}

Result<std::map<std::int32_t, std::pair<std::int64_t, std::int64_t>>> KafkaAdmin::log_bounds(
    const std::string& topic, std::optional<std::int64_t> time_ms,
    std::map<std::int32_t, std::int64_t>* at_time) {
  auto listed = partition_count(topic);
  if (!listed) return listed.error();
  if (!*listed) return Error{fmt::format("topic '{}' does not exist on the cluster", topic)};
  std::int32_t count = **listed;
  std::vector<Partition> partitions;
  for (std::int32_t p = 0; p < count; ++p) partitions.emplace_back(topic, p);
  auto starts = answered_offsets(partitions, kEarliest);
  if (!starts) return starts.error();
  auto ends = answered_offsets(partitions, kLatest);
  if (!ends) return ends.error();
  std::map<std::int32_t, std::pair<std::int64_t, std::int64_t>> bounds;
  for (std::int32_t p = 0; p < count; ++p) {
    auto start = answered(*starts, topic, p);
    auto end = start ? answered(*ends, topic, p) : start;
    if (!end) return end.error();
    bounds[p] = {*start, *end};
  }
  if (!time_ms || !at_time) return bounds;
  auto found = list_offsets(partitions, *time_ms);
  if (!found) return found.error();
  // Both bounds answered just now: a time past every message answers no offset (-1).
  for (const auto& [partition, offset] : *found) {
    if (offset >= 0) (*at_time)[partition.second] = offset;
  }
  return bounds;
}

// librdkafka (2.0.2 and later, upstream #5040) dereferences a null group handle when a
// coordinator answers ListConsumerGroupOffsets with NOT_COORDINATOR, as on a new cluster whose
// offsets topic is still being made. A group the cluster does not list holds no offsets, so it is
// not asked: the runbook's first reset or replay on a fresh stack reads none instead of crashing.
Result<KafkaAdmin::CommittedOffsets> KafkaAdmin::listed_group_offsets(const std::string& group) {
  auto groups = list_groups();
  if (!groups) return groups.error();
  bool listed = std::any_of(groups->begin(), groups->end(),
                            [&](const GroupListing& g) { return g.name == group; });
  if (!listed) return CommittedOffsets{};
  return committed_offsets(group);
}

Result<std::map<std::int32_t, PartitionOffsetsNow>> KafkaAdmin::partition_offsets(
    const std::string& group, const std::string& topic, std::optional<std::int64_t> time_ms) {
  std::map<std::int32_t, std::int64_t> at_time;
  auto bounds = log_bounds(topic, time_ms, &at_time);
  if (!bounds) return bounds.error();
  auto committed = listed_group_offsets(group);
  if (!committed) return committed.error();
  const auto& held = (*committed)[topic];
  std::map<std::int32_t, PartitionOffsetsNow> out;
  for (const auto& [p, bound] : *bounds) {
    auto& now = out[p];
    now.log_start = bound.first;
    now.log_end = bound.second;
    if (auto t = at_time.find(p); t != at_time.end()) now.at_time = t->second;
    if (auto c = held.find(p); c != held.end()) now.committed = c->second;
  }
  return out;
}

Result<bool> KafkaAdmin::commit_offsets(const std::string& group, const std::string& topic,
                                        const std::map<std::int32_t, std::int64_t>& offsets) {
  rd_kafka_t* client = m_handle->client;
  auto* partitions = rd_kafka_topic_partition_list_new(static_cast<int>(offsets.size()));
  for (const auto& [p, offset] : offsets) {
    rd_kafka_topic_partition_list_add(partitions, topic.c_str(), p)->offset = offset;
  }
  auto* request = rd_kafka_AlterConsumerGroupOffsets_new(group.c_str(), partitions);
  rd_kafka_topic_partition_list_destroy(partitions);
  std::string what = fmt::format("alter the offsets of group '{}'", visible(group));
  auto event = admin_request::run(
      *m_handle,
      {RD_KAFKA_ADMIN_OP_ALTERCONSUMERGROUPOFFSETS, what, m_timeout_ms, &m_requests.writes},
      [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
        rd_kafka_AlterConsumerGroupOffsets(client, &request, 1, options, queue);
        rd_kafka_AlterConsumerGroupOffsets_destroy(request);
      });
  if (!event) return event.error();
  std::size_t count = 0;
  const auto** results = rd_kafka_AlterConsumerGroupOffsets_result_groups(
      rd_kafka_event_AlterConsumerGroupOffsets_result(event->get()), &count);
  for (std::size_t i = 0; i < count; ++i) {
    if (const auto* error = rd_kafka_group_result_error(results[i])) {
      return Error{explain(fmt::format("{}: {}", what, rd_kafka_error_string(error)))};
    }
    const auto* answered_list = rd_kafka_group_result_partitions(results[i]);
    for (int p = 0; answered_list && p < answered_list->cnt; ++p) {
      if (auto err = answered_list->elems[p].err) {
        return Error{fmt::format("{} on {}:{}: {}", what, topic, answered_list->elems[p].partition,
                                 rd_kafka_err2str(err))};
      }
    }
  }
  return true;
}

}  // namespace topicform
