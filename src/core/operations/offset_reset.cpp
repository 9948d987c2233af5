// The arithmetic of an offset reset: Kafka's options, clamped into each partition's log.
#include "core/operations/offset_reset.hpp"

#include <algorithm>
#include <ctime>
#include <limits>

#include <fmt/format.h>

#include "core/operations/dead_letters.hpp"

namespace topicform {
namespace {

// a + b, held within int64 (a shift by a huge N must not overflow).
std::int64_t saturating_add(std::int64_t a, std::int64_t b) {
  if (b > 0 && a > std::numeric_limits<std::int64_t>::max() - b) {
    return std::numeric_limits<std::int64_t>::max();
  }
  if (b < 0 && a < std::numeric_limits<std::int64_t>::min() - b) {
    return std::numeric_limits<std::int64_t>::min();
  }
  return a + b;
}

Result<std::int64_t> asked_offset(const ResetRequest& request, std::int32_t partition,
                                  const PartitionOffsetsNow& now) {
  switch (request.to) {
    case ResetTo::earliest:
      return now.log_start;
    case ResetTo::latest:
      return now.log_end;
    case ResetTo::offset:
      return request.value;
    case ResetTo::datetime:
      return now.at_time.value_or(now.log_end);
    case ResetTo::shift_by:
      break;
  }
  if (!now.committed) {
    return Error{
        fmt::format("group '{}' has no committed offset on {}:{} to shift from; use --to-earliest, "
                    "--to-latest or --to-offset for it",
                    request.group, request.topic, partition)};
  }
  return saturating_add(*now.committed, request.value);
}

}  // namespace

std::optional<std::int64_t> parse_reset_time(const std::string& text) {
  if (auto zoned = parse_dead_at(text)) return zoned;
  auto as_utc = parse_dead_at(text + "Z");
  if (!as_utc) return std::nullopt;
  std::time_t seconds = static_cast<std::time_t>(*as_utc / 1000);
  std::tm local{};
  localtime_r(&seconds, &local);  // the zone's offset at about that time
  return *as_utc - static_cast<std::int64_t>(local.tm_gmtoff) * 1000;
}

std::string utc_instant_text(std::int64_t ms) {
  std::int64_t seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000;  // floor, before 1970 too
  std::time_t whole = static_cast<std::time_t>(seconds);
  std::tm parts{};
  gmtime_r(&whole, &parts);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", parts.tm_year + 1900,
                     parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec,
                     ms - seconds * 1000);
}

Result<PartitionReset> plan_partition_reset(const ResetRequest& request, std::int32_t partition,
                                            const PartitionOffsetsNow& now) {
  auto asked = asked_offset(request, partition, now);
  if (!asked) return asked.error();
  PartitionReset reset;
  reset.partition = partition;
  reset.current = now.committed;
  reset.target = std::clamp(*asked, now.log_start, std::max(now.log_start, now.log_end));
  if (reset.target != *asked) reset.asked = *asked;
  reset.lag_after = now.log_end - reset.target;
  return reset;
}

}  // namespace topicform
