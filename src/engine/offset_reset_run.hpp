// An offset reset as the engine runs every write: read, plan, check, execute, read back.
#pragma once

#include <vector>

#include "core/operations/offset_reset.hpp"

namespace topicform {

struct ResetOutcome {
  GroupActivity activity;
  std::vector<PartitionReset> partitions;  // by partition
  bool written = false;
};

// Reads the group and the topic's partitions and plans each partition's offset; writes nothing.
// An error names a partition asked for that the topic does not have.
Result<ResetOutcome> plan_offset_reset(GroupOffsets& cluster, const ResetRequest& request);

// The refusal of a reset while `activity` shows live members, or none.
std::optional<Error> live_group_refusal(const ResetRequest& request, const GroupActivity& activity);

// Plans, refuses a group with live members (checked again just before the write), commits the
// new offsets and reads them back: an error when any differs from its target.
Result<ResetOutcome> execute_offset_reset(GroupOffsets& cluster, const ResetRequest& request);

}  // namespace topicform
