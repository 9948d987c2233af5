// A topic as one environment will have it: overrides applied, units converted, `.dead` derived.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ground/finding_sink.hpp"
#include "core/model/cluster_state.hpp"
#include "core/model/settings.hpp"
#include "core/model/topic_configs.hpp"
#include "core/model/topic_spec.hpp"

namespace topicform {

struct EffectiveTopic {
  const TopicSpec* spec = nullptr;  // the manifest; for a dead topic, its source's manifest
  std::string name;
  Location name_at;
  bool is_dead = false;
  Located<std::int64_t> partitions;
  Located<std::int64_t> replication_factor;  // `at` is the name when the environment supplied it
  Located<std::int64_t> retention_ms;        // present only when the manifest states it
  bool retention_stated = false;             // stated, even if its value could not be read
  Located<std::int64_t> min_insync_replicas;
  std::vector<std::string> cleanup_policy;
  Location cleanup_at;
  // Kafka config key -> entry with its normalised value: the complete desired set of overrides.
  std::map<std::string, ConfigEntry> config;
  // A derived `.dead` whose max.message.bytes follows the broker's message.max.bytes (its source
  // sets none and the environment states none): the plan puts the broker's value, as read, plus
  // kDeadLetterHeaderRoom in its place.
  bool message_limit_follows_broker = false;

  bool compacted() const;
  bool has_key() const;  // the owner card names a key other than `none`
  // A desired config as a whole number; nullopt when unset or not an integer.
  std::optional<std::int64_t> config_integer(const std::string& key) const;
};

// Resolves `spec` for `environment`; unreadable durations and sizes are reported to `sink`.
EffectiveTopic resolve_topic(const TopicSpec& spec, const Environment& environment,
                             FindingSink& sink);

// A dead-letter topic: derived from its source, or a manifest of its own named `<source>.dead`
// (an adopted one, say).
bool is_dead_letter_topic(const EffectiveTopic& topic);

// Whether the source gets a `.dead` topic: it has consumers or configures one, and did not opt out.
bool wants_dead_letter(const TopicSpec& spec);

// What a `.dead` topic takes beyond its source's limit: the runbook's seven dead-* headers at
// their largest (a topic name and a group of 249 bytes, dead-error's 500 characters as up to
// 2,000 bytes of UTF-8, numbers and a timestamp, their keys and lengths: about 2.8 KiB), with room
// to spare for a record that a consumer re-batches on its own.
inline constexpr std::int64_t kDeadLetterHeaderRoom = 8'192;

// Whether the pairing sets `key` on a derived `.dead` (cleanup.policy, retention.ms,
// min.insync.replicas): not the dead topic's own to configure.
bool fixed_by_pairing(std::string_view key);

// The largest message `source` takes: its max.message.bytes, else the environment's stated
// broker limit; nullopt when only the broker can tell.
std::optional<std::int64_t> stated_message_limit(const EffectiveTopic& source,
                                                 const Environment& environment);

// The `.dead` topic paired with `source` (runbook step 4): 1 partition, the source's replication,
// longer retention, cleanup delete, and a message limit that takes every message the source
// takes with the dead-letter headers; `deadLetter.config` adds the dead topic's own configs.
EffectiveTopic derive_dead_letter(const EffectiveTopic& source, const Settings& settings,
                                  const Environment& environment, FindingSink& sink);

// The desired configs of `topic`: its complete set of dynamic configs, normalised (the diff
// compares them, the rules and the fingerprint read them). A `.dead` whose message limit follows
// the broker's takes the broker's message.max.bytes from `actual` when it was read (else Kafka's
// default), plus the dead-letter headers' room.
std::map<std::string, std::string> desired_configs(const EffectiveTopic& topic,
                                                   const ClusterState* actual = nullptr);

// The topic's retention.ms as it will be set, -1 (kept for ever) included; nullopt when the
// manifest leaves it to the broker.
std::optional<std::int64_t> retention_limit_ms(const EffectiveTopic& topic);

}  // namespace topicform
