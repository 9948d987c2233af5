// Fingerprints are plain text rather than hashes: a stale plan can say what changed.
#include "core/fingerprint.hpp"

#include <fmt/format.h>

#include "core/topic_configs.hpp"

namespace topicform {

std::string topic_fingerprint(const ClusterState& state, const std::string& topic) {
  auto it = state.topics.find(topic);
  if (it == state.topics.end()) return "absent";
  std::string configs;
  for (const auto& [key, value] : it->second.configs) {
    configs +=
        fmt::format("{}{}={}", configs.empty() ? "" : ",", key, normalise_config_value(key, value));
  }
  return fmt::format("partitions={} replicationFactor={} configs={{{}}}", it->second.partitions,
                     it->second.replication_factor, configs);
}

std::map<std::string, std::string> plan_fingerprints(const Plan& plan, const ClusterState& state) {
  std::map<std::string, std::string> out;
  for (const auto& action : plan.actions) {
    const std::string& topic = action_topic(action);
    out[topic] = topic_fingerprint(state, topic);
  }
  return out;
}

}  // namespace topicform
