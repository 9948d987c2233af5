// How a ListOffsets answer becomes each partition's offset: pure, so both librdkafka paths
// (2.3.0's ListOffsets, 2.0.2's offsets_for_times) are tested without a broker.
#pragma once

#include <librdkafka/rdkafka.h>

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "core/ground/result.hpp"
#include "core/model/cluster_state.hpp"

namespace topicform {

// The offset (and so the count) of a topic the broker no longer knows: deleted since the
// metadata read. Never an offset, nor a special timestamp.
inline constexpr std::int64_t kGoneTopic = -1000;
// A partition whose leader did not answer (just created, or its leader moving): its count is
// unknown, which blocks a delete of it (core/rules).
inline constexpr std::int64_t kUncounted = kUncountedMessages;

using PartitionOffsets = std::map<std::pair<std::string, std::int32_t>, std::int64_t>;

// A leader moving or still loading, or no answer in time: asking later may succeed.
bool leader_moving(rd_kafka_resp_err_t err);

// Each partition of `answered` as an offset, kUncounted or kGoneTopic. `call` is the error of the
// call as a whole; offsets_for_times returns a partition's error as the call's too, so a call
// error that a partition can carry (a leader moving, a topic unknown) is read per partition, as
// 2.3.0's ListOffsets reports it. Any other error fails the whole answer, with its name.
Result<PartitionOffsets> offsets_of_answer(rd_kafka_resp_err_t call,
                                           const rd_kafka_topic_partition_list_t& answered);

}  // namespace topicform
