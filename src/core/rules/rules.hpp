// The offline rules, one function per area; each reads effective topics and reports to a sink.
#pragma once

#include <vector>

#include "core/model/effective_topic.hpp"
#include "core/model/settings.hpp"
#include "core/rules/rule_sink.hpp"

namespace topicform {

struct RuleContext {
  const Settings& settings;
  const Environment& environment;
};

void check_naming(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink);
void check_partitions(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink);
void check_replication(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink);
void check_retention(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink);
void check_cleanup(const EffectiveTopic& topic, RuleSink& sink);
void check_owner(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink);
// The producer, groups, team and extraAccess names an owner card grants to are literal names.
void check_literal_names(const EffectiveTopic& topic, RuleSink& sink);
void check_config(const TopicSpec& spec, const EffectiveTopic& topic, const RuleContext& context,
                  RuleSink& sink);
// A key and value of a `config:` map: a Kafka 4.x topic config, valid for its type
// (config/known-key).
void check_config_entry(const ConfigEntry& entry, RuleSink& sink);
// `dead` is the derived topic, or nullptr when the source has none.
void check_dead_letter(const EffectiveTopic& source, const EffectiveTopic* dead, RuleSink& sink);
// `deadLetter.config`: known keys, none the pairing fixes, and a dead topic that takes every
// message its source takes (dead/fixed-config, dead/accepts-source).
void check_dead_config(const EffectiveTopic& source, const RuleContext& context, RuleSink& sink);
// The message contract of an event topic's JSON Schema: a required stable id, a version field
// (contract/event-id, contract/event-version).
void check_contract(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink);
// Numeric amounts that name no unit, once per schema file however many topics share it
// (contract/units).
void check_schema_units(const std::vector<EffectiveTopic>& topics, const RuleContext& context,
                        RuleSink& sink);
// Rules that compare topics with each other: duplicates, metric collisions, budgets, orphans.
void check_across_topics(const std::vector<EffectiveTopic>& topics, const RuleContext& context,
                         RuleSink& sink);

// Kafka's limit on a topic name's length (naming/legal), derived `.dead` names included.
inline constexpr std::size_t kMaxTopicNameLength = 249;

// Whether Kafka allows `name` for a topic: 1 to 249 letters, digits, '.', '_' or '-', not '.'
// or '..' (naming/legal).
bool is_legal_topic_name(std::string_view name);

// The name Kafka's metrics use for a topic: '.' becomes '_' (naming/metric-collision).
std::string metric_name(std::string name);

// Estimated disk for a topic with declared throughput (rules.md "retention/storage-estimate"):
// msg/s x bytes x retention x RF, capped by retention.bytes, plus one active segment per
// partition replica. nullopt without throughput or with unbounded retention.
std::optional<double> estimate_storage_bytes(const EffectiveTopic& topic);

}  // namespace topicform
