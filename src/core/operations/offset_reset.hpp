// A consumer group's offset reset as kafka-consumer-groups.sh --reset-offsets means it (runbook
// step 7, "typical failures"): each partition's new offset, held within its log. Pure; the reads
// and the write are behind GroupOffsets, the cluster's edge.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/ground/result.hpp"

namespace topicform {

enum class ResetTo { earliest, latest, offset, shift_by, datetime };

struct ResetRequest {
  std::string group;
  std::string topic;
  ResetTo to = ResetTo::earliest;
  std::int64_t value = 0;                // the offset, the shift, or the time in ms since the epoch
  std::vector<std::int32_t> partitions;  // empty: every partition of the topic
};

// What the cluster says of one partition before a reset.
struct PartitionOffsetsNow {
  std::optional<std::int64_t> committed;  // the group's, none when it has not committed here
  std::int64_t log_start = 0;
  std::int64_t log_end = 0;
  // With --to-datetime: the first offset whose timestamp is at or after the time; none when no
  // message is that recent (Kafka then takes the log end).
  std::optional<std::int64_t> at_time;
};

struct PartitionReset {
  std::int32_t partition = 0;
  std::optional<std::int64_t> current;
  std::int64_t target = 0;
  std::int64_t lag_after = 0;         // log end minus target
  std::optional<std::int64_t> asked;  // the offset asked for, when clamped into the log
};

// --to-datetime's TIME as Kafka's tool reads it: "2026-01-15T00:00:00.000" in local time, or
// with a zone ('Z', "+03:00"); milliseconds since the epoch, or none when it is not one.
std::optional<std::int64_t> parse_reset_time(const std::string& text);

// Milliseconds since the epoch as UTC with milliseconds ("2026-01-15T00:00:00.000Z"): the instant
// a --to-datetime resolved to, shown before anything moves.
std::string utc_instant_text(std::int64_t ms);

// The new offset of one partition, or an error (a shift without a committed offset to shift).
Result<PartitionReset> plan_partition_reset(const ResetRequest& request, std::int32_t partition,
                                            const PartitionOffsetsNow& now);

// Whether a group has live members: the reset is refused while it has.
struct GroupActivity {
  bool exists = false;
  bool live = false;     // members are connected (any state but Empty or Dead)
  std::string state;     // as the broker names it
  std::string protocol;  // "classic" or "consumer" (KIP-848), when known
};

// The reads and the write of a reset, at the cluster's edge.
class GroupOffsets {
 public:
  virtual ~GroupOffsets() = default;
  virtual Result<GroupActivity> group_activity(const std::string& group) = 0;
  // Every partition of `topic` with its log bounds, the group's committed offset and, when
  // `time_ms` is given, the first offset at or after it; an error when the topic is missing.
  virtual Result<std::map<std::int32_t, PartitionOffsetsNow>> partition_offsets(
      const std::string& group, const std::string& topic, std::optional<std::int64_t> time_ms) = 0;
  virtual Result<bool> commit_offsets(const std::string& group, const std::string& topic,
                                      const std::map<std::int32_t, std::int64_t>& offsets) = 0;
};

}  // namespace topicform
