// deadLetter.config: the dead topic's own configs, checked like any topic's, and kept from undoing
// the pairing (dead/fixed-config) or refusing what its source accepts (dead/accepts-source).
#include <fmt/format.h>

#include "core/model/units.hpp"
#include "core/rules/rules.hpp"

namespace topicform {
namespace {

void check_limit(const ConfigEntry& entry, const EffectiveTopic& source, const RuleContext& context,
                 RuleSink& sink) {
  auto value = parse_integer(entry.value);
  if (!value) return;  // config/known-key says why
  auto stated = stated_message_limit(source, context.environment);
  std::int64_t needed = stated.value_or(kKafkaMessageMaxBytes) + kDeadLetterHeaderRoom;
  if (*value >= needed) return;
  sink.report("dead/accepts-source", entry.value_at,
              fmt::format("'{}.dead' would take messages of at most {} bytes, but '{}' takes "
                          "{} ({}) and a parked message carries the dead-letter headers: at least "
                          "{} is needed, or a consumer cannot park a message and stops on it; "
                          "remove the override to have it derived",
                          source.name, *value, source.name, stated.value_or(kKafkaMessageMaxBytes),
                          stated ? "its limit" : "Kafka's default", needed));
}

}  // namespace

void check_dead_config(const EffectiveTopic& source, const RuleContext& context, RuleSink& sink) {
  const auto& dead = source.spec->dead_letter;
  if (!dead) return;
  for (const auto& entry : dead->config) {
    check_config_entry(entry, sink);
    // Set from the source and the settings: an override here would silently not take effect.
    if (fixed_by_pairing(entry.key)) {
      sink.report(
          "dead/fixed-config", entry.key_at,
          fmt::format("'{}' of '{}.dead' follows from the pairing ({}): remove it here", entry.key,
                      source.name,
                      entry.key == "retention.ms"     ? "set deadLetter.retention instead"
                      : entry.key == "cleanup.policy" ? "a dead topic deletes, it never compacts"
                                                      : "it is the source's"));
    } else if (entry.key == "max.message.bytes") {
      check_limit(entry, source, context, sink);
    }
  }
}

}  // namespace topicform
