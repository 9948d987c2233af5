// librdkafka's C Admin API wrapped so that nothing above the adapter sees rd_kafka_* types or
// codes: the client, its errors, broker counts and the wait for leaders (reads and writes live in
// cluster_read.cpp, topic_writes.cpp and consumer_groups.cpp).
#include "cluster/kafka_admin.hpp"
#include "cluster/rdkafka_log.hpp"

#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <set>
#include <string_view>
#include <thread>

#include <fmt/format.h>

#include "cluster/admin_request.hpp"
#include "cluster/client_handles.hpp"
#include "cluster/rdkafka_paths.hpp"
#include "log/log.hpp"

namespace topicform {
namespace admin_request {
namespace {

// "every bootstrap server of 127.0.0.1:1 (from --bootstrap-server) refused the connection ...".
std::string refused_text(const KafkaAdmin::Handle& handle) {
  std::string source =
      handle.bootstrap_source.empty() ? "" : fmt::format(" (from {})", handle.bootstrap_source);
  return fmt::format(
      "every bootstrap server of {}{} refused the connection: nothing listens there; check the "
      "address and that the brokers run (apply --wait-for-brokers waits for them to come up)",
      handle.bootstrap, source);
}

// At trace, each request: what it asked, how it ended and how long it took.
void trace_request(std::string_view what, std::chrono::steady_clock::time_point sent,
                   std::string_view ended) {
  if (!log_enabled(LogLevel::trace)) return;
  auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - sent)
          .count();
  log_at(LogLevel::trace, fmt::format("request: {}: {} in {} ms", what, ended, ms));
}

// Waits up to `wait_ms` for the next result event on `queue`, counting silence on `handle`.
Result<Event> await_watched(KafkaAdmin::Handle& handle, rd_kafka_queue_t* queue, int wait_ms,
                            const Request& request) {
  std::string_view what = request.what;
  if (auto answering = handle.still_answering(what); !answering) return answering.error();
  auto sent = std::chrono::steady_clock::now();  // the request went out just before this call
  Event event{rd_kafka_queue_poll(queue, wait_ms)};
  if (!event) {
    handle.note(RD_KAFKA_RESP_ERR__TIMED_OUT, sent);
    trace_request(what, sent, "no answer");
    return Error{fmt::format("{}: no answer in time", what)};
  }
  rd_kafka_resp_err_t err = rd_kafka_event_error(event.get());
  handle.note(err, sent);
  trace_request(what, sent, err ? rd_kafka_err2str(err) : "answered");
  return Result<Event>(std::move(event));
}

// Waits up to `wait_ms` for the next result event on `queue`, silence counted nowhere.
Result<Event> await_unwatched(rd_kafka_queue_t* queue, int wait_ms, const Request& request) {
  auto sent = std::chrono::steady_clock::now();
  Event event{rd_kafka_queue_poll(queue, wait_ms)};
  if (!event) {
    trace_request(request.what, sent, "no answer");
    return Error{fmt::format("{}: no answer in time", request.what)};
  }
  rd_kafka_resp_err_t err = rd_kafka_event_error(event.get());
  trace_request(request.what, sent, err ? rd_kafka_err2str(err) : "answered");
  return Result<Event>(std::move(event));
}

}  // namespace

rd_kafka_AdminOptions_t* options_for(rd_kafka_t* client, const Request& request) {
  rd_kafka_AdminOptions_t* options = rd_kafka_AdminOptions_new(client, request.op);
  char error[512];
  if (!request.writes) {
    rd_kafka_AdminOptions_set_request_timeout(options, request.timeout_ms, error, sizeof error);
    return options;
  }
  rd_kafka_AdminOptions_set_operation_timeout(options, request.timeout_ms, error, sizeof error);
  rd_kafka_AdminOptions_set_request_timeout(options, request.timeout_ms + 5'000, error,
                                            sizeof error);
  if (request.validate_only) {
    rd_kafka_AdminOptions_set_validate_only(options, 1, error, sizeof error);
  }
  return options;
}

Result<Batch::Answer> Batch::next() {
  int wait_ms = m_request.timeout_ms + m_request.grace_ms;
  auto event = m_watch ? await_watched(*m_watch, m_queue.q, wait_ms, m_request)
                       : await_unwatched(m_queue.q, wait_ms, m_request);
  if (!event) return event.error();
  rd_kafka_resp_err_t err = rd_kafka_event_error(event->get());
  if (err && err != m_request.answer && !m_request.errors_answer) {
    return Error{fmt::format("{}: {}", m_request.what, rd_kafka_event_error_string(event->get()))};
  }
  auto place = reinterpret_cast<std::size_t>(rd_kafka_event_opaque(event->get()));
  return Answer{place, std::move(*event)};
}

// Asked in slices of at most a second, so that a cluster whose every bootstrap server refuses
// the connection is reported at once rather than after --timeout.
Result<Metadata> fetch_metadata(KafkaAdmin::Handle& handle, bool all_topics, int timeout_ms,
                                std::string_view what) {
  if (auto answering = handle.still_answering(what); !answering) return answering.error();
  auto sent = std::chrono::steady_clock::now();
  auto deadline = sent + std::chrono::milliseconds(timeout_ms);
  // Refusals count from here (those not yet polled included): a broker that refused while it
  // started and was frozen later has not refused this read.
  handle.refused.clear();
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    int slice = static_cast<int>(std::clamp<std::int64_t>(left.count(), 1, 1'000));
    const struct rd_kafka_metadata* metadata = nullptr;
    rd_kafka_resp_err_t err =
        rd_kafka_metadata(handle.client, all_topics ? 1 : 0, nullptr, &metadata, slice);
    if (!err) {
      handle.note(err, sent);
      trace_request(what, sent, "answered");
      return Metadata(metadata);
    }
    rd_kafka_poll(handle.client, 0);  // serves the error callback, which counts refusals
    bool unanswered = err == RD_KAFKA_RESP_ERR__TIMED_OUT || err == RD_KAFKA_RESP_ERR__TRANSPORT;
    auto now = std::chrono::steady_clock::now();
    bool every_refused = unanswered && handle.refused.size() >= handle.bootstrap_count;
    // A broker starting up refuses for a moment: give it two seconds before concluding (a
    // --timeout shorter than that concludes at its end, saying the same).
    bool concluded = every_refused && now - sent >= std::chrono::seconds(2);
    if (unanswered && now < deadline && !concluded) continue;
    handle.note(err, sent);
    if (every_refused) return Error{fmt::format("{}: {}", what, refused_text(handle))};
    return Error{fmt::format("{}: {}", what, rd_kafka_err2str(err))};
  }
}

}  // namespace admin_request

namespace {

// Errors that mean the cluster did not answer at all, as opposed to answering with a refusal.
bool unanswered(rd_kafka_resp_err_t err) {
  return err == RD_KAFKA_RESP_ERR__TIMED_OUT || err == RD_KAFKA_RESP_ERR__TRANSPORT ||
         err == RD_KAFKA_RESP_ERR__ALL_BROKERS_DOWN || err == RD_KAFKA_RESP_ERR__TIMED_OUT_QUEUE ||
         err == RD_KAFKA_RESP_ERR_REQUEST_TIMED_OUT || err == RD_KAFKA_RESP_ERR_NETWORK_EXCEPTION;
}

}  // namespace

Result<bool> KafkaAdmin::Handle::still_answering(std::string_view what) const {
  if (!silent_since) return true;
  auto silent = std::chrono::steady_clock::now() - *silent_since;
  if (silent < std::chrono::milliseconds(timeout_ms)) return true;
  return Error{fmt::format(
      "{}: the cluster has not answered for {}s (--timeout): it stopped, froze or cannot be "
      "reached; nothing more was sent",
      what, std::chrono::duration_cast<std::chrono::seconds>(silent).count())};
}

void KafkaAdmin::Handle::note(rd_kafka_resp_err_t err, std::chrono::steady_clock::time_point sent) {
  if (!unanswered(err)) {
    silent_since.reset();
    answered_at = std::chrono::steady_clock::now();
  } else if (answered_at && *answered_at > sent) {
    return;  // something answered after this went out: the cluster is not silent since then
  } else if (!silent_since || sent < *silent_since) {
    silent_since = sent;
  }
}

namespace {

#if !TOPICFORM_DESCRIBE_TOPICS
// Removes from `waiting` every topic that `metadata` shows with its partitions, each led.
void drop_led(const struct rd_kafka_metadata* metadata,
              std::map<std::string, std::int64_t>& waiting) {
  for (int i = 0; i < metadata->topic_cnt; ++i) {
    const auto& t = metadata->topics[i];
    auto wanted = waiting.find(t.topic);
    if (t.err || wanted == waiting.end() || t.partition_cnt < wanted->second) continue;
    bool led = true;
    for (int p = 0; p < t.partition_cnt; ++p) {
      led = led && t.partitions[p].leader >= 0 && !t.partitions[p].err;
    }
    if (led) waiting.erase(t.topic);
  }
}
#endif

#if TOPICFORM_DESCRIBE_TOPICS
// The same from a DescribeTopics answer: a topic not there yet answers with an error.
void drop_led_described(const rd_kafka_DescribeTopics_result_t* result,
                        std::map<std::string, std::int64_t>& waiting) {
  std::size_t count = 0;
  const rd_kafka_TopicDescription_t** topics =
      rd_kafka_DescribeTopics_result_topics(result, &count);
  for (std::size_t i = 0; i < count; ++i) {
    const rd_kafka_error_t* error = rd_kafka_TopicDescription_error(topics[i]);
    auto wanted = waiting.find(rd_kafka_TopicDescription_name(topics[i]));
    if ((error && rd_kafka_error_code(error)) || wanted == waiting.end()) continue;
    std::size_t partitions = 0;
    const rd_kafka_TopicPartitionInfo_t** info =
        rd_kafka_TopicDescription_partitions(topics[i], &partitions);
    bool led = static_cast<std::int64_t>(partitions) >= wanted->second;
    for (std::size_t p = 0; led && p < partitions; ++p) {
      led = rd_kafka_TopicPartitionInfo_leader(info[p]) != nullptr;
    }
    if (led) waiting.erase(wanted);
  }
}
#endif

void on_error(rd_kafka_t*, int err, const char* reason, void* opaque) {
  auto* handle = static_cast<KafkaAdmin::Handle*>(opaque);
  // "127.0.0.1:1/bootstrap: Connect to ipv4#127.0.0.1:1 failed: Connection refused (...)"
  if (err == RD_KAFKA_RESP_ERR__TRANSPORT && reason && std::strstr(reason, "Connection refused")) {
    std::string text = reason;
    handle->refused.insert(text.substr(0, text.find('/')));
  }
  // "1/1 brokers are down" follows every specific failure and would hide it.
  if (err == RD_KAFKA_RESP_ERR__ALL_BROKERS_DOWN || !reason) return;
  handle->last_error = reason;
}

}  // namespace

std::string format_request_counts(const RequestCounter& sent, const std::string& writes) {
  std::string incremental =
      sent.incremental_alter_configs == 0
          ? ""
          : fmt::format(" ({} incremental-alter-configs)", sent.incremental_alter_configs);
  return fmt::format(
      "requests: {} metadata, {} describe-configs, {} consumer-groups, {} offsets, {} acls, {} "
      "{}{}",
      sent.metadata, sent.describe_configs, sent.groups, sent.offsets, sent.acls, sent.writes,
      writes, incremental);
}

std::string KafkaAdmin::explain(const std::string& failure) {
  rd_kafka_poll(m_handle->client, 0);  // serves the error callback
  std::string out = failure;
  std::string cause = m_handle->last_error;
  // librdkafka guesses an old broker when its first request gets no answer; against Kafka 4 that
  // means a broker that accepts connections but does not answer.
  if (cause.find("broker version < 0.10") != std::string::npos) {
    cause =
        "the broker accepted the connection but sent no answer in time: it is frozen, "
        "overloaded, or this port is not a Kafka listener";
  }
  if (!cause.empty()) out += fmt::format(" ({})", cause);
  bool silent = failure.find("Local: Broker transport failure") != std::string::npos ||
                failure.find("Local: Timed out") != std::string::npos;
  if (cause.empty() && silent) {
    out += fmt::format(
        "; no broker answered within --timeout ({}s): check that the brokers run "
        "and that the bootstrap address is reachable",
        m_timeout_ms / 1000.0);
  }
  // librdkafka before 2.6.1 cannot complete SCRAM with Kafka 4 brokers (librdkafka#4895);
  // Debian 12 ships 2.0.2, so say so instead of leaving "invalid credentials" unexplained.
  bool scram = m_handle->sasl_mechanism.rfind("SCRAM", 0) == 0;
  if (scram && rd_kafka_version() < 0x020601ff &&
      cause.find("SASL authentication error") != std::string::npos) {
    out += fmt::format(
        "; note: librdkafka {} cannot authenticate with SCRAM against Kafka 4 brokers (fixed in "
        "2.6.1): use the topicform image (Debian 13, librdkafka 2.8), a newer librdkafka, or SASL "
        "PLAIN over TLS",
        rd_kafka_version_str());
  }
  return out;
}

KafkaAdmin::KafkaAdmin(std::unique_ptr<Handle> handle, int timeout_ms)
    : m_handle(std::move(handle)), m_timeout_ms(timeout_ms) {}

KafkaAdmin::~KafkaAdmin() = default;

Result<std::unique_ptr<KafkaAdmin>> KafkaAdmin::connect(const KafkaOptions& options) {
  rd_kafka_conf_t* conf = rd_kafka_conf_new();
  auto configured = configure_client(conf, options);
  if (!configured) {
    rd_kafka_conf_destroy(conf);
    return configured.error();
  }
  // librdkafka's own log lines (connection retries) would bury the one error that matters;
  // failures come back as results and are reported once, in words: its lines are debug detail.
  route_rdkafka_logs(conf, configured->count("debug") > 0);
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
  handle->timeout_ms = options.timeout_ms;
  handle->bootstrap = options.bootstrap_servers;
  handle->bootstrap_source = options.bootstrap_source;
  if (auto it = options.properties.find("bootstrap.servers");
      handle->bootstrap.empty() && it != options.properties.end()) {
    handle->bootstrap = it->second;
    handle->bootstrap_source = "bootstrap.servers of the client properties";
  }
  handle->bootstrap_count = 1 + static_cast<std::size_t>(std::count(handle->bootstrap.begin(),
                                                                    handle->bootstrap.end(), ','));
  return std::unique_ptr<KafkaAdmin>(new KafkaAdmin(std::move(handle), options.timeout_ms));
}

#if TOPICFORM_DESCRIBE_CLUSTER
// DescribeCluster: the brokers registered with the controller now, the controller and the id.
Result<ClusterNodes> KafkaAdmin::describe_cluster(int timeout_ms) {
  admin_request::Request request(RD_KAFKA_ADMIN_OP_DESCRIBECLUSTER, "describe the cluster",
                                 timeout_ms, &m_requests.metadata);
  request.grace_ms = 1'000;
  // Unwatched: waiting for brokers expects silence at first, which must not count against
  // --timeout.
  admin_request::Batch batch(m_handle->client, nullptr, request);
  batch.send([&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
    rd_kafka_DescribeCluster(m_handle->client, options, queue);
  });
  auto answer = batch.next();
  if (!answer) return Error{explain(answer.error().message)};
  const auto* result = rd_kafka_event_DescribeCluster_result(answer->event.get());
  ClusterNodes nodes;
  std::size_t count = 0;
  rd_kafka_DescribeCluster_result_nodes(result, &count);
  nodes.brokers = static_cast<std::int64_t>(count);
  if (const auto* controller = rd_kafka_DescribeCluster_result_controller(result)) {
    nodes.controller = rd_kafka_Node_id(controller);
  }
  if (const char* id = rd_kafka_DescribeCluster_result_cluster_id(result)) nodes.cluster_id = id;
  return nodes;
}
#else
// One metadata request for no topics: the brokers it lists and the cluster id (librdkafka 2.0.2
// has no DescribeCluster, and Metadata v4's controller is not KRaft's).
Result<ClusterNodes> KafkaAdmin::describe_cluster(int timeout_ms) {
  const struct rd_kafka_metadata* metadata = nullptr;
  ++m_requests.metadata;
  rd_kafka_resp_err_t err = rd_kafka_metadata(m_handle->client, 0, nullptr, &metadata, timeout_ms);
  if (err) return Error{explain(rd_kafka_err2str(err))};
  ClusterNodes nodes;
  nodes.brokers = metadata->broker_cnt;
  rd_kafka_metadata_destroy(metadata);
  if (char* id = rd_kafka_clusterid(m_handle->client, 0)) {
    nodes.cluster_id = id;
    rd_kafka_mem_free(m_handle->client, id);
  }
  return nodes;
}
#endif

#if TOPICFORM_DESCRIBE_TOPICS
// DescribeTopics names just the topics still waiting, a thousand a request, so each poll asks
// for what is missing rather than for the whole cluster.
Result<bool> KafkaAdmin::drop_led_topics(std::map<std::string, std::int64_t>& waiting,
                                         int request_ms) {
  constexpr std::size_t kBatch = 1000;
  std::vector<std::string> names;
  for (const auto& [name, partitions] : waiting) names.push_back(name);
  for (std::size_t from = 0; from < names.size(); from += kBatch) {
    std::vector<const char*> batch;
    for (std::size_t i = from; i < std::min(names.size(), from + kBatch); ++i) {
      batch.push_back(names[i].c_str());
    }
    rd_kafka_t* client = m_handle->client;
    admin_request::Request request(RD_KAFKA_ADMIN_OP_DESCRIBETOPICS, "wait for leaders", request_ms,
                                   &m_requests.metadata);
    request.grace_ms = 1'000;
    auto event = admin_request::run(
        *m_handle, request, [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
          auto* topics = rd_kafka_TopicCollection_of_topic_names(batch.data(), batch.size());
          rd_kafka_DescribeTopics(client, topics, options, queue);
          rd_kafka_TopicCollection_destroy(topics);
        });
    if (!event) return event.error();
    drop_led_described(rd_kafka_event_DescribeTopics_result(event->get()), waiting);
  }
  return true;
}
#else
// Before librdkafka 2.3.0: full-cluster metadata, the only request that lists many topics.
Result<bool> KafkaAdmin::drop_led_topics(std::map<std::string, std::int64_t>& waiting,
                                         int request_ms) {
  ++m_requests.metadata;
  auto metadata = admin_request::fetch_metadata(*m_handle, true, request_ms, "wait for leaders");
  if (!metadata) return metadata.error();
  drop_led(metadata->get(), waiting);
  return true;
}
#endif

Result<bool> KafkaAdmin::wait_until_led(const std::map<std::string, std::int64_t>& partitions,
                                        int timeout_ms) {
  std::map<std::string, std::int64_t> waiting = partitions;
  // The limit counts from the last progress: a large create that keeps gaining leaders goes on.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  // A broker may list what it created a little after answering (a poll 30 ms after a
  // 2,000-topic create saw none, the next, 100 ms later, all): the first pauses are shorter, so
  // that lag is not rounded up to a whole pause.
  int pause_ms = 25;
  int polls = 0;
  std::string last_error;
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    // Each request within --timeout, so a silent cluster is noticed within it too.
    int request_ms = static_cast<int>(std::clamp<std::int64_t>(left.count(), 1, m_timeout_ms));
    std::size_t before = waiting.size();
    // A failed poll is polled again, within the limits; its error is said if they run out.
    auto polled = drop_led_topics(waiting, request_ms);
    last_error = polled ? "" : "; the last poll: " + polled.error().message;
    if (waiting.empty()) return true;
    if (waiting.size() < before) {
      deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
      polls = 0;
    }
    if (auto answering = m_handle->still_answering("wait for leaders"); !answering) {
      return Error{explain(fmt::format("{} ({} created topic(s) had no leader yet)",
                                       answering.error().message, waiting.size()))};
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      return Error{
          fmt::format("{} created topic(s) have no leader for every partition after {} "
                      "ms without progress (first: '{}'){}",
                      waiting.size(), timeout_ms, waiting.begin()->first, last_error)};
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
    // Leaders usually come within a second or two: poll often that long, then back off.
    pause_ms = std::min(pause_ms * 2, ++polls < 15 ? 100 : 1000);
  }
}

}  // namespace topicform
