// The four topic writes (CreateTopics, CreatePartitions, IncrementalAlterConfigs or AlterConfigs,
// DeleteTopics) through one batch sender: split under KRaft's record limit, one request a batch.
#include <librdkafka/rdkafka.h>

#include <algorithm>

#include <fmt/format.h>

#include "cluster/admin_request.hpp"
#include "cluster/incremental_configs.hpp"
#include "cluster/kafka_admin.hpp"
#include "cluster/rdkafka_paths.hpp"
#include "cluster/write_parts.hpp"
#include "log/log.hpp"

namespace topicform {
namespace {

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

// The outcome of one topic: `done_when` is the error that means the work is already done (a
// concurrent run did it; the read-back compares).
TopicOutcome outcome_of(std::string topic, rd_kafka_resp_err_t err, const char* message,
                        rd_kafka_resp_err_t done_when) {
  TopicOutcome outcome;
  outcome.topic = std::move(topic);
  if (err && err == done_when) {
    outcome.already_done = true;
  } else if (err) {
    outcome.ok = false;
    outcome.retriable = transient(err);
    outcome.error = message && *message ? message : rd_kafka_err2str(err);
  }
  return outcome;
}

std::vector<TopicOutcome> topic_outcomes(const rd_kafka_topic_result_t** topics, std::size_t count,
                                         rd_kafka_resp_err_t done_when) {
  std::vector<TopicOutcome> out;
  for (std::size_t i = 0; i < count; ++i) {
    out.push_back(outcome_of(rd_kafka_topic_result_name(topics[i]),
                             rd_kafka_topic_result_error(topics[i]),
                             rd_kafka_topic_result_error_string(topics[i]), done_when));
  }
  return out;
}

// The client a batch goes through, its timeout and the count of write requests to add to.
struct Writer {
  KafkaAdmin::Handle& handle;
  rd_kafka_t* client;
  int timeout_ms;
  int& requests;
};

// The request of one write part: the broker has --timeout to carry it out, and the wait allows
// ten seconds more.
admin_request::Request write_request(const Writer& writer, rd_kafka_admin_op_t op, const char* what,
                                     bool validate_only) {
  admin_request::Request request(op, what, writer.timeout_ms, &writer.requests);
  request.writes = true;
  request.validate_only = validate_only;
  request.grace_ms = 10'000;
  return request;
}

// Sends one part and awaits its answer.
template <class T, class Send, class Parse>
Result<std::vector<TopicOutcome>> send_and_await(const Writer& writer, rd_kafka_admin_op_t op,
                                                 const char* what, bool validate_only,
                                                 const std::vector<T>& part, Send& send,
                                                 Parse& parse) {
  auto event = admin_request::run(writer.handle, write_request(writer, op, what, validate_only),
                                  [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
                                    return send(part, options, queue);
                                  });
  if (!event) return event.error();
  return parse(event->get());
}

// The validate-only pass of `parts`, every request sent before any answer is awaited: nothing is
// written, so no part waits for another (the parts of a 10,000-topic create went one after
// another). Each answer is put back at its part's place, so the outcomes keep the items' order.
template <class T, class Send, class Parse>
Result<std::vector<std::vector<TopicOutcome>>> validate_side_by_side(
    const Writer& writer, rd_kafka_admin_op_t op, const char* what,
    const std::vector<std::vector<T>>& parts, Send& send, Parse& parse) {
  admin_request::Batch batch(writer.handle, write_request(writer, op, what, true));
  for (const auto& part : parts) {
    auto sent = batch.send([&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
      return send(part, options, queue);
    });
    if (!sent) return sent.error();
  }
  std::vector<std::vector<TopicOutcome>> answers(parts.size());
  for (std::size_t answered = 0; answered < parts.size(); ++answered) {
    auto answer = batch.next();
    if (!answer) return answer.error();
    if (answer->place < answers.size()) answers[answer->place] = parse(answer->event.get());
  }
  return answers;
}

// Sends `items` in parts of one kind of write: `send(part, options, queue)` builds and sends one
// request, `parse(event)` reads its result. Real writes go one part at a time, and a request
// that fails as a whole stops the rest; the validate-only pass sends its parts side by side. A
// part the controller refuses for its size wrote nothing, and goes again in halves.
template <class T, class Cost, class Send, class Parse>
Result<std::vector<TopicOutcome>> send_batches(const Writer& writer, rd_kafka_admin_op_t op,
                                               const char* what, const std::vector<T>& items,
                                               bool validate_only, Cost cost, Send send,
                                               Parse parse) {
  auto parts = chunks(items, cost);
  if (log_enabled(LogLevel::debug) && !items.empty()) {
    log_debug(fmt::format("{}{}: {} item(s) in {} request(s) of at most {} records", what,
                          validate_only ? " (validate-only)" : "", items.size(), parts.size(),
                          kMaxRecordsPerRequest));
  }
  auto one = [&](const std::vector<T>& part) {
    return send_and_await(writer, op, what, validate_only, part, send, parse);
  };
  std::vector<std::vector<TopicOutcome>> answers(parts.size());
  if (validate_only) {
    auto side_by_side = validate_side_by_side(writer, op, what, parts, send, parse);
    if (!side_by_side) return side_by_side.error();
    answers = std::move(*side_by_side);
  }
  std::vector<TopicOutcome> all;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    if (!validate_only || refused_as_too_large(answers[p])) {
      auto outcomes = send_splitting(parts[p], one);
      if (!outcomes) return outcomes.error();
      answers[p] = std::move(*outcomes);
    }
    all.insert(all.end(), answers[p].begin(), answers[p].end());
  }
  return all;
}

}  // namespace

