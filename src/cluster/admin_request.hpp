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

// One admin request as every request is made: what it is, for its counter and its errors. The
// broker is asked to answer within `timeout_ms`; the wait allows `grace_ms` more, what a request
// in flight may take beyond it.
struct Request {
  Request(rd_kafka_admin_op_t kind, std::string_view saying, int answer_within_ms, int* counting)
      : op(kind), what(saying), timeout_ms(answer_within_ms), counter(counting) {}
  rd_kafka_admin_op_t op;
  std::string_view what;  // "describe ACLs": errors start with it
  int timeout_ms;
  int* counter;  // the RequestCounter field it counts in; null: its caller counts it
  rd_kafka_resp_err_t answer = RD_KAFKA_RESP_ERR_NO_ERROR;  // an error that is an answer
  bool errors_answer = false;  // every error of the request as a whole is an answer
  int grace_ms = 5'000;
  bool writes = false;         // a write: the broker's operation timeout is set as well
  bool validate_only = false;  // a write the broker only checks
};

// Options for `request`: a read's request timeout, or a write's positive operation timeout
// (Kafka 4 times out at once on 0) under a larger request timeout.
rd_kafka_AdminOptions_t* options_for(rd_kafka_t* client, const Request& request);

// Requests of one kind sent on one queue, each carrying the place it was sent at as its opaque,
// and their answers awaited as they come: one request (`run`), a write's parts side by side,
// DescribeConfigs in parts. With a watching handle, silence counts against --timeout and the
// handle learns whether the cluster answered; without one (a wait for brokers, where silence is
// expected at first, or a thread of its own), the answer is only polled for.
class Batch {
 public:
  Batch(rd_kafka_t* client, KafkaAdmin::Handle* watch, Request request)
      : m_client(client), m_watch(watch), m_request(request), m_queue(client) {}
  Batch(KafkaAdmin::Handle& handle, Request request) : Batch(handle.client, &handle, request) {}

  // Sends one more request: the options are made here, then `send(options, queue)` sets any
  // further option and calls the librdkafka function. A `send` that returns Result<bool> may
  // refuse before anything is sent or counted.
  template <class Send>
  Result<bool> send(Send&& send) {
    Options options{options_for(m_client, m_request)};
    rd_kafka_AdminOptions_set_opaque(options.o, reinterpret_cast<void*>(m_sent));
    if constexpr (std::is_void_v<decltype(send(options.o, m_queue.q))>) {
      send(options.o, m_queue.q);
    } else {
      if (auto sent = send(options.o, m_queue.q); !sent) return sent.error();
    }
    if (m_request.counter) ++*m_request.counter;
    ++m_sent;
    return true;
  }

  // The next answer and the place its request was sent at; no answer in time, or an error of
  // the request as a whole that is not an answer, is an Error that starts with `what`.
  struct Answer {
    std::size_t place;
    Event event;
  };
  Result<Answer> next();
  std::size_t sent() const { return m_sent; }

 private:
  rd_kafka_t* m_client;
  KafkaAdmin::Handle* m_watch;
  Request m_request;
  Queue m_queue;
  std::size_t m_sent = 0;
};

// Sends `request` and awaits its one result event (a Batch of one).
template <class Send>
Result<Event> run(KafkaAdmin::Handle& handle, const Request& request, Send&& send) {
  Batch batch(handle, request);
  if (auto sent = batch.send(std::forward<Send>(send)); !sent) return sent.error();
  auto answer = batch.next();
  if (!answer) return answer.error();
  return std::move(answer->event);
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
