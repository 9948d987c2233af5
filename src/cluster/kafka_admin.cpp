// librdkafka's C Admin API wrapped so that nothing above this file sees rd_kafka_* types or codes.
#include "cluster/kafka_admin.hpp"

#include <librdkafka/rdkafka.h>

#include <set>

#include <fmt/format.h>

namespace topicform {

struct KafkaAdmin::Handle {
  rd_kafka_t* client = nullptr;
  ~Handle() {
    if (client) rd_kafka_destroy(client);
  }
};

namespace {

// RAII for the admin objects of one request.
struct Queue {
  rd_kafka_queue_t* q;
  explicit Queue(rd_kafka_t* client) : q(rd_kafka_queue_new(client)) {}
  ~Queue() { rd_kafka_queue_destroy(q); }
};
struct Event {
  rd_kafka_event_t* e;
  ~Event() {
    if (e) rd_kafka_event_destroy(e);
  }
};
struct Options {
  rd_kafka_AdminOptions_t* o;
  ~Options() { rd_kafka_AdminOptions_destroy(o); }
};

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
  Options options{rd_kafka_AdminOptions_new(client, RD_KAFKA_ADMIN_OP_DESCRIBECONFIGS)};
  char error[512];
  rd_kafka_AdminOptions_set_request_timeout(options.o, timeout_ms, error, sizeof error);
  Queue queue(client);
  rd_kafka_DescribeConfigs(client, resources.data(), resources.size(), options.o, queue.q);
  rd_kafka_ConfigResource_destroy_array(resources.data(), resources.size());
  Event event{rd_kafka_queue_poll(queue.q, timeout_ms + 5'000)};
  if (!event.e) return Error{"describe configs: no answer in time"};
  if (rd_kafka_event_error(event.e)) {
    return Error{fmt::format("describe configs: {}", rd_kafka_event_error_string(event.e))};
  }
  const auto* result = rd_kafka_event_DescribeConfigs_result(event.e);
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

}  // namespace

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
  char error[512];
  rd_kafka_t* client = rd_kafka_new(RD_KAFKA_PRODUCER, conf, error, sizeof error);
  if (!client) {
    rd_kafka_conf_destroy(conf);
    return Error{fmt::format("cannot create the Kafka client: {}", error)};
  }
  auto handle = std::make_unique<Handle>();
  handle->client = client;
  return std::unique_ptr<KafkaAdmin>(new KafkaAdmin(std::move(handle), options.timeout_ms));
}

Result<ClusterState> KafkaAdmin::read(const std::vector<std::string>& managed) {
  rd_kafka_t* client = m_handle->client;
  const struct rd_kafka_metadata* metadata = nullptr;
  ++m_requests.metadata;
  rd_kafka_resp_err_t err = rd_kafka_metadata(client, 1, nullptr, &metadata, m_timeout_ms);
  if (err) return Error{fmt::format("read cluster metadata: {}", rd_kafka_err2str(err))};
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
  return state;
}

}  // namespace topicform
