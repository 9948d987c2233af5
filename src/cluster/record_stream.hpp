// Reads a topic's messages between offsets taken beforehand, as no consumer group (assigned
// partitions, never a commit), so a look at a dead topic moves nobody's position.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

#include <librdkafka/rdkafka.h>

#include "cluster/client_handles.hpp"
#include "cluster/kafka_admin.hpp"
#include "core/operations/dead_letters.hpp"

namespace topicform {

struct ReadRange {
  std::int64_t from = 0;  // the first offset to read
  std::int64_t to = 0;    // past the last: the log end when the read began
};
using ReadRanges = std::map<std::int32_t, ReadRange>;

// A consumer for reading ranges as `group` (read_committed, partition ends reported, nothing
// committed or stored unless asked), with `more` properties of its own, fetching steadily
// (steady_fetch_properties).
Result<Client> open_range_reader(const KafkaOptions& options, const std::string& group,
                                 const ClientProperties& more = {});

// Assigns `consumer` the partitions of `ranges` that hold anything, each at its `from`; returns
// them.
Result<std::set<std::int32_t>> assign_ranges(rd_kafka_t* consumer, const std::string& topic,
                                             const ReadRanges& ranges);

using Message = std::unique_ptr<rd_kafka_message_t, void (*)(rd_kafka_message_t*)>;

// The next message in `ranges` from a partition still `open` on `consumer`, closing each
// partition at its `to` or its end; null once all are closed. An error on a failed fetch, or
// when nothing arrives for `timeout_ms`.
Result<Message> next_in_ranges(rd_kafka_t* consumer, const std::string& topic,
                               const ReadRanges& ranges, std::set<std::int32_t>& open,
                               int timeout_ms);

// Calls `each` for every message of `topic` in `ranges` (read_committed: an aborted write is not
// one), then `progress(read so far)` every 10,000 and at the end. Stops when each partition
// reached its `to` (or its end, when transactions keep it short); an error when the cluster
// stays silent for `options.timeout_ms`, or a fetch fails.
Result<std::int64_t> read_records(const KafkaOptions& options, const std::string& topic,
                                  const ReadRanges& ranges,
                                  const std::function<void(const DeadRecord&)>& each,
                                  const std::function<void(std::int64_t)>& progress);

}  // namespace topicform
