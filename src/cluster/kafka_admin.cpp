// librdkafka's C Admin API wrapped so that nothing above this file sees rd_kafka_* types or codes.
#include "cluster/kafka_admin.hpp"

#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <set>
#include <string_view>
#include <thread>

#include <fmt/format.h>

#include "cluster/admin_request.hpp"

namespace topicform {
namespace admin_request {

Result<Event> await_result(rd_kafka_queue_t* queue, int wait_ms, std::string_view what) {
  Event event{rd_kafka_queue_poll(queue, wait_ms)};
  if (!event) return Error{fmt::format("{}: no answer in time", what)};
  if (rd_kafka_event_error(event.get())) {
    return Error{fmt::format("{}: {}", what, rd_kafka_event_error_string(event.get()))};
  }
  return Result<Event>(std::move(event));
}

}  // namespace admin_request

namespace {

using admin_request::await_result;
using admin_request::Event;
using admin_request::Options;
using admin_request::Queue;

Result<ClientProperties> connect_config(rd_kafka_conf_t* conf, const KafkaOptions& options) {
  ClientProperties all = options.properties;
  if (!options.bootstrap_servers.empty()) all["bootstrap.servers"] = options.bootstrap_servers;
  // A metadata lookup of a missing topic must never create it on brokers that auto-create.
  all["allow.auto.create.topics"] = "false";
  char error[512];
  for (const auto& [key, value] : all) {
    if (rd_kafka_conf_set(conf, key.c_str(), value.c_str(), error, sizeof error) !=
        RD_KAFKA_CONF_OK) {
      // The value is not repeated: it may be a secret.
      return Error{fmt::format("client property '{}': {}", key, error)};
    }
  }
  return all;
}

Result<std::map<std::string, std::map<std::string, std::string>>> describe(
    rd_kafka_t* client, rd_kafka_ResourceType_t type, const std::vector<std::string>& names,
    int timeout_ms, bool dynamic_only) {
  std::vector<rd_kafka_ConfigResource_t*> resources;
  for (const auto& name : names)
    resources.push_back(rd_kafka_ConfigResource_new(type, name.c_str()));
  Options options{
      admin_request::read_options(client, RD_KAFKA_ADMIN_OP_DESCRIBECONFIGS, timeout_ms)};
  Queue queue(client);
  rd_kafka_DescribeConfigs(client, resources.data(), resources.size(), options.o, queue.q);
  rd_kafka_ConfigResource_destroy_array(resources.data(), resources.size());
  auto event = await_result(queue.q, timeout_ms + 5'000, "describe configs");
  if (!event) return event.error();
  const auto* result = rd_kafka_event_DescribeConfigs_result(event->get());
  std::size_t count = 0;
  const auto** described = rd_kafka_DescribeConfigs_result_resources(result, &count);
  std::map<std::string, std::map<std::string, std::string>> out;
  for (std::size_t i = 0; i < count; ++i) {
    std::string name = rd_kafka_ConfigResource_name(described[i]);
    if (rd_kafka_ConfigResource_error(described[i])) {
      return Error{fmt::format("describe configs of '{}': {}", name,
                               rd_kafka_ConfigResource_error_string(described[i]))};
    }
    std::size_t entries = 0;
    const auto** configs = rd_kafka_ConfigResource_configs(described[i], &entries);
    auto& into = out[name];
    for (std::size_t k = 0; k < entries; ++k) {
      if (dynamic_only &&
          rd_kafka_ConfigEntry_source(configs[k]) != RD_KAFKA_CONFIG_SOURCE_DYNAMIC_TOPIC_CONFIG) {
        continue;
      }
      const char* value = rd_kafka_ConfigEntry_value(configs[k]);
      into[rd_kafka_ConfigEntry_name(configs[k])] = value ? value : "";
    }
  }
  return out;
}

// Options for a write: a positive operation timeout (Kafka 4 times out at once on 0) and a
// larger request timeout.
rd_kafka_AdminOptions_t* write_options(rd_kafka_t* client, rd_kafka_admin_op_t op, int timeout_ms,
                                       bool validate_only) {
  rd_kafka_AdminOptions_t* options = rd_kafka_AdminOptions_new(client, op);
  char error[512];
  rd_kafka_AdminOptions_set_operation_timeout(options, timeout_ms, error, sizeof error);
  rd_kafka_AdminOptions_set_request_timeout(options, timeout_ms + 5'000, error, sizeof error);
  if (validate_only) rd_kafka_AdminOptions_set_validate_only(options, 1, error, sizeof error);
  return options;
}

// Errors the broker reports for one topic that a later try can clear: a controller or leader
// moving, a request timing out inside the cluster, a quota.
bool transient(rd_kafka_resp_err_t err) {
  switch (err) {
    case RD_KAFKA_RESP_ERR_REQUEST_TIMED_OUT:
    case RD_KAFKA_RESP_ERR_NOT_CONTROLLER:
    case RD_KAFKA_RESP_ERR_LEADER_NOT_AVAILABLE:
    case RD_KAFKA_RESP_ERR_NOT_LEADER_FOR_PARTITION:
    case RD_KAFKA_RESP_ERR_NETWORK_EXCEPTION:
    case RD_KAFKA_RESP_ERR_NOT_ENOUGH_REPLICAS:
    case RD_KAFKA_RESP_ERR_KAFKA_STORAGE_ERROR:
    case RD_KAFKA_RESP_ERR_THROTTLING_QUOTA_EXCEEDED:
    case RD_KAFKA_RESP_ERR__TIMED_OUT:
    case RD_KAFKA_RESP_ERR__TRANSPORT:
      return true;
    default:
      return false;
  }
}

// Polls the queue for the one result event and turns per-topic results into outcomes.
// `done_when` is the per-topic error that means the work is already done (a concurrent run).
template <class GetResult, class GetTopics>
Result<std::vector<TopicOutcome>> topic_results(rd_kafka_queue_t* queue, int timeout_ms,
                                                const char* what, GetResult get_result,
                                                GetTopics get_topics,
                                                rd_kafka_resp_err_t done_when) {
  auto event = await_result(queue, timeout_ms + 10'000, what);
  if (!event) return event.error();
  std::size_t count = 0;
  const rd_kafka_topic_result_t** topics = get_topics(get_result(event->get()), &count);
  std::vector<TopicOutcome> out;
  for (std::size_t i = 0; i < count; ++i) {
    TopicOutcome outcome;
    outcome.topic = rd_kafka_topic_result_name(topics[i]);
    rd_kafka_resp_err_t err = rd_kafka_topic_result_error(topics[i]);
    if (err && err == done_when) {
      outcome.already_done = true;  // a concurrent run did it: the re-read will compare
    } else if (err) {
      outcome.ok = false;
      outcome.retriable = transient(err);
      const char* message = rd_kafka_topic_result_error_string(topics[i]);
      outcome.error = message && *message ? message : rd_kafka_err2str(err);
    }
    out.push_back(std::move(outcome));
  }
  return out;
}

// KRaft controllers refuse one operation that writes too many metadata records ("Unable to
// perform excessively large batch operation", 10,000 records); batches stay below that. Larger
// requests are better: on a single small test broker, topics of later CreateTopics batches got
// leaders only as fast as the broker created partition logs (350-450 a second), while one
// request's topics showed leaders at once.
constexpr std::size_t kMaxRecordsPerRequest = 9'000;

// Splits `items` into runs whose summed `cost` stays within kMaxRecordsPerRequest.
template <class T, class Cost>
std::vector<std::vector<T>> chunks(const std::vector<T>& items, Cost cost) {
  std::vector<std::vector<T>> out(1);
  std::size_t used = 0;
  for (const auto& item : items) {
    std::size_t c = cost(item);
    if (!out.back().empty() && used + c > kMaxRecordsPerRequest) {
      out.emplace_back();
      used = 0;
    }
    out.back().push_back(item);
    used += c;
  }
  return out;
}

// Sends each chunk in turn and joins the outcomes; a request-level error stops the rest.
template <class T, class Send>
Result<std::vector<TopicOutcome>> in_chunks(const std::vector<std::vector<T>>& parts, Send send) {
  std::vector<TopicOutcome> all;
  for (const auto& part : parts) {
    auto outcome = send(part);
    if (!outcome) return outcome.error();
    all.insert(all.end(), outcome->begin(), outcome->end());
  }
  return all;
}

void on_error(rd_kafka_t*, int err, const char* reason, void* opaque) {
  // "1/1 brokers are down" follows every specific failure and would hide it.
  if (err == RD_KAFKA_RESP_ERR__ALL_BROKERS_DOWN || !reason) return;
  static_cast<KafkaAdmin::Handle*>(opaque)->last_error = reason;
}

}  // namespace

std::string format_request_counts(const RequestCounter& sent, const std::string& writes) {
  return fmt::format("requests: {} metadata, {} describe-configs, {} consumer-groups, {} {}",
                     sent.metadata, sent.describe_configs, sent.groups, sent.writes, writes);
}

std::string KafkaAdmin::explain(const std::string& failure) {
  rd_kafka_poll(m_handle->client, 0);  // serves the error callback
  std::string out = failure;
  const std::string& cause = m_handle->last_error;
  if (!cause.empty()) out += fmt::format(" ({})", cause);
  // librdkafka before 2.6.1 cannot complete SCRAM with Kafka 4 brokers (librdkafka#4895);
  // Debian 12 ships 2.0.2, so say so instead of leaving "invalid credentials" unexplained.
  bool scram = m_handle->sasl_mechanism.rfind("SCRAM", 0) == 0;
  if (scram && rd_kafka_version() < 0x020601ff &&
      cause.find("SASL authentication error") != std::string::npos) {
    out += fmt::format(
        "; note: librdkafka {} cannot authenticate with SCRAM against Kafka 4 brokers (fixed in "
        "2.6.1): use SASL PLAIN over TLS, or a newer librdkafka",
        rd_kafka_version_str());
  }
  return out;
}

KafkaAdmin::KafkaAdmin(std::unique_ptr<Handle> handle, int timeout_ms)
    : m_handle(std::move(handle)), m_timeout_ms(timeout_ms) {}

KafkaAdmin::~KafkaAdmin() = default;

Result<std::unique_ptr<KafkaAdmin>> KafkaAdmin::connect(const KafkaOptions& options) {
  rd_kafka_conf_t* conf = rd_kafka_conf_new();
  auto configured = connect_config(conf, options);
  if (!configured) {
    rd_kafka_conf_destroy(conf);
    return configured.error();
  }
  // librdkafka's own log lines (connection retries) would bury the one error that matters;
  // failures come back as results and are reported once, in words.
  if (!configured->count("debug")) rd_kafka_conf_set_log_cb(conf, nullptr);
  auto handle = std::make_unique<Handle>();
  if (auto it = configured->find("sasl.mechanism"); it != configured->end()) {
    handle->sasl_mechanism = it->second;
  } else if (auto alias = configured->find("sasl.mechanisms"); alias != configured->end()) {
    handle->sasl_mechanism = alias->second;
  }
  rd_kafka_conf_set_error_cb(conf, on_error);
  rd_kafka_conf_set_opaque(conf, handle.get());
  char error[512];
  rd_kafka_t* client = rd_kafka_new(RD_KAFKA_PRODUCER, conf, error, sizeof error);
  if (!client) {
    rd_kafka_conf_destroy(conf);
    return Error{fmt::format("cannot create the Kafka client: {}", error)};
  }
  handle->client = client;
  return std::unique_ptr<KafkaAdmin>(new KafkaAdmin(std::move(handle), options.timeout_ms));
}

Result<ClusterState> KafkaAdmin::read(const std::vector<std::string>& managed) {
  rd_kafka_t* client = m_handle->client;
  const struct rd_kafka_metadata* metadata = nullptr;
  ++m_requests.metadata;
  rd_kafka_resp_err_t err = rd_kafka_metadata(client, 1, nullptr, &metadata, m_timeout_ms);
  if (err) return Error{explain(fmt::format("read cluster metadata: {}", rd_kafka_err2str(err)))};
  ClusterState state;
  state.brokers = metadata->broker_cnt;
  std::string broker_id = metadata->broker_cnt > 0 ? std::to_string(metadata->brokers[0].id) : "";
  for (int i = 0; i < metadata->topic_cnt; ++i) {
    const auto& t = metadata->topics[i];
    if (t.err) continue;  // a topic being deleted or not yet led: not there for planning
    ClusterTopic topic;
    topic.name = t.topic;
    topic.partitions = t.partition_cnt;
    topic.replication_factor = t.partition_cnt > 0 ? t.partitions[0].replica_cnt : 0;
    topic.internal = topic.name.starts_with("__");
    state.topics[topic.name] = topic;
  }
  rd_kafka_metadata_destroy(metadata);
  char* id = rd_kafka_clusterid(client, m_timeout_ms);
  if (id) {
    state.cluster_id = id;
    rd_kafka_mem_free(client, id);
  }
  std::vector<std::string> present;
  std::set<std::string> wanted(managed.begin(), managed.end());
  for (const auto& [name, topic] : state.topics) {
    if (wanted.count(name)) present.push_back(name);
  }
  if (!present.empty()) {
    ++m_requests.describe_configs;
    auto configs = describe(client, RD_KAFKA_RESOURCE_TOPIC, present, m_timeout_ms, true);
    if (!configs) return configs.error();
    for (auto& [name, values] : *configs) {
      state.topics[name].configs = std::move(values);
      state.topics[name].configs_known = true;
    }
  }
  if (!broker_id.empty()) {
    ++m_requests.describe_configs;
    auto broker = describe(client, RD_KAFKA_RESOURCE_BROKER, {broker_id}, m_timeout_ms, false);
    if (!broker) return broker.error();
    auto& values = (*broker)[broker_id];
    if (auto it = values.find("auto.create.topics.enable"); it != values.end()) {
      state.auto_create_topics = it->second == "true";
    }
  }
  auto readers = active_readers();
  if (!readers) return readers.error();
  state.readers = std::move(*readers);
  return state;
}

Result<std::vector<TopicOutcome>> KafkaAdmin::create_topics(const std::vector<CreateTopic>& topics,
                                                            bool validate_only) {
  auto parts = chunks(topics, [](const CreateTopic& t) {
    return 1 + static_cast<std::size_t>(t.partitions) + t.configs.size();
  });
  if (parts.size() > 1) {
    return in_chunks(parts, [&](const auto& part) { return create_topics(part, validate_only); });
  }
  rd_kafka_t* client = m_handle->client;
  std::vector<rd_kafka_NewTopic_t*> requests;
  char error[512];
  for (const auto& topic : topics) {
    rd_kafka_NewTopic_t* t =
        rd_kafka_NewTopic_new(topic.name.c_str(), static_cast<int>(topic.partitions),
                              static_cast<int>(topic.replication_factor), error, sizeof error);
    if (!t) {
      rd_kafka_NewTopic_destroy_array(requests.data(), requests.size());
      return Error{fmt::format("create '{}': {}", topic.name, error)};
    }
    for (const auto& [key, value] : topic.configs) {
      rd_kafka_NewTopic_set_config(t, key.c_str(), value.c_str());
    }
    requests.push_back(t);
  }
  Options options{
      write_options(client, RD_KAFKA_ADMIN_OP_CREATETOPICS, m_timeout_ms, validate_only)};
  Queue queue(client);
  ++m_requests.writes;
  rd_kafka_CreateTopics(client, requests.data(), requests.size(), options.o, queue.q);
  rd_kafka_NewTopic_destroy_array(requests.data(), requests.size());
  return topic_results(queue.q, m_timeout_ms, "create topics", rd_kafka_event_CreateTopics_result,
                       rd_kafka_CreateTopics_result_topics, RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS);
}

Result<std::vector<TopicOutcome>> KafkaAdmin::add_partitions(
    const std::vector<AddPartitions>& changes, bool validate_only) {
  auto parts = chunks(changes, [](const AddPartitions& c) {
    return static_cast<std::size_t>(std::max<std::int64_t>(1, c.to - c.from));
  });
  if (parts.size() > 1) {
    return in_chunks(parts, [&](const auto& part) { return add_partitions(part, validate_only); });
  }
  rd_kafka_t* client = m_handle->client;
  std::vector<rd_kafka_NewPartitions_t*> requests;
  char error[512];
  for (const auto& change : changes) {
    requests.push_back(rd_kafka_NewPartitions_new(
        change.name.c_str(), static_cast<std::size_t>(change.to), error, sizeof error));
  }
  Options options{
      write_options(client, RD_KAFKA_ADMIN_OP_CREATEPARTITIONS, m_timeout_ms, validate_only)};
  Queue queue(client);
  ++m_requests.writes;
  rd_kafka_CreatePartitions(client, requests.data(), requests.size(), options.o, queue.q);
  rd_kafka_NewPartitions_destroy_array(requests.data(), requests.size());
  return topic_results(queue.q, m_timeout_ms, "add partitions",
                       rd_kafka_event_CreatePartitions_result,
                       rd_kafka_CreatePartitions_result_topics, RD_KAFKA_RESP_ERR_NO_ERROR);
}

Result<std::vector<TopicOutcome>> KafkaAdmin::alter_configs(const std::vector<AlterConfig>& changes,
                                                            bool validate_only) {
  auto parts = chunks(changes, [](const AlterConfig& c) { return 1 + c.desired.size(); });
  if (parts.size() > 1) {
    return in_chunks(parts, [&](const auto& part) { return alter_configs(part, validate_only); });
  }
  rd_kafka_t* client = m_handle->client;
  std::vector<rd_kafka_ConfigResource_t*> resources;
  for (const auto& change : changes) {
    auto* resource = rd_kafka_ConfigResource_new(RD_KAFKA_RESOURCE_TOPIC, change.name.c_str());
    // AlterConfigs replaces the whole set of dynamic configs: send every desired one.
    for (const auto& [key, value] : change.desired) {
      rd_kafka_ConfigResource_set_config(resource, key.c_str(), value.c_str());
    }
    resources.push_back(resource);
  }
  Options options{
      write_options(client, RD_KAFKA_ADMIN_OP_ALTERCONFIGS, m_timeout_ms, validate_only)};
  Queue queue(client);
  ++m_requests.writes;
  rd_kafka_AlterConfigs(client, resources.data(), resources.size(), options.o, queue.q);
  rd_kafka_ConfigResource_destroy_array(resources.data(), resources.size());
  auto event = await_result(queue.q, m_timeout_ms + 10'000, "alter configs");
  if (!event) return event.error();
  std::size_t count = 0;
  const auto** results = rd_kafka_AlterConfigs_result_resources(
      rd_kafka_event_AlterConfigs_result(event->get()), &count);
  std::vector<TopicOutcome> out;
  for (std::size_t i = 0; i < count; ++i) {
    TopicOutcome outcome;
    outcome.topic = rd_kafka_ConfigResource_name(results[i]);
    if (rd_kafka_resp_err_t err = rd_kafka_ConfigResource_error(results[i])) {
      outcome.ok = false;
      outcome.retriable = transient(err);
      outcome.error = rd_kafka_ConfigResource_error_string(results[i]);
    }
    out.push_back(std::move(outcome));
  }
  return out;
}

Result<std::vector<TopicOutcome>> KafkaAdmin::delete_topics(
    const std::vector<DeleteTopic>& topics) {
  auto parts = chunks(topics, [](const DeleteTopic&) { return std::size_t{10}; });
  if (parts.size() > 1) {
    return in_chunks(parts, [&](const auto& part) { return delete_topics(part); });
  }
  rd_kafka_t* client = m_handle->client;
  std::vector<rd_kafka_DeleteTopic_t*> requests;
  for (const auto& topic : topics) requests.push_back(rd_kafka_DeleteTopic_new(topic.name.c_str()));
  Options options{write_options(client, RD_KAFKA_ADMIN_OP_DELETETOPICS, m_timeout_ms, false)};
  Queue queue(client);
  ++m_requests.writes;
  rd_kafka_DeleteTopics(client, requests.data(), requests.size(), options.o, queue.q);
  rd_kafka_DeleteTopic_destroy_array(requests.data(), requests.size());
  return topic_results(queue.q, m_timeout_ms, "delete topics", rd_kafka_event_DeleteTopics_result,
                       rd_kafka_DeleteTopics_result_topics,
                       RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART);
}

Result<std::map<std::string, std::int64_t>> KafkaAdmin::message_counts(
    const std::vector<std::string>& topics) {
  std::map<std::string, std::int64_t> counts;
  for (const auto& topic : topics) {
    rd_kafka_topic_t* handle = rd_kafka_topic_new(m_handle->client, topic.c_str(), nullptr);
    const struct rd_kafka_metadata* metadata = nullptr;
    ++m_requests.metadata;
    rd_kafka_resp_err_t err =
        rd_kafka_metadata(m_handle->client, 0, handle, &metadata, m_timeout_ms);
    rd_kafka_topic_destroy(handle);
    if (err) return Error{fmt::format("read metadata of '{}': {}", topic, rd_kafka_err2str(err))};
    int partitions = metadata->topic_cnt == 1 ? metadata->topics[0].partition_cnt : 0;
    rd_kafka_metadata_destroy(metadata);
    std::int64_t total = 0;
    for (int p = 0; p < partitions; ++p) {
      std::int64_t low = 0;
      std::int64_t high = 0;
      err = rd_kafka_query_watermark_offsets(m_handle->client, topic.c_str(), p, &low, &high,
                                             m_timeout_ms);
      if (err) {
        return Error{fmt::format("read offsets of '{}': {}", topic, rd_kafka_err2str(err))};
      }
      total += high - low;
    }
    counts[topic] = total;
  }
  return counts;
}

Result<std::int64_t> KafkaAdmin::registered_brokers(int timeout_ms) {
  const struct rd_kafka_metadata* metadata = nullptr;
  ++m_requests.metadata;
  rd_kafka_resp_err_t err = rd_kafka_metadata(m_handle->client, 0, nullptr, &metadata, timeout_ms);
  if (err) return Error{explain(rd_kafka_err2str(err))};
  std::int64_t brokers = metadata->broker_cnt;
  rd_kafka_metadata_destroy(metadata);
  return brokers;
}

Result<bool> KafkaAdmin::wait_until_led(const std::map<std::string, std::int64_t>& partitions,
                                        int timeout_ms) {
  std::map<std::string, std::int64_t> waiting = partitions;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (true) {
    const struct rd_kafka_metadata* metadata = nullptr;
    ++m_requests.metadata;
    rd_kafka_resp_err_t err =
        rd_kafka_metadata(m_handle->client, 1, nullptr, &metadata, timeout_ms);
    if (!err) {
      for (int i = 0; i < metadata->topic_cnt; ++i) {
        const auto& t = metadata->topics[i];
        auto wanted = waiting.find(t.topic);
        if (t.err || wanted == waiting.end() || t.partition_cnt < wanted->second) continue;
        bool led = true;
        for (int p = 0; p < t.partition_cnt; ++p)
          led = led && t.partitions[p].leader >= 0 && !t.partitions[p].err;
        if (led) waiting.erase(t.topic);
      }
      rd_kafka_metadata_destroy(metadata);
    }
    if (waiting.empty()) return true;
    if (std::chrono::steady_clock::now() >= deadline) {
      return Error{
          fmt::format("{} created topic(s) have no leader for every partition after {} "
                      "ms (first: '{}')",
                      waiting.size(), timeout_ms, waiting.begin()->first)};
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

}  // namespace topicform