Result<std::vector<TopicOutcome>> KafkaAdmin::create_topics(const std::vector<CreateTopic>& topics,
                                                            bool validate_only) {
  rd_kafka_t* client = m_handle->client;
  auto cost = [](const CreateTopic& t) { return create_records(t); };
  auto send = [&](const std::vector<CreateTopic>& part, rd_kafka_AdminOptions_t* options,
                  rd_kafka_queue_t* queue) -> Result<bool> {
    std::vector<rd_kafka_NewTopic_t*> requests;
    char error[512];
    for (const auto& topic : part) {
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
    rd_kafka_CreateTopics(client, requests.data(), requests.size(), options, queue);
    rd_kafka_NewTopic_destroy_array(requests.data(), requests.size());
    return true;
  };
  auto parse = [](rd_kafka_event_t* event) {
    std::size_t count = 0;
    const auto** results =
        rd_kafka_CreateTopics_result_topics(rd_kafka_event_CreateTopics_result(event), &count);
    return topic_outcomes(results, count, RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS);
  };
  return send_batches(Writer{*m_handle, client, m_timeout_ms, m_requests.writes},
                      RD_KAFKA_ADMIN_OP_CREATETOPICS, "create topics", topics, validate_only, cost,
                      send, parse);
}

Result<std::vector<TopicOutcome>> KafkaAdmin::add_partitions(
    const std::vector<AddPartitions>& changes, bool validate_only) {
  rd_kafka_t* client = m_handle->client;
  auto cost = [](const AddPartitions& c) {
    return static_cast<std::size_t>(std::max<std::int64_t>(1, c.to - c.from));
  };
  auto send = [&](const std::vector<AddPartitions>& part, rd_kafka_AdminOptions_t* options,
                  rd_kafka_queue_t* queue) -> Result<bool> {
    std::vector<rd_kafka_NewPartitions_t*> requests;
    char error[512];
    for (const auto& change : part) {
      requests.push_back(rd_kafka_NewPartitions_new(
          change.name.c_str(), static_cast<std::size_t>(change.to), error, sizeof error));
    }
    rd_kafka_CreatePartitions(client, requests.data(), requests.size(), options, queue);
    rd_kafka_NewPartitions_destroy_array(requests.data(), requests.size());
    return true;
  };
  auto parse = [](rd_kafka_event_t* event) {
    std::size_t count = 0;
    const auto** results = rd_kafka_CreatePartitions_result_topics(
        rd_kafka_event_CreatePartitions_result(event), &count);
    auto outcomes = topic_outcomes(results, count, RD_KAFKA_RESP_ERR_NO_ERROR);
    // "Topic already has 6 partition(s)": another writer grew it first; the read-back compares.
    for (auto& o : outcomes) {
      if (!o.ok && o.error.find("already has") != std::string::npos) o = {o.topic, true, true, ""};
    }
    return outcomes;
  };
  return send_batches(Writer{*m_handle, client, m_timeout_ms, m_requests.writes},
                      RD_KAFKA_ADMIN_OP_CREATEPARTITIONS, "add partitions", changes, validate_only,
                      cost, send, parse);
}

namespace {

#if TOPICFORM_INCREMENTAL_ALTER_CONFIGS
// IncrementalAlterConfigs: exactly the keys that change, so keys no one planned to touch (a
// throttle another tool set, `unmanagedConfigs:`) are left alone by construction.
constexpr rd_kafka_admin_op_t kAlterConfigsOp = RD_KAFKA_ADMIN_OP_INCREMENTALALTERCONFIGS;
constexpr bool kIncremental = true;

Result<rd_kafka_ConfigResource_t*> config_resource(const AlterConfig& change) {
  auto* resource = rd_kafka_ConfigResource_new(RD_KAFKA_RESOURCE_TOPIC, change.name.c_str());
  for (const auto& op : incremental_operations(change)) {
    rd_kafka_error_t* error = rd_kafka_ConfigResource_add_incremental_config(
        resource, op.key.c_str(),
        op.set ? RD_KAFKA_ALTER_CONFIG_OP_TYPE_SET : RD_KAFKA_ALTER_CONFIG_OP_TYPE_DELETE,
        op.set ? op.set->c_str() : nullptr);
    if (error) {
      std::string message = rd_kafka_error_string(error);
      rd_kafka_error_destroy(error);
      rd_kafka_ConfigResource_destroy(resource);
      return Error{fmt::format("alter configs of '{}': {}: {}", change.name, op.key, message)};
    }
  }
  return resource;
}

void send_alter_configs(rd_kafka_t* client, std::vector<rd_kafka_ConfigResource_t*>& resources,
                        rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
  rd_kafka_IncrementalAlterConfigs(client, resources.data(), resources.size(), options, queue);
}

const rd_kafka_ConfigResource_t** altered_resources(rd_kafka_event_t* event, std::size_t* count) {
  return rd_kafka_IncrementalAlterConfigs_result_resources(
      rd_kafka_event_IncrementalAlterConfigs_result(event), count);
}
#else
// AlterConfigs replaces the whole set of dynamic configs: every desired one is sent.
constexpr rd_kafka_admin_op_t kAlterConfigsOp = RD_KAFKA_ADMIN_OP_ALTERCONFIGS;
constexpr bool kIncremental = false;

Result<rd_kafka_ConfigResource_t*> config_resource(const AlterConfig& change) {
  auto* resource = rd_kafka_ConfigResource_new(RD_KAFKA_RESOURCE_TOPIC, change.name.c_str());
  for (const auto& [key, value] : change.desired) {
    rd_kafka_ConfigResource_set_config(resource, key.c_str(), value.c_str());
  }
  return resource;
}

void send_alter_configs(rd_kafka_t* client, std::vector<rd_kafka_ConfigResource_t*>& resources,
                        rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
  rd_kafka_AlterConfigs(client, resources.data(), resources.size(), options, queue);
}

const rd_kafka_ConfigResource_t** altered_resources(rd_kafka_event_t* event, std::size_t* count) {
  return rd_kafka_AlterConfigs_result_resources(rd_kafka_event_AlterConfigs_result(event), count);
}
#endif

}  // namespace

Result<std::vector<TopicOutcome>> KafkaAdmin::alter_configs(const std::vector<AlterConfig>& changes,
                                                            bool validate_only) {
  rd_kafka_t* client = m_handle->client;
  auto cost = [](const AlterConfig& c) { return alter_records(c, kIncremental); };
  auto send = [&](const std::vector<AlterConfig>& part, rd_kafka_AdminOptions_t* options,
                  rd_kafka_queue_t* queue) -> Result<bool> {
    std::vector<rd_kafka_ConfigResource_t*> resources;
    for (const auto& change : part) {
      auto resource = config_resource(change);
      if (!resource) {
        rd_kafka_ConfigResource_destroy_array(resources.data(), resources.size());
        return resource.error();
      }
      resources.push_back(*resource);
    }
    send_alter_configs(client, resources, options, queue);
    rd_kafka_ConfigResource_destroy_array(resources.data(), resources.size());
    return true;
  };
  auto parse = [](rd_kafka_event_t* event) {
    std::size_t count = 0;
    const auto** results = altered_resources(event, &count);
    std::vector<TopicOutcome> out;
    for (std::size_t i = 0; i < count; ++i) {
      out.push_back(outcome_of(
          rd_kafka_ConfigResource_name(results[i]), rd_kafka_ConfigResource_error(results[i]),
          rd_kafka_ConfigResource_error_string(results[i]), RD_KAFKA_RESP_ERR_NO_ERROR));
    }
    return out;
  };
  int sent_before = m_requests.writes;
  auto outcomes =
      send_batches(Writer{*m_handle, client, m_timeout_ms, m_requests.writes}, kAlterConfigsOp,
                   "alter configs", changes, validate_only, cost, send, parse);
  if (kIncremental) {
    m_requests.incremental_alter_configs += m_requests.writes - sent_before;
  }
  return outcomes;
}

Result<std::vector<TopicOutcome>> KafkaAdmin::delete_topics(
    const std::vector<DeleteTopic>& topics) {
  rd_kafka_t* client = m_handle->client;
  auto cost = [](const DeleteTopic&) { return std::size_t{10}; };
  auto send = [&](const std::vector<DeleteTopic>& part, rd_kafka_AdminOptions_t* options,
                  rd_kafka_queue_t* queue) -> Result<bool> {
    std::vector<rd_kafka_DeleteTopic_t*> requests;
    for (const auto& topic : part) requests.push_back(rd_kafka_DeleteTopic_new(topic.name.c_str()));
    rd_kafka_DeleteTopics(client, requests.data(), requests.size(), options, queue);
    rd_kafka_DeleteTopic_destroy_array(requests.data(), requests.size());
    return true;
  };
  auto parse = [](rd_kafka_event_t* event) {
    std::size_t count = 0;
    const auto** results =
        rd_kafka_DeleteTopics_result_topics(rd_kafka_event_DeleteTopics_result(event), &count);
    return topic_outcomes(results, count, RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART);
  };
  return send_batches(Writer{*m_handle, client, m_timeout_ms, m_requests.writes},
                      RD_KAFKA_ADMIN_OP_DELETETOPICS, "delete topics", topics, false, cost, send,
                      parse);
}

}  // namespace topicform
