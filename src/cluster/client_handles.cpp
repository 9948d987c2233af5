// Client handles beside the admin client: the same properties, one place that sets them.
#include "cluster/client_handles.hpp"

#include <fmt/format.h>

#include "cluster/bounded_close.hpp"
#include "cluster/rdkafka_log.hpp"
#include "log/log.hpp"

namespace topicform {

// librdkafka 2.8 now and then never finishes destroying a transactional producer after an
// aborted transaction: a broker thread keeps a reference and rd_kafka_destroy joins it for ever
// (seen once in about 180 replays a source refused, the producer's rdk:main thread in
// thrd_join). A client is closed once its work has ended (a transaction committed or aborted, a
// read finished), so a close gets a bound, past which topicform goes on without it, not hang.
constexpr std::chrono::seconds client_close_bound{15};

void close_client(rd_kafka_t* client, std::shared_ptr<const void> keep_alive) {
  bool producer = rd_kafka_type(client) == RD_KAFKA_PRODUCER;
  bool closed = finish_within(
      [client, keep_alive = std::move(keep_alive)] {
        if (rd_kafka_type(client) == RD_KAFKA_CONSUMER) rd_kafka_consumer_close(client);
        rd_kafka_destroy(client);
      },
      client_close_bound);
  if (!closed) {
    log_warn(fmt::format(
        "the Kafka client library did not finish closing a {} within {} s; topicform goes on "
        "without waiting for it",
        producer ? "producer" : "consumer", client_close_bound.count()));
  }
}

void ClientDeleter::operator()(rd_kafka_t* client) const { close_client(client); }

Result<ClientProperties> configure_client(rd_kafka_conf_t* conf, const KafkaOptions& options) {
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

namespace {

void note_delivery_error(rd_kafka_t*, const rd_kafka_message_t* message, void* opaque) {
  auto* errors = static_cast<DeliveryErrors*>(opaque);
  bool purged = message->err == RD_KAFKA_RESP_ERR__PURGE_QUEUE ||
                message->err == RD_KAFKA_RESP_ERR__PURGE_INFLIGHT;
  if (message->err && !purged && !errors->first) errors->first = message->err;
}

bool knows_property(const char* key, const char* value) {
  rd_kafka_conf_t* conf = rd_kafka_conf_new();
  char error[256];
  bool known = rd_kafka_conf_set(conf, key, value, error, sizeof error) == RD_KAFKA_CONF_OK;
  rd_kafka_conf_destroy(conf);
  return known;
}

}  // namespace

Result<Client> make_client(rd_kafka_type_t type, const KafkaOptions& options,
                           const ClientProperties& extra, DeliveryErrors* delivery_errors,
                           const ConfHook& hook) {
  KafkaOptions merged = options;
  for (const auto& [key, value] : extra) merged.properties[key] = value;
  if (delivery_errors) merged.properties["delivery.report.only.error"] = "true";
  rd_kafka_conf_t* conf = rd_kafka_conf_new();
  auto configured = configure_client(conf, merged);
  if (!configured) {
    rd_kafka_conf_destroy(conf);
    return configured.error();
  }
  route_rdkafka_logs(conf, configured->count("debug") > 0);
  if (delivery_errors) {
    rd_kafka_conf_set_opaque(conf, delivery_errors);
    rd_kafka_conf_set_dr_msg_cb(conf, note_delivery_error);
  }
  if (hook) hook(conf);
  char error[512];
  rd_kafka_t* client = rd_kafka_new(type, conf, error, sizeof error);
  if (!client) {
    rd_kafka_conf_destroy(conf);
    return Error{fmt::format("cannot create the Kafka client: {}", error)};
  }
  return Client(client);
}

ClientProperties steady_fetch_properties(const ClientProperties& user) {
  static const bool looks_again_soon = knows_property("fetch.queue.backoff.ms", "10");
  ClientProperties steady;
  if (looks_again_soon) {
    steady["fetch.queue.backoff.ms"] = "10";
  } else {
    steady["queued.min.messages"] = "1000000";
    steady["queued.max.messages.kbytes"] = "32768";
  }
  for (const auto& [key, value] : user) steady.erase(key);
  return steady;
}

std::string take_error(rd_kafka_error_t* error) {
  if (!error) return "";
  std::string text = rd_kafka_error_string(error);
  rd_kafka_error_destroy(error);
  return text;
}

std::vector<RecordHeader> headers_of(const rd_kafka_message_t* message) {
  std::vector<RecordHeader> out;
  rd_kafka_headers_t* headers = nullptr;
  if (rd_kafka_message_headers(message, &headers) != RD_KAFKA_RESP_ERR_NO_ERROR) return out;
  const char* name = nullptr;
  const void* value = nullptr;
  std::size_t size = 0;
  for (std::size_t i = 0; rd_kafka_header_get_all(headers, i, &name, &value, &size) == 0; ++i) {
    out.push_back({name, value ? std::string(static_cast<const char*>(value), size) : ""});
  }
  return out;
}

}  // namespace topicform
