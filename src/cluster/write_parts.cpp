// Record counts of the topic writes as Kafka 4's controller makes them, and its "too large" answer.
#include "cluster/write_parts.hpp"

#include <algorithm>

namespace topicform {
namespace {

constexpr const char* kMinInsyncReplicas = "min.insync.replicas";

}  // namespace

std::size_t create_records(const CreateTopic& topic) {
  std::size_t partitions = static_cast<std::size_t>(std::max<std::int64_t>(1, topic.partitions));
  std::size_t clear_elr = topic.configs.count(kMinInsyncReplicas);
  return 1 + partitions + topic.configs.size() + clear_elr;
}

std::size_t alter_records(const AlterConfig& change, bool incremental) {
  bool touches_min_isr =
      std::any_of(change.changes.begin(), change.changes.end(),
                  [](const ConfigChange& c) { return c.key == kMinInsyncReplicas; });
  // A full-replace AlterConfigs names every desired key; the controller writes records only for
  // values that differ, but counting the request's keys too keeps the bound safe.
  std::size_t keys = change.changes.size() + (incremental ? 0 : change.desired.size());
  return std::max<std::size_t>(1, keys) + (touches_min_isr ? 1 : 0);
}

bool refused_as_too_large(const std::vector<TopicOutcome>& outcomes) {
  if (outcomes.empty()) return false;
  return std::all_of(outcomes.begin(), outcomes.end(), [](const TopicOutcome& o) {
    return !o.ok && (o.error.find("excessively large batch operation") != std::string::npos ||
                     o.error.find("Excessively large number of partitions") != std::string::npos);
  });
}

}  // namespace topicform
