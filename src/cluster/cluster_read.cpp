// KafkaAdmin::read: everything a plan needs, in a number of requests that does not grow with the
// number of topics (metadata, configs, broker configs, groups, dead-topic offsets).
#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <set>
#include <string_view>
#include <thread>

#include <fmt/format.h>

#include "cluster/admin_request.hpp"
#include "cluster/kafka_admin.hpp"
#include "cluster/offset_answers.hpp"
#include "cluster/rdkafka_paths.hpp"
#include "core/model/topic_configs.hpp"
#include "core/model/topic_names.hpp"
#include "core/model/units.hpp"

namespace topicform {
namespace {

// ListOffsets' special timestamps: the first and the next offset of a partition.
constexpr std::int64_t kEarliest = -2;
constexpr std::int64_t kLatest = -1;

using PartitionIndex =
    std::map<std::pair<std::string_view, std::int32_t>, rd_kafka_topic_partition_t*>;

// Where each partition of `list` is: librdkafka's list find is a linear scan, so matching many
// answers with it is quadratic.
PartitionIndex index_of(rd_kafka_topic_partition_list_t* list) {
  PartitionIndex out;
  for (int i = 0; i < list->cnt; ++i)
    out[{list->elems[i].topic, list->elems[i].partition}] = &list->elems[i];
  return out;
}

// Copies an answered partition's offset and error into its place in `index`.
void copy_answer(const rd_kafka_topic_partition_t& answered, const PartitionIndex& index) {
  auto into = index.find({answered.topic, answered.partition});
  if (into == index.end()) return;
  into->second->offset = answered.offset;
  into->second->err = answered.err;
}

#if TOPICFORM_LIST_OFFSETS
// The ListOffsets admin request (one request per leader): each partition's offset or error is
// written into `partitions`; the result is the error of the request as a whole. It touches only
// the client and `partitions`, so it may run on a thread of its own.
rd_kafka_resp_err_t query_offsets(rd_kafka_t* client, rd_kafka_topic_partition_list_t* partitions,
                                  int timeout_ms) {
  admin_request::Request request(RD_KAFKA_ADMIN_OP_LISTOFFSETS, "list offsets", timeout_ms,
                                 nullptr);
  request.errors_answer = true;
  admin_request::Batch batch(client, nullptr, request);
  batch.send([&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
    rd_kafka_ListOffsets(client, partitions, options, queue);
  });
  auto answer = batch.next();
  if (!answer) return RD_KAFKA_RESP_ERR__TIMED_OUT;
  if (rd_kafka_resp_err_t err = rd_kafka_event_error(answer->event.get())) return err;
  std::size_t count = 0;
  const auto** infos = rd_kafka_ListOffsets_result_infos(
      rd_kafka_event_ListOffsets_result(answer->event.get()), &count);
  auto asked = index_of(partitions);
  for (std::size_t i = 0; i < count; ++i) {
    copy_answer(*rd_kafka_ListOffsetsResultInfo_topic_partition(infos[i]), asked);
  }
  return RD_KAFKA_RESP_ERR_NO_ERROR;
}
#else
// offsets_for_times on the client handle: it writes each partition's offset into `partitions`
// and returns a partition's error as the call's too.
rd_kafka_resp_err_t query_offsets(rd_kafka_t* client, rd_kafka_topic_partition_list_t* partitions,
                                  int timeout_ms) {
  return rd_kafka_offsets_for_times(client, partitions, timeout_ms);
}
#endif

// How many requests a read of `count` names or partitions is split into: a handful, whatever
// the count. librdkafka matches each answer to its request one by one (quadratic in a request's
// size: a third of a second at 10,000 topics in one DescribeConfigs, a tenth of a 5,000-topic
// plan's CPU in 2.0.2's offsets_for_times), and the parts are sent before any is awaited, so the
// broker works on one while the client reads another.
std::size_t request_parts(std::size_t count) {
  constexpr std::size_t kMinPart = 500;
  constexpr std::size_t kMaxParts = 8;
  return std::clamp<std::size_t>((count + kMinPart - 1) / kMinPart, 1, kMaxParts);
}

// query_offsets for `partitions` in parts asked side by side, each part's answers copied back.
// The error is the first part's that is not a leader moving, else the first part's.
rd_kafka_resp_err_t query_offsets_in_parts(rd_kafka_t* client,
                                           rd_kafka_topic_partition_list_t* partitions,
                                           int timeout_ms) {
  std::size_t parts = request_parts(static_cast<std::size_t>(partitions->cnt));
  if (parts == 1) return query_offsets(client, partitions, timeout_ms);
  std::vector<rd_kafka_topic_partition_list_t*> lists;
  std::vector<std::future<rd_kafka_resp_err_t>> answers;
  for (std::size_t p = 0; p < parts; ++p) {
    int from = static_cast<int>(p * partitions->cnt / parts);
    int to = static_cast<int>((p + 1) * partitions->cnt / parts);
    auto* part = rd_kafka_topic_partition_list_new(to - from);
    for (int i = from; i < to; ++i) {
      const auto& tp = partitions->elems[i];
      rd_kafka_topic_partition_list_add(part, tp.topic, tp.partition)->offset = tp.offset;
    }
    lists.push_back(part);
    answers.push_back(std::async(std::launch::async, query_offsets, client, part, timeout_ms));
  }
  auto asked = index_of(partitions);
  rd_kafka_resp_err_t err = RD_KAFKA_RESP_ERR_NO_ERROR;
  for (std::size_t p = 0; p < parts; ++p) {
    rd_kafka_resp_err_t part_err = answers[p].get();
    if (!err || (leader_moving(err) && part_err && !leader_moving(part_err))) err = part_err;
    for (int i = 0; i < lists[p]->cnt; ++i) copy_answer(lists[p]->elems[i], asked);
    rd_kafka_topic_partition_list_destroy(lists[p]);
  }
  return err;
}

using ConfigsByName = std::map<std::string, std::map<std::string, std::string>>;

void add_entries(const rd_kafka_ConfigResource_t* resource, bool dynamic_only,
                 std::map<std::string, std::string>& into) {
  std::size_t entries = 0;
  const auto** configs = rd_kafka_ConfigResource_configs(resource, &entries);
  for (std::size_t k = 0; k < entries; ++k) {
    if (dynamic_only &&
        rd_kafka_ConfigEntry_source(configs[k]) != RD_KAFKA_CONFIG_SOURCE_DYNAMIC_TOPIC_CONFIG) {
      continue;
    }
    const char* value = rd_kafka_ConfigEntry_value(configs[k]);
    into[rd_kafka_ConfigEntry_name(configs[k])] = value ? value : "";
  }
}

// Adds one DescribeConfigs answer to `out`. A topic the broker no longer knows (deleted since
// the metadata read) is left out rather than failing the read.
Result<bool> add_described(rd_kafka_event_t* event, bool dynamic_only, ConfigsByName& out) {
  const auto* result = rd_kafka_event_DescribeConfigs_result(event);
  std::size_t count = 0;
  const auto** described = rd_kafka_DescribeConfigs_result_resources(result, &count);
  for (std::size_t i = 0; i < count; ++i) {
    std::string name = rd_kafka_ConfigResource_name(described[i]);
    rd_kafka_resp_err_t err = rd_kafka_ConfigResource_error(described[i]);
    if (err == RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART) continue;
    if (err) {
      return Error{fmt::format("describe configs of '{}': {}", name,
                               rd_kafka_ConfigResource_error_string(described[i]))};
    }
    add_entries(described[i], dynamic_only, out[name]);
  }
  return true;
}

// How a DescribeConfigs read is made: its timeout, whether only dynamic entries are kept, and
// the counter its requests count in.
struct DescribeHow {
  int timeout_ms;
  bool dynamic_only;
  int* counter;
};

// DescribeConfigs for `names`: every request is sent before the first answer is awaited.
Result<ConfigsByName> describe(KafkaAdmin::Handle& handle, rd_kafka_ResourceType_t type,
                               const std::vector<std::string>& names, const DescribeHow& how) {
  admin_request::Batch batch(
      handle, {RD_KAFKA_ADMIN_OP_DESCRIBECONFIGS, "describe configs", how.timeout_ms, how.counter});
  std::size_t batches = request_parts(names.size());
  for (std::size_t b = 0; b < batches; ++b) {
    std::vector<rd_kafka_ConfigResource_t*> resources;
    for (std::size_t i = b * names.size() / batches; i < (b + 1) * names.size() / batches; ++i) {
      resources.push_back(rd_kafka_ConfigResource_new(type, names[i].c_str()));
    }
    batch.send([&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
      rd_kafka_DescribeConfigs(handle.client, resources.data(), resources.size(), options, queue);
    });
    rd_kafka_ConfigResource_destroy_array(resources.data(), resources.size());
  }
  ConfigsByName out;
  for (std::size_t b = 0; b < batches; ++b) {
    auto answer = batch.next();
    if (!answer) return answer.error();
    if (auto added = add_described(answer->event.get(), how.dynamic_only, out); !added) {
      return added.error();
    }
  }
  return out;
}

// Every topic that metadata shows led; partitions and replication factor only.
std::map<std::string, ClusterTopic> listed_topics(const struct rd_kafka_metadata* metadata) {
  std::map<std::string, ClusterTopic> out;
  for (int i = 0; i < metadata->topic_cnt; ++i) {
    const auto& t = metadata->topics[i];
    if (t.err) continue;  // a topic being deleted or not yet led: not there for planning
    ClusterTopic topic;
    topic.name = t.topic;
    topic.partitions = t.partition_cnt;
    topic.replication_factor = t.partition_cnt > 0 ? t.partitions[0].replica_cnt : 0;
    topic.internal = topic.name.starts_with("__");
    out[topic.name] = topic;
  }
  return out;
}

// The partitions of the `.dead` topics whose messages a plan reports: managed ones, and those
// of managed sources.
std::vector<KafkaAdmin::Partition> dead_partitions(const ClusterState& state,
                                                   const std::set<std::string>& managed) {
  std::vector<KafkaAdmin::Partition> out;
  for (const auto& [name, topic] : state.topics) {
    if (!is_dead_letter_name(name)) continue;
    if (!managed.count(name) && !managed.count(std::string(dead_letter_source(name)))) continue;
    for (std::int32_t p = 0; p < topic.partitions; ++p) out.emplace_back(name, p);
  }
  return out;
}

}  // namespace

Result<ClusterState> KafkaAdmin::read(const ReadRequest& request) {
  const std::vector<std::string>& managed = request.managed;
  rd_kafka_t* client = m_handle->client;
  ++m_requests.metadata;
  auto metadata =
      admin_request::fetch_metadata(*m_handle, true, m_timeout_ms, "read cluster metadata");
  if (!metadata) return Error{explain(metadata.error().message)};
  ClusterState state;
  state.brokers = (*metadata)->broker_cnt;
  std::string broker_id =
      (*metadata)->broker_cnt > 0 ? std::to_string((*metadata)->brokers[0].id) : "";
  state.topics = listed_topics(metadata->get());
  // The id came with the metadata just read: this asks no broker.
  if (char* id = rd_kafka_clusterid(client, m_timeout_ms)) {
    state.cluster_id = id;
    rd_kafka_mem_free(client, id);
  }
  std::set<std::string> wanted(managed.begin(), managed.end());
  for (const auto& [name, topic] : state.topics) {
    if (request.every_topic && !topic.internal) wanted.insert(name);
  }
  // The dead topics' offsets are asked first and read last: the broker answers them meanwhile.
  std::unique_ptr<PendingOffsets> ends;
  if (auto dead = dead_partitions(state, wanted); request.dead_messages && !dead.empty()) {
    auto started = start_list_offsets(dead, kLatest);
    if (!started) return started.error();
    ends = std::move(*started);
  }
  if (auto read = read_configs_groups_acls(state, request, wanted, broker_id); !read) {
    return read.error();
  }
  if (!ends) return state;
  auto first_round = finish_list_offsets(*ends);
  if (!first_round) return first_round.error();
  // Right after a large create a leader answers for a partition only once it has written its log:
  // such partitions are asked again within --timeout, so a message there is counted, not missed.
  auto latest = settled_offsets(std::move(*first_round), kLatest);
  if (!latest) return latest.error();
  auto counts = message_counts(*latest);
  if (!counts) return counts.error();
  for (const auto& [topic, count] : *counts) {
    if (count == kGoneTopic) {
      state.topics.erase(topic);  // deleted since the metadata read: gone for planning
    } else {
      state.dead_messages[topic] = count;
    }
  }
  return state;
}

Result<bool> KafkaAdmin::read_configs_groups_acls(ClusterState& state, const ReadRequest& request,
                                                  const std::set<std::string>& wanted,
                                                  const std::string& broker_id) {
  if (auto read = read_topic_configs(state, wanted); !read) return read.error();
  // The broker's configs are read by the read-back too: a derived `.dead`'s message limit follows
  // its message.max.bytes, and the read-back must compare with the value the plan wrote.
  if (auto read = read_broker_configs(state, broker_id); !read) return read.error();
  if (request.context) {
    auto groups = group_reads();
    if (!groups) return groups.error();
    state.readers = std::move(groups->readers);
    state.undescribed_groups = std::move(groups->undescribed);
  }
  if (request.acls) {
    if (auto read = read_acls(state, request); !read) return read.error();
  }
  if (request.committed_groups) {
    auto committed = groups_with_offsets();
    if (!committed) return committed.error();
    state.committed_groups = std::move(*committed);
  }
  return true;
}

// Metadata and DescribeConfigs may be answered by different brokers, and one behind the others
// does not know topics another lists: on three brokers right after a 10,000-topic create, one
// broker's DescribeConfigs did not know 2,429 topics that another's metadata listed, and a third
// listed 7,713 of the 10,000. So a topic that DescribeConfigs does not know is described again
// while fresh metadata still lists it, until --timeout, then the read fails. One that fresh
// metadata no longer lists counts as gone (deleted meanwhile, or that broker is behind too: a
// create of it then finds it exists, and the engine plans it again).
Result<bool> KafkaAdmin::read_topic_configs(ClusterState& state,
                                            const std::set<std::string>& managed) {
  std::vector<std::string> present;
  for (const auto& [name, topic] : state.topics) {
    if (managed.count(name)) present.push_back(name);
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(m_timeout_ms);
  for (int pause_ms = 100; !present.empty(); pause_ms = std::min(pause_ms * 2, 1000)) {
    auto unknown = describe_topics(state, present);
    if (!unknown) return unknown.error();
    if (unknown->empty()) return true;
    if (std::chrono::steady_clock::now() >= deadline) {
      return Error{fmt::format(
          "{} topic(s) (first: '{}') are listed by the cluster's metadata but unknown to the "
          "broker that describes configs, after {} s: a broker is behind the others (as after a "
          "large create); try again once it has caught up",
          unknown->size(), unknown->front(), m_timeout_ms / 1000)};
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
    auto listed = still_listed(*unknown);
    if (!listed) return listed.error();
    std::set<std::string> still(listed->begin(), listed->end());
    for (const auto& name : *unknown) {
      if (!still.count(name)) state.topics.erase(name);  // deleted since the first read
    }
    present = std::move(*listed);
  }
  return true;
}

// DescribeConfigs of `names` into `state`; the names it did not know.
Result<std::vector<std::string>> KafkaAdmin::describe_topics(
    ClusterState& state, const std::vector<std::string>& names) {
  auto configs = describe(*m_handle, RD_KAFKA_RESOURCE_TOPIC, names,
                          {m_timeout_ms, true, &m_requests.describe_configs});
  if (!configs) return configs.error();
  std::vector<std::string> unknown;
  for (const auto& name : names) {
    auto found = configs->find(name);
    if (found == configs->end()) {
      unknown.push_back(name);
      continue;
    }
    state.topics[name].configs = std::move(found->second);
    state.topics[name].configs_known = true;
  }
  return unknown;
}

// Which of `names` a fresh full metadata read lists.
Result<std::vector<std::string>> KafkaAdmin::still_listed(const std::vector<std::string>& names) {
  ++m_requests.metadata;
  auto metadata =
      admin_request::fetch_metadata(*m_handle, true, m_timeout_ms, "read cluster metadata");
  if (!metadata) return Error{explain(metadata.error().message)};
  auto listed = listed_topics(metadata->get());
  std::vector<std::string> out;
  for (const auto& name : names) {
    if (listed.count(name)) out.push_back(name);
  }
  return out;
}

Result<bool> KafkaAdmin::read_broker_configs(ClusterState& state, const std::string& broker_id) {
  if (broker_id.empty()) return true;
  auto broker = describe(*m_handle, RD_KAFKA_RESOURCE_BROKER, {broker_id},
                         {m_timeout_ms, false, &m_requests.describe_configs});
  if (!broker) return broker.error();
  auto& values = (*broker)[broker_id];
  if (auto it = values.find("auto.create.topics.enable"); it != values.end()) {
    state.auto_create_topics = it->second == "true";
  }
  if (auto it = values.find("offsets.retention.minutes"); it != values.end()) {
    if (auto minutes = parse_integer(it->second)) state.offsets_retention_ms = *minutes * 60'000;
  }
  if (auto it = values.find("message.max.bytes"); it != values.end()) {
    state.message_max_bytes = parse_integer(it->second);
  }
  state.topic_defaults = topic_defaults_of_broker(values);
  return true;
}

Result<std::map<std::string, std::int64_t>> KafkaAdmin::message_counts(
    const PartitionOffsets& latest) {
  std::map<std::string, std::int64_t> counts;
  // A partition whose next offset is 0 never held a message: only the others need their
  // earliest offset, so a cluster of empty dead topics costs one round.
  std::vector<Partition> written;
  for (const auto& [partition, end] : latest) {
    if (end > 0) written.push_back(partition);
  }
  PartitionOffsets earliest;
  if (!written.empty()) {
    auto read = answered_offsets(written, kEarliest);
    if (!read) return read.error();
    earliest = std::move(*read);
  }
  for (const auto& [partition, end] : latest) {
    auto start = earliest.find(partition);
    std::int64_t first = end == 0 ? 0 : start == earliest.end() ? kUncounted : start->second;
    std::int64_t& count = counts[partition.first];
    if (count < 0) continue;  // already gone or uncounted
    if (end == kGoneTopic || first == kGoneTopic) {
      count = kGoneTopic;
    } else if (end == kUncounted || first == kUncounted) {
      count = kUncounted;
    } else {
      count += end - first;
    }
  }
  return counts;
}

// One ListOffsets round running on a thread of its own: the broker answers it while the
// configs are read. Destroying it waits for the round, which is bounded by the request timeout.
struct KafkaAdmin::PendingOffsets {
  rd_kafka_topic_partition_list_t* partitions = nullptr;
  std::chrono::steady_clock::time_point sent;
  std::future<rd_kafka_resp_err_t> answer;

  ~PendingOffsets() {
    if (answer.valid()) answer.wait();
    rd_kafka_topic_partition_list_destroy(partitions);
  }
};

Result<std::unique_ptr<KafkaAdmin::PendingOffsets>> KafkaAdmin::start_list_offsets(
    const std::vector<Partition>& wanted, std::int64_t which) {
  auto pending = std::make_unique<PendingOffsets>();
  pending->partitions = rd_kafka_topic_partition_list_new(static_cast<int>(wanted.size()));
  for (const auto& [topic, p] : wanted) {
    rd_kafka_topic_partition_list_add(pending->partitions, topic.c_str(), p)->offset = which;
  }
  // Counted here, not by the request helper: the parts run on threads of their own (and on
  // librdkafka 2.0.2 as offsets_for_times, which is no admin request).
  m_requests.offsets += static_cast<int>(request_parts(wanted.size()));
  if (auto answering = m_handle->still_answering("read the offsets of dead topics"); !answering) {
    return answering.error();
  }
  pending->sent = std::chrono::steady_clock::now();
  pending->answer = std::async(std::launch::async, query_offsets_in_parts, m_handle->client,
                               pending->partitions, m_timeout_ms);
  return pending;
}

Result<KafkaAdmin::PartitionOffsets> KafkaAdmin::finish_list_offsets(PendingOffsets& pending) {
  rd_kafka_resp_err_t err = pending.answer.get();
  m_handle->note(err, pending.sent);
  // A leader still loading a topic created moments ago answers NOT_LEADER, or does not know the
  // topic yet: such partitions come back kUncounted, for the caller to ask again
  // (settled_offsets) or to hold back a delete of them.
  auto out = offsets_of_answer(err, *pending.partitions);
  if (!out) {
    return Error{explain(fmt::format("read the offsets of dead topics: {}", out.error().message))};
  }
  return out;
}

Result<KafkaAdmin::PartitionOffsets> KafkaAdmin::list_offsets(const std::vector<Partition>& wanted,
                                                              std::int64_t which) {
  auto pending = start_list_offsets(wanted, which);
  if (!pending) return pending.error();
  return finish_list_offsets(**pending);
}

}  // namespace topicform
