// Replay of dead letters in transactions: the messages written and the replay group's offsets
// commit together or not at all, so a replay killed anywhere and run again writes each once.
#include "cluster/replayer.hpp"

#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <optional>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "cluster/client_handles.hpp"
#include "cluster/record_stream.hpp"
#include "core/operations/dead_letters.hpp"

namespace topicform {
namespace {

std::string transactional_id(const ReplayJob& job) {
  return fmt::format("topicform-replay.{}.{}", job.group, job.source);
}

// Asks the cluster for `topic`'s partitions through `client`, which keeps the answer.
Result<int> learn_leaders(rd_kafka_t* client, const std::string& topic, int timeout_ms) {
  const struct rd_kafka_metadata* metadata = nullptr;
  rd_kafka_topic_t* handle = rd_kafka_topic_new(client, topic.c_str(), nullptr);
  auto err = rd_kafka_metadata(client, 0, handle, &metadata, timeout_ms);
  rd_kafka_topic_destroy(handle);
  if (err) {
    return Error{fmt::format("read the partitions of '{}': {}", topic, rd_kafka_err2str(err))};
  }
  int partitions =
      metadata->topic_cnt == 1 && !metadata->topics[0].err ? metadata->topics[0].partition_cnt : 0;
  rd_kafka_metadata_destroy(metadata);
  if (partitions == 0) return Error{fmt::format("topic '{}' does not exist", topic)};
  return partitions;
}

Result<Client> open_producer(const KafkaOptions& options, const ReplayJob& job,
                             DeliveryErrors& delivered) {
  auto producer = make_client(RD_KAFKA_PRODUCER, options,
                              {{"transactional.id", transactional_id(job)},
                               {"enable.idempotence", "true"},
                               {"acks", "all"},
                               // The broker's and the topic's limits are the ones that matter.
                               {"message.max.bytes", "100000000"}},
                              &delivered);
  if (!producer) return producer.error();
  // Fences an earlier run of this job and aborts its open transaction.
  if (auto error = take_error(rd_kafka_init_transactions(producer->get(), options.timeout_ms));
      !error.empty()) {
    return Error{fmt::format("start the replay's transactions: {}", error)};
  }
  // The source's leaders, known before the first write: a producer that learns them from its
  // first message waits for its next metadata refresh, up to a second, with the first
  // transaction open.
  if (auto known = learn_leaders(producer->get(), job.source, options.timeout_ms); !known) {
    return known.error();
  }
  return producer;
}

// From the group's committed offsets (else the log start) to the log ends now, per partition.
Result<ReadRanges> starting_ranges(rd_kafka_t* consumer, const std::string& dead, int timeout_ms) {
  auto counted = learn_leaders(consumer, dead, timeout_ms);
  if (!counted) return counted.error();
  int partitions = *counted;
  PartitionList committed(partitions);
  for (int p = 0; p < partitions; ++p)
    rd_kafka_topic_partition_list_add(committed.list, dead.c_str(), p);
  if (auto e = rd_kafka_committed(consumer, committed.list, timeout_ms)) {
    return Error{fmt::format("read the replay group's offsets: {}", rd_kafka_err2str(e))};
  }
  ReadRanges ranges;
  for (int p = 0; p < partitions; ++p) {
    std::int64_t low = 0, high = 0;
    if (auto e =
            rd_kafka_query_watermark_offsets(consumer, dead.c_str(), p, &low, &high, timeout_ms)) {
      return Error{fmt::format("read the offsets of {}:{}: {}", dead, p, rd_kafka_err2str(e))};
    }
    std::int64_t done = committed.list->elems[p].offset;
    ranges[p] = {done >= 0 ? std::max(done, low) : low, high};
  }
  return ranges;
}

// The value of the last header named `name` in `headers`, pointing into them; none if absent.
std::optional<std::string_view> last_value(const rd_kafka_headers_t* headers, const char* name) {
  const void* value = nullptr;
  std::size_t size = 0;
  if (!headers || rd_kafka_header_get_last(headers, name, &value, &size)) return std::nullopt;
  return std::string_view(value ? static_cast<const char*>(value) : "", value ? size : 0);
}

// Takes the headers out of `message`, without the seven service headers: a replay writes the
// rest back. Taken, not copied: at a million messages the copies were most of the work.
rd_kafka_headers_t* replayable_headers(rd_kafka_message_t* message, std::int32_t& partition,
                                       const ReplayJob& job) {
  rd_kafka_headers_t* headers = nullptr;
  if (rd_kafka_message_detach_headers(message, &headers)) headers = nullptr;
  partition = origin_partition(last_value(headers, "dead-origin-topic"),
                               last_value(headers, "dead-origin-partition"), job.source,
                               job.source_partitions)
                  .value_or(RD_KAFKA_PARTITION_UA);
  // The names are string literals, so each view ends in a NUL.
  for (auto name : kDeadLetterHeaders) {
    if (headers) rd_kafka_header_remove(headers, name.data());
  }
  return headers;
}

// Writes `message` back to the source, without the dead-* headers, to its origin partition. A
// queue that stays full for `timeout_ms` (the broker takes nothing) is a failure, not a wait.
Result<bool> write_back(rd_kafka_t* producer, rd_kafka_message_t* message, const ReplayJob& job,
                        int timeout_ms) {
  std::int32_t partition = RD_KAFKA_PARTITION_UA;
  rd_kafka_headers_t* headers = replayable_headers(message, partition, job);
  // rd_kafka_produceva, not rd_kafka_producev: the latter's macros are GNU statement
  // expressions, which clang's -Wpedantic refuses.
  std::array<rd_kafka_vu_t, 6> fields{};
  fields[0].vtype = RD_KAFKA_VTYPE_TOPIC;
  fields[0].u.cstr = job.source.c_str();
  fields[1].vtype = RD_KAFKA_VTYPE_PARTITION;
  fields[1].u.i32 = partition;
  fields[2].vtype = RD_KAFKA_VTYPE_KEY;
  fields[2].u.mem = {message->key, message->key_len};
  fields[3].vtype = RD_KAFKA_VTYPE_VALUE;
  fields[3].u.mem = {message->payload, message->len};
  fields[4].vtype = RD_KAFKA_VTYPE_MSGFLAGS;
  fields[4].u.i = RD_KAFKA_MSG_F_COPY;
  fields[5].vtype = RD_KAFKA_VTYPE_HEADERS;
  fields[5].u.headers = headers;
  std::size_t count = headers ? 6 : 5;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    rd_kafka_error_t* error = rd_kafka_produceva(producer, fields.data(), count);
    rd_kafka_resp_err_t err = error ? rd_kafka_error_code(error) : RD_KAFKA_RESP_ERR_NO_ERROR;
    if (error) rd_kafka_error_destroy(error);
    if (!err) return true;  // the message owns the headers now
    if (err != RD_KAFKA_RESP_ERR__QUEUE_FULL || std::chrono::steady_clock::now() > deadline) {
      if (headers) rd_kafka_headers_destroy(headers);  // not taken by a refused message
      return Error{fmt::format("write to '{}': {}", job.source, rd_kafka_err2str(err))};
    }
    rd_kafka_poll(producer, 100);  // the queue drains as the broker acknowledges
  }
}

// What one transaction took: each partition's next offset, and how many messages.
struct Batch {
  std::map<std::int32_t, std::int64_t> first, next;
  std::int64_t messages = 0;
  std::int64_t bytes = 0;
};

// The open transaction's producer and what its failures are judged by.
struct Transaction {
  rd_kafka_t* producer;
  const DeliveryErrors& delivered;
  const ReplayJob& job;
  int timeout_ms;
};

// Reads up to the job's transaction size from the dead topic into `batch` and writes each back.
// On a failure `batch` holds what was written before it: a write refused because the broker
// refused an earlier message of the transaction is judged by that batch.
Result<bool> fill_transaction(rd_kafka_t* consumer, rd_kafka_t* producer, const ReplayJob& job,
                              const ReadRanges& ranges, std::set<std::int32_t>& open,
                              int timeout_ms, Batch& batch) {
  while (batch.messages < job.messages_per_transaction && batch.bytes < job.bytes_per_transaction) {
    auto message = next_in_ranges(consumer, job.dead, ranges, open, timeout_ms);
    if (!message) return message.error();
    if (!*message) break;
    if (auto written = write_back(producer, message->get(), job, timeout_ms); !written) {
      return written.error();
    }
    batch.first.try_emplace((*message)->partition, (*message)->offset);
    batch.next[(*message)->partition] = (*message)->offset + 1;
    ++batch.messages;
    batch.bytes += static_cast<std::int64_t>((*message)->len + (*message)->key_len);
  }
  return true;
}

// Whether the broker refuses the messages themselves: the same messages are refused again, so
// "run again" would stop at the same place for ever.
bool refuses_the_messages(rd_kafka_resp_err_t err) {
  switch (err) {
    case RD_KAFKA_RESP_ERR_MSG_SIZE_TOO_LARGE:
    case RD_KAFKA_RESP_ERR_RECORD_LIST_TOO_LARGE:
    case RD_KAFKA_RESP_ERR_INVALID_RECORD:
    case RD_KAFKA_RESP_ERR_POLICY_VIOLATION:
    case RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED:
      return true;
    default:
      return false;
  }
}

// What to do when the source refuses a message: running again cannot get past it.
std::string refused_advice(const ReplayJob& job, const Batch& batch) {
  std::vector<std::string> where;
  for (const auto& [p, first] : batch.first) {
    std::int64_t last = batch.next.at(p) - 1;
    where.push_back(first == last ? fmt::format("partition {} offset {}", p, first)
                                  : fmt::format("partition {} offsets {}..{}", p, first, last));
  }
  return fmt::format(
      "'{}' refuses a message of this transaction ({} of '{}'); the replay group did not move, "
      "so running again stops at the same message: raise the source's limit in its manifest and "
      "apply, or move the replay group past the message (dead show --topic {} names it; "
      "--transaction-size 1 makes the next refusal name its offset) with 'topicform offsets "
      "reset --group {} --topic {} --partition P --to-offset N --execute'",
      job.source, fmt::join(where, ", "), job.dead, job.dead, job.group, job.dead);
}

// Aborts the open transaction after `failure` (whose code is `code`) and says what to do next:
// run again, unless the source refused a message itself (the failure's code or a delivery
// report says so), which no run gets past.
Error abort_after(const Transaction& txn, const Batch* batch, const std::string& failure,
                  rd_kafka_resp_err_t code) {
  std::string aborted = take_error(rd_kafka_abort_transaction(txn.producer, txn.timeout_ms));
  rd_kafka_poll(txn.producer, 0);  // any delivery report the abort left unserved
  rd_kafka_resp_err_t cause = txn.delivered.first ? txn.delivered.first : code;
  if (batch && refuses_the_messages(cause)) {
    return Error{fmt::format("the replay stopped: {}; {}", rd_kafka_err2str(cause),
                             refused_advice(txn.job, *batch))};
  }
  return Error{
      fmt::format("{}; this transaction was aborted{}, so what it wrote is discarded; "
                  "run the replay again to go on",
                  failure, aborted.empty() ? "" : " (abort: " + aborted + ")")};
}

// Adds the batch's offsets to the transaction and commits both.
Result<bool> commit_batch(const Transaction& txn, rd_kafka_t* consumer, const Batch& batch) {
  PartitionList offsets(static_cast<int>(batch.next.size()));
  for (const auto& [p, next] : batch.next) {
    rd_kafka_topic_partition_list_add(offsets.list, txn.job.dead.c_str(), p)->offset = next;
  }
  rd_kafka_consumer_group_metadata_t* group = rd_kafka_consumer_group_metadata(consumer);
  rd_kafka_error_t* failed =
      rd_kafka_send_offsets_to_transaction(txn.producer, offsets.list, group, txn.timeout_ms);
  rd_kafka_consumer_group_metadata_destroy(group);
  std::string step = "commit the replay group's offsets: ";
  if (!failed) {
    failed = rd_kafka_commit_transaction(txn.producer, txn.timeout_ms);
    step = "commit the replay: ";
  }
  if (!failed) return true;
  rd_kafka_resp_err_t code = rd_kafka_error_code(failed);
  return abort_after(txn, &batch, step + take_error(failed), code);
}

// The test hook: the transaction's messages reach the log, then the process waits to be killed.
[[noreturn]] void hold(rd_kafka_t* producer, std::int64_t committed) {
  rd_kafka_flush(producer, 30'000);
  std::fprintf(stderr, "replay: holding an open transaction after %lld committed\n",
               static_cast<long long>(committed));
  std::fflush(stderr);
  for (;;) pause();
}

}  // namespace

Result<ReplayResult> replay_dead_letters(const KafkaOptions& options, const ReplayJob& job,
                                         const std::function<void(std::int64_t)>& progress) {
  DeliveryErrors delivered;
  auto producer = open_producer(options, job, delivered);
  if (!producer) return producer.error();
  auto consumer = open_range_reader(options, job.group, {{"auto.offset.reset", "earliest"}});
  if (!consumer) return consumer.error();
  auto ranges = starting_ranges(consumer->get(), job.dead, options.timeout_ms);
  if (!ranges) return ranges.error();
  auto open = assign_ranges(consumer->get(), job.dead, *ranges);
  if (!open) return open.error();
  Transaction txn{producer->get(), delivered, job, options.timeout_ms};
  ReplayResult result;
  while (!open->empty()) {
    if (auto e = take_error(rd_kafka_begin_transaction(txn.producer)); !e.empty()) {
      return Error{fmt::format("begin a transaction: {}", e)};
    }
    Batch batch;
    auto filled =
        fill_transaction(consumer->get(), txn.producer, job, *ranges, *open, txn.timeout_ms, batch);
    if (!filled) {
      return abort_after(txn, batch.messages ? &batch : nullptr, filled.error().message,
                         RD_KAFKA_RESP_ERR_NO_ERROR);
    }
    if (batch.messages == 0) {
      take_error(rd_kafka_abort_transaction(txn.producer, txn.timeout_ms));
      break;
    }
    if (result.transactions == job.hold_after_transactions) hold(txn.producer, result.transactions);
    if (auto committed = commit_batch(txn, consumer->get(), batch); !committed) {
      return committed.error();
    }
    result.replayed += batch.messages;
    ++result.transactions;
    progress(result.replayed);
  }
  return result;
}

}  // namespace topicform
