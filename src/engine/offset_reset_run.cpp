// Plan → check → execute → read back for a consumer group's offsets; refuses while it has live
// members, as Kafka's own tool does, and says how to stop them.
#include "engine/offset_reset_run.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/text/visible_text.hpp"

namespace topicform {

Result<ResetOutcome> plan_offset_reset(GroupOffsets& cluster, const ResetRequest& request) {
  ResetOutcome outcome;
  auto activity = cluster.group_activity(request.group);
  if (!activity) return activity.error();
  outcome.activity = *activity;
  std::optional<std::int64_t> time;
  if (request.to == ResetTo::datetime) time = request.value;
  auto now = cluster.partition_offsets(request.group, request.topic, time);
  if (!now) return now.error();
  for (auto p : request.partitions) {
    if (!now->count(p)) {
      return Error{fmt::format("topic '{}' has no partition {} (it has {})", visible(request.topic),
                               p, now->size())};
    }
  }
  for (const auto& [partition, offsets] : *now) {
    bool wanted = request.partitions.empty() ||
                  std::find(request.partitions.begin(), request.partitions.end(), partition) !=
                      request.partitions.end();
    if (!wanted) continue;
    auto reset = plan_partition_reset(request, partition, offsets);
    if (!reset) return reset.error();
    outcome.partitions.push_back(*reset);
  }
  return outcome;
}

std::optional<Error> live_group_refusal(const ResetRequest& request,
                                        const GroupActivity& activity) {
  if (!activity.live) return std::nullopt;
  std::string protocol =
      activity.protocol.empty() ? "" : fmt::format(", {} protocol", activity.protocol);
  return Error{fmt::format(
      "group '{}' has live members (state {}{}): Kafka moves a group's offsets only while it is "
      "stopped; stop the service first (docker compose stop app), then run this again; nothing "
      "was written",
      visible(request.group), visible(activity.state), protocol)};
}

namespace {

Result<bool> read_back(GroupOffsets& cluster, const ResetRequest& request,
                       const std::vector<PartitionReset>& planned) {
  auto now = cluster.partition_offsets(request.group, request.topic, std::nullopt);
  if (!now) return Error{fmt::format("read back the offsets: {}", now.error().message)};
  for (const auto& reset : planned) {
    auto found = now->find(reset.partition);
    if (found == now->end() || found->second.committed != reset.target) {
      return Error{fmt::format(
          "read back: group '{}' on {}:{} holds offset {} instead of {}; run the reset again",
          visible(request.group), visible(request.topic), reset.partition,
          found == now->end() || !found->second.committed
              ? std::string("none")
              : std::to_string(*found->second.committed),
          reset.target)};
    }
  }
  return true;
}

}  // namespace

Result<ResetOutcome> execute_offset_reset(GroupOffsets& cluster, const ResetRequest& request) {
  auto outcome = plan_offset_reset(cluster, request);
  if (!outcome) return outcome.error();
  if (auto refused = live_group_refusal(request, outcome->activity)) return *refused;
  // Members may have joined since the plan's read: asked again at the moment of writing.
  auto again = cluster.group_activity(request.group);
  if (!again) return again.error();
  if (auto refused = live_group_refusal(request, *again)) return *refused;
  std::map<std::int32_t, std::int64_t> offsets;
  for (const auto& reset : outcome->partitions) offsets[reset.partition] = reset.target;
  if (auto committed = cluster.commit_offsets(request.group, request.topic, offsets); !committed) {
    return Error{fmt::format("commit the new offsets: {}", committed.error().message)};
  }
  outcome->written = true;
  if (auto verified = read_back(cluster, request, outcome->partitions); !verified) {
    return verified.error();
  }
  return outcome;
}

}  // namespace topicform
