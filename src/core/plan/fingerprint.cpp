// The digest reads the same normalised values the plan compares, so a reformatted file keeps it.
#include "core/plan/fingerprint.hpp"

#include <cstdint>

#include <fmt/format.h>

#include "core/ground/fnv1a.hpp"
#include "core/model/effective_topic.hpp"

namespace topicform {

std::string desired_digest(const std::vector<EffectiveTopic>& topics, const Settings& settings,
                           const Environment& environment) {
  std::string text = fmt::format("env={} pin={}\n", environment.name, environment.cluster_id);
  for (const auto& topic : topics) {
    text += fmt::format("{} p={} rf={} deleted={} keyRemap={}", topic.name, topic.partitions.value,
                        topic.replication_factor.value, topic.spec->deleted.value,
                        topic.spec->allow_key_remap.value);
    for (const auto& [key, value] : desired_configs(topic))
      text += fmt::format(" {}={}", key, value);
    text += "\n";
  }
  for (const auto& [rule, severity] : settings.severities) {
    text += fmt::format("rule {}={}\n", rule, severity ? to_string(*severity) : "off");
  }
  for (const auto& key : settings.unmanaged_configs) text += fmt::format("unmanaged {}\n", key);
  return fmt::format("{:016x}", fnv1a(text));
}

}  // namespace topicform
