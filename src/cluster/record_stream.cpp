// A group-less reader over assigned partitions: reads to the ends taken at the start and stops.
#include "cluster/record_stream.hpp"

#include <algorithm>
#include <chrono>
#include <set>

#include <fmt/format.h>

#include "cluster/client_handles.hpp"

namespace topicform {
namespace {

DeadRecord record_of(const rd_kafka_message_t* message) {
  DeadRecord record;
  record.partition = message->partition;
  record.offset = message->offset;
  if (message->key)
    record.key = std::string(static_cast<const char*>(message->key), message->key_len);
  record.headers = headers_of(message);
  return record;
}

}  // namespace

Result<Client> open_range_reader(const KafkaOptions& options, const std::string& group,
                                 const ClientProperties& more) {
  ClientProperties properties = steady_fetch_properties(options.properties);
  properties.insert(more.begin(), more.end());
  properties.insert({{"group.id", group},
                     {"enable.auto.commit", "false"},
                     {"enable.auto.offset.store", "false"},
                     {"enable.partition.eof", "true"},
                     {"isolation.level", "read_committed"}});
  return make_client(RD_KAFKA_CONSUMER, options, properties);
}

Result<std::set<std::int32_t>> assign_ranges(rd_kafka_t* consumer, const std::string& topic,
                                             const ReadRanges& ranges) {
  std::set<std::int32_t> open;
  PartitionList assigned(static_cast<int>(ranges.size()));
  for (const auto& [p, range] : ranges) {
    if (range.from >= range.to) continue;
    rd_kafka_topic_partition_list_add(assigned.list, topic.c_str(), p)->offset = range.from;
    open.insert(p);
  }
  if (open.empty()) return open;
  if (auto err = rd_kafka_assign(consumer, assigned.list)) {
    return Error{fmt::format("read '{}': {}", topic, rd_kafka_err2str(err))};
  }
  return open;
}

Result<Message> next_in_ranges(rd_kafka_t* consumer, const std::string& topic,
                               const ReadRanges& ranges, std::set<std::int32_t>& open,
                               int timeout_ms) {
  auto heard = std::chrono::steady_clock::now();
  while (!open.empty()) {
    Message message(rd_kafka_consumer_poll(consumer, 200), rd_kafka_message_destroy);
    auto now = std::chrono::steady_clock::now();
    if (!message) {
      if (now - heard > std::chrono::milliseconds(timeout_ms)) {
        return Error{fmt::format("read '{}': nothing arrived for {} ms", topic, timeout_ms)};
      }
      continue;
    }
    heard = now;
    std::int32_t p = message->partition;
    if (message->err == RD_KAFKA_RESP_ERR__PARTITION_EOF) {
      open.erase(p);  // the end, short of `to` when transactions' markers fill the rest
      continue;
    }
    if (message->err) {
      return Error{fmt::format("read '{}': {}", topic, rd_kafka_message_errstr(message.get()))};
    }
    if (!open.count(p) || message->offset >= ranges.at(p).to) continue;
    if (message->offset + 1 >= ranges.at(p).to) open.erase(p);
    return message;
  }
  return Message(nullptr, rd_kafka_message_destroy);
}

Result<std::int64_t> read_records(const KafkaOptions& options, const std::string& topic,
                                  const ReadRanges& ranges,
                                  const std::function<void(const DeadRecord&)>& each,
                                  const std::function<void(std::int64_t)>& progress) {
  // A consumer with a group id asks for the group's coordinator as soon as it exists, and that
  // question makes the broker create its offsets topic: with nothing to read, none is opened.
  bool anything = std::any_of(ranges.begin(), ranges.end(), [](const auto& entry) {
    return entry.second.from < entry.second.to;
  });
  if (!anything) {
    progress(0);
    return std::int64_t{0};
  }
  // librdkafka's consumer needs a group id even for assigned partitions; this one never joins
  // (no subscribe) and never commits (no auto commit, no commit call), so no broker keeps it.
  auto consumer = open_range_reader(options, "topicform-read-only");
  if (!consumer) return consumer.error();
  auto open = assign_ranges(consumer->get(), topic, ranges);
  if (!open) return open.error();
  std::int64_t read = 0;
  for (;;) {
    auto message = next_in_ranges(consumer->get(), topic, ranges, *open, options.timeout_ms);
    if (!message) return Error{fmt::format("{}; {} messages read", message.error().message, read)};
    if (!*message) break;
    each(record_of(message->get()));
    if (++read % 10'000 == 0) progress(read);
  }
  progress(read);
  return read;
}

}  // namespace topicform
