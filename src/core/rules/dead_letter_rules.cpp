// dead/*: every consumed topic has a `.dead` topic that outlives it, and dead topics don't chain.
#include <algorithm>

#include <fmt/format.h>

#include "core/model/topic_names.hpp"
#include "core/model/units.hpp"
#include "core/rules/rules.hpp"

namespace topicform {

void check_dead_letter(const EffectiveTopic& source, const EffectiveTopic* dead, RuleSink& sink) {
  const TopicSpec& spec = *source.spec;
  const auto& config = spec.dead_letter;
  if (is_dead_letter_name(source.name)) {
    if (config) {
      sink.report(
          "dead/no-chain", config->at,
          fmt::format("'{}' is a dead-letter topic and cannot have one of its own", source.name));
    }
    return;
  }
  if (config && config->enabled.present && !config->enabled.value &&
      !spec.owner.consumers.empty() && !config->reason.present) {
    sink.report("dead/paired", config->enabled.at,
                fmt::format("'{}' is consumed by services but turns its '.dead' topic off without "
                            "a 'reason'",
                            source.name));
  }
  auto source_limit = retention_limit_ms(source);
  if (dead != nullptr && dead->name.size() > kMaxTopicNameLength) {
    sink.report(
        "naming/legal", source.name_at,
        fmt::format("the dead-letter topic of '{}' would be named '{}…' ({} characters): "
                    "Kafka allows {}; shorten the name",
                    source.name, dead->name.substr(0, 40), dead->name.size(), kMaxTopicNameLength));
  }
  if (dead == nullptr || !dead->retention_ms.present || !source_limit) return;
  bool deletes = std::find(source.cleanup_policy.begin(), source.cleanup_policy.end(), "delete") !=
                 source.cleanup_policy.end();
  if (!deletes) return;  // a compact-only source never expires messages by time
  std::int64_t kept = dead->retention_ms.value;
  std::int64_t source_kept = *source_limit;
  bool longer = kept < 0 || (source_kept >= 0 && kept > source_kept);
  if (!longer) {
    bool configured = config && config->retention.present;
    sink.report(
        "dead/longer-retention",
        configured                    ? config->retention.at
        : source.retention_ms.present ? source.retention_ms.at
                                      : source.name_at,
        fmt::format("'{}' keeps messages for {}, not longer than '{}' ({}): failed messages "
                    "would vanish before anyone reads them{}",
                    dead->name, format_duration_ms(kept), source.name,
                    format_duration_ms(source_kept),
                    configured ? "" : "; set spec.deadLetter.retention"));
  }
}

}  // namespace topicform
