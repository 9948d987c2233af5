// What the files behind KafkaAdmin share: its librdkafka handle and the RAII for one request.
#pragma once

#include <librdkafka/rdkafka.h>

#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>

#include "cluster/kafka_admin.hpp"
#include "core/ground/result.hpp"

namespace topicform {

struct KafkaAdmin::Handle {
  rd_kafka_t* client = nullptr;
  // The broker-side reason behind a failed request ("SASL authentication error: ...", "SSL
  // handshake failed: ..."): librdkafka reports it through the error callback, not the result.
  std::string last_error;
  std::string sasl_mechanism;
  int timeout_ms = 30'000;       // --timeout
  std::string bootstrap;         // the bootstrap servers, and where they came from
  std::string bootstrap_source;  // "--bootstrap-server", "KAFKA_BOOTSTRAP_SERVERS", ...
  // The brokers ("host:port") that refused a connection: when every bootstrap server has,
  // nothing listens there, and waiting out --timeout would only delay the same answer.
  std::set<std::string> refused;
  std::size_t bootstrap_count = 1;
  // Since when requests have gone unanswered (timed out, transport failures); any answer resets
  // it. Once it reaches timeout_ms every request fails at once, so a stopped or frozen cluster
  // ends the command within --timeout plus the one request in flight.
  std::optional<std::chrono::steady_clock::time_point> silent_since;
  // When the last answer was noted: a request noted late (it ran on its own thread) that went
  // unanswered does not start a silence the cluster has broken since.
  std::optional<std::chrono::steady_clock::time_point> answered_at;

  // An error naming `what` when the cluster has been silent for timeout_ms; true otherwise.
  Result<bool> still_answering(std::string_view what) const;
  // Records whether a request sent at `sent` got an answer (an error from the broker is an
  // answer too); silence counts from when the unanswered request went out.
  void note(rd_kafka_resp_err_t err, std::chrono::steady_clock::time_point sent);
  ~Handle() {
    if (client) rd_kafka_destroy(client);
  }
};

namespace admin_request {

// RAII for the admin objects of one request.
struct Queue {
  rd_kafka_queue_t* q;
  explicit Queue(rd_kafka_t* client) : q(rd_kafka_queue_new(client)) {}
  ~Queue() { rd_kafka_queue_destroy(q); }
  Queue(const Queue&) = delete;
  Queue& operator=(const Queue&) = delete;
};
struct EventDeleter {
  void operator()(rd_kafka_event_t* e) const { rd_kafka_event_destroy(e); }
};
using Event = std::unique_ptr<rd_kafka_event_t, EventDeleter>;
struct Options {
  rd_kafka_AdminOptions_t* o;
  ~Options() { rd_kafka_AdminOptions_destroy(o); }
};

// Options for a read-only request of `op` that the broker must answer within `timeout_ms`.
inline rd_kafka_AdminOptions_t* read_options(rd_kafka_t* client, rd_kafka_admin_op_t op,
                                             int timeout_ms) {
  rd_kafka_AdminOptions_t* options = rd_kafka_AdminOptions_new(client, op);
  char error[512];
  rd_kafka_AdminOptions_set_request_timeout(options, timeout_ms, error, sizeof error);
  return options;
}

// Waits up to `wait_ms` for the one result event of a request on `queue`. No answer, or an error
// of the request as a whole, becomes an Error that starts with `what`; `handle` learns whether
// the cluster answered. An error equal to `answer` (SECURITY_DISABLED for DescribeAcls, say) is
// an answer, not a failure: the event is returned and carries it.
Result<Event> await_result(KafkaAdmin::Handle& handle, rd_kafka_queue_t* queue, int wait_ms,
                           std::string_view what,
                           rd_kafka_resp_err_t answer = RD_KAFKA_RESP_ERR_NO_ERROR);

// One admin request as every single-answer request is made: what it is, for its counter and its
// errors. The broker is asked to answer within `timeout_ms`; the wait allows `grace_ms` more, what
// a request in flight may take beyond it.
struct Request {
  Request(rd_kafka_admin_op_t kind, std::string_view saying, int answer_within_ms, int* counting)
      : op(kind), what(saying), timeout_ms(answer_within_ms), counter(counting) {}
  rd_kafka_admin_op_t op;
  std::string_view what;  // "describe ACLs": errors start with it
  int timeout_ms;
  int* counter;  // the RequestCounter field it counts in; null: its caller counts it
  rd_kafka_resp_err_t answer = RD_KAFKA_RESP_ERR_NO_ERROR;  // an error that is an answer
  int grace_ms = 5'000;
};

// Sends `request` and awaits its one result event: the options and a queue of its own are made
// here, then `send(options, queue)` sets any further option and calls the librdkafka function.
// A `send` that returns Result<bool> may refuse before anything is sent or counted. (Requests
// sent several at once on one queue, the write parts and describe configs, and those polled
// without counting silence use the pieces above directly.)
template <class Send>
Result<Event> run(KafkaAdmin::Handle& handle, const Request& request, Send&& send) {
  Options options{read_options(handle.client, request.op, request.timeout_ms)};
  Queue queue(handle.client);
  if constexpr (std::is_void_v<decltype(send(options.o, queue.q))>) {
    if (request.counter) ++*request.counter;
    send(options.o, queue.q);
  } else {
    if (auto sent = send(options.o, queue.q); !sent) return sent.error();
    if (request.counter) ++*request.counter;
  }
  return await_result(handle, queue.q, request.timeout_ms + request.grace_ms, request.what,
                      request.answer);
}

// Metadata (all topics, or none) through `handle`, within `timeout_ms`.
struct MetadataDeleter {
  void operator()(const struct rd_kafka_metadata* m) const { rd_kafka_metadata_destroy(m); }
};
using Metadata = std::unique_ptr<const struct rd_kafka_metadata, MetadataDeleter>;
Result<Metadata> fetch_metadata(KafkaAdmin::Handle& handle, bool all_topics, int timeout_ms,
                                std::string_view what);

}  // namespace admin_request
}  // namespace topicform
