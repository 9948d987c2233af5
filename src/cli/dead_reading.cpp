// A dead topic read to its end as it was at the start, into a triage.
#include "cli/dead_reading.hpp"

#include <fmt/format.h>

#include "cli/progress.hpp"

namespace topicform {

Result<DeadTopicReader> DeadTopicReader::connect(const ConnectionOptions& connection,
                                                 const Environment& environment) {
  auto options = kafka_options(connection, environment);
  if (!options) return options.error();
  auto admin = KafkaAdmin::connect(*options);
  if (!admin) return admin.error();
  return DeadTopicReader(std::move(*options), std::move(*admin));
}

Result<std::optional<ReadRanges>> DeadTopicReader::ranges(const std::string& topic,
                                                          const std::string& group) {
  auto exists = m_admin->partition_count(topic);
  if (!exists) return exists.error();
  if (!*exists) return std::optional<ReadRanges>();
  ReadRanges ranges;
  if (group.empty()) {
    auto bounds = m_admin->log_bounds(topic);
    if (!bounds) return bounds.error();
    for (const auto& [p, bound] : *bounds) ranges[p] = {bound.first, bound.second};
    return std::optional<ReadRanges>(ranges);
  }
  auto offsets = m_admin->partition_offsets(group, topic, std::nullopt);
  if (!offsets) return offsets.error();
  for (const auto& [p, now] : *offsets) {
    ranges[p] = {std::max(now.committed.value_or(now.log_start), now.log_start), now.log_end};
  }
  return std::optional<ReadRanges>(ranges);
}

Result<DeadTopicTriage> DeadTopicReader::triage(const std::string& topic,
                                                const std::string& group) {
  auto wanted = ranges(topic, group);
  if (!wanted) return wanted.error();
  if (!*wanted) {
    DeadTopicTriage missing;
    missing.topic = topic;
    missing.exists = false;
    return missing;
  }
  std::int64_t total = 0;
  for (const auto& [p, range] : **wanted) total += std::max<std::int64_t>(0, range.to - range.from);
  DeadLetterTriage gathered;
  ProgressLine progress(fmt::format("reading {}", topic), total);
  auto read = read_records(
      m_options, topic, **wanted, [&](const DeadRecord& record) { gathered.add(record); },
      [&](std::int64_t done) { progress.update(done); });
  if (!read) return read.error();
  return triage_of(topic, gathered);
}

}  // namespace topicform
