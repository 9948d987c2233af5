// Overrides, unit conversion and dead-letter derivation: the step from manifest to desired topic.
#include "core/model/effective_topic.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/model/topic_configs.hpp"
#include "core/model/topic_names.hpp"
#include "core/model/units.hpp"

namespace topicform {
namespace {

template <class T>
const Located<T>& pick(const Located<T>& base, const Located<T>& override_value) {
  return override_value.present ? override_value : base;
}

void put_config(EffectiveTopic& topic, const ConfigEntry& entry) {
  ConfigEntry normalised = entry;
  normalised.value = normalise_config_value(entry.key, entry.value);
  topic.config[entry.key] = std::move(normalised);
}

// A field in human units that also has a raw config key: both set is a contradiction.
void put_converted(EffectiveTopic& topic, const std::string& key, const Located<std::string>& raw,
                   std::int64_t value, FindingSink& sink) {
  if (auto it = topic.config.find(key); it != topic.config.end()) {
    sink.report("config/cross-field", it->second.key_at,
                fmt::format("'{}' is set both here and as '{}' at line {}: set it once", key,
                            raw.value, raw.at.line));
  }
  topic.config[key] = ConfigEntry{key, raw.at, std::to_string(value), raw.at};
}

Located<std::int64_t> parse_duration_field(const Located<std::string>& raw, std::string_view what,
                                           FindingSink& sink) {
  Located<std::int64_t> out;
  if (!raw.present) return out;
  if (auto ms = parse_duration_ms(raw.value)) return {*ms, raw.at, true};
  sink.report("retention/units", raw.at,
              fmt::format("{} '{}' is not a duration: write a number with ms, s, m, h, d or w "
                          "(e.g. 7d, 36h), or 'infinite'",
                          what, raw.value));
  return out;
}

}  // namespace

bool EffectiveTopic::compacted() const {
  return std::find(cleanup_policy.begin(), cleanup_policy.end(), "compact") != cleanup_policy.end();
}

std::optional<std::int64_t> EffectiveTopic::config_integer(const std::string& key) const {
  auto it = config.find(key);
  if (it == config.end()) return std::nullopt;
  return parse_integer(it->second.value);
}

bool EffectiveTopic::has_key() const {
  return spec != nullptr && spec->owner.key.present && spec->owner.key.value != "none" &&
         !spec->owner.key.value.empty();
}

namespace {

// `retention` and `retentionBytes` as the configs Kafka reads; unreadable values are reported.
void put_retention(EffectiveTopic& topic, const TopicSpec& spec, const TopicOverride& local,
                   FindingSink& sink) {
  const Located<std::string>& retention = pick(spec.retention, local.retention);
  topic.retention_stated = retention.present || topic.config.count("retention.ms") > 0;
  if (auto ms = parse_duration_field(retention, "retention", sink); ms.present) {
    put_converted(topic, "retention.ms", retention, ms.value, sink);
  }
  if (!spec.retention_bytes.present) return;
  if (auto bytes = parse_size_bytes(spec.retention_bytes.value)) {
    put_converted(topic, "retention.bytes", spec.retention_bytes, *bytes, sink);
  } else {
    sink.report("retention/units", spec.retention_bytes.at,
                fmt::format("retentionBytes '{}' is not a size: write a number with B, KiB, "
                            "MiB, GiB or TiB (e.g. 10GiB), or 'infinite'",
                            spec.retention_bytes.value));
  }
}

// `cleanupPolicy` as the config, and the policy as a list read from whichever config holds it.
void put_cleanup_policy(EffectiveTopic& topic, const TopicSpec& spec, FindingSink& sink) {
  if (spec.cleanup_policy.present) {
    if (auto it = topic.config.find("cleanup.policy"); it != topic.config.end()) {
      sink.report(
          "config/cross-field", it->second.key_at,
          fmt::format("'cleanup.policy' is set both here and as 'cleanupPolicy' at line {}: "
                      "set it once",
                      spec.cleanup_policy.at.line));
    }
    std::string joined = fmt::format("{}", fmt::join(spec.cleanup_policy.value, ","));
    put_config(topic, ConfigEntry{"cleanup.policy", spec.cleanup_policy.at, joined,
                                  spec.cleanup_policy.at});
  }
  auto it = topic.config.find("cleanup.policy");
  if (it == topic.config.end()) {
    topic.cleanup_policy = {"delete"};  // Kafka's default
    topic.cleanup_at = spec.name.at;
    return;
  }
  topic.cleanup_at = it->second.value_at;
  // Read like Kafka's list type (Java's split): trailing empty items vanish, inner ones stay.
  for (std::string_view item : split_config_list(it->second.value)) {
    topic.cleanup_policy.emplace_back(item);
  }
  while (!topic.cleanup_policy.empty() && topic.cleanup_policy.back().empty()) {
    topic.cleanup_policy.pop_back();
  }
}

// retention.ms and min.insync.replicas as numbers the rules compare; the environment's default
// min.insync.replicas where the manifest states none.
void put_limits(EffectiveTopic& topic, const TopicSpec& spec, const Environment& environment) {
  if (auto it = topic.config.find("retention.ms"); it != topic.config.end()) {
    if (auto ms = parse_duration_ms(it->second.value)) {
      topic.retention_ms = {*ms, it->second.value_at, true};
    }
  }
  if (auto it = topic.config.find("min.insync.replicas"); it != topic.config.end()) {
    if (auto n = parse_integer(it->second.value)) {
      topic.min_insync_replicas = {*n, it->second.value_at, true};
    }
  } else if (environment.default_min_insync_replicas && !spec.adopted.value) {
    // The environment's default becomes part of the desired config, so Git states it; an adopted
    // topic keeps what the cluster has where its manifest is silent.
    std::int64_t n = std::min(*environment.default_min_insync_replicas,
                              std::max<std::int64_t>(1, topic.replication_factor.value));
    topic.min_insync_replicas = {n, spec.name.at, true};
    topic.config["min.insync.replicas"] =
        ConfigEntry{"min.insync.replicas", spec.name.at, std::to_string(n), spec.name.at};
  }
}

}  // namespace

EffectiveTopic resolve_topic(const TopicSpec& spec, const Environment& environment,
                             FindingSink& sink) {
  static const TopicOverride kNoOverride;
  auto found = spec.overrides.find(environment.name);
  const TopicOverride& local = found == spec.overrides.end() ? kNoOverride : found->second;

  EffectiveTopic topic;
  topic.spec = &spec;
  topic.name = spec.name.value;
  topic.name_at = spec.name.at;
  topic.partitions = pick(spec.partitions, local.partitions);
  topic.replication_factor = pick(spec.replication_factor, local.replication_factor);
  if (!topic.replication_factor.present) {
    topic.replication_factor = {environment.default_replication_factor, spec.name.at, true};
  }
  for (const auto& entry : spec.config) put_config(topic, entry);
  for (const auto& entry : local.config) put_config(topic, entry);
  put_retention(topic, spec, local, sink);
  put_cleanup_policy(topic, spec, sink);
  put_limits(topic, spec, environment);
  return topic;
}

bool is_dead_letter_topic(const EffectiveTopic& topic) {
  return topic.is_dead || is_dead_letter_name(topic.name);
}

bool wants_dead_letter(const TopicSpec& spec) {
  if (spec.dead_letter && spec.dead_letter->enabled.present) return spec.dead_letter->enabled.value;
  return spec.dead_letter.has_value() || !spec.owner.consumers.empty();
}

bool fixed_by_pairing(std::string_view key) {
  return key == "cleanup.policy" || key == "retention.ms" || key == "min.insync.replicas";
}

std::optional<std::int64_t> stated_message_limit(const EffectiveTopic& source,
                                                 const Environment& environment) {
  if (auto own = source.config_integer("max.message.bytes")) return own;
  return environment.max_message_bytes;
}

namespace {

// The dead topic's max.message.bytes: its own override when it has one (dead/accepts-source
// checks that it is not smaller), else the source's limit plus the headers' room.
void derive_message_limit(EffectiveTopic& dead, const EffectiveTopic& source,
                          const Environment& environment) {
  if (dead.config.count("max.message.bytes")) return;
  auto limit = stated_message_limit(source, environment);
  dead.message_limit_follows_broker = !limit.has_value();
  std::string value = std::to_string(limit.value_or(kKafkaMessageMaxBytes) + kDeadLetterHeaderRoom);
  dead.config["max.message.bytes"] =
      ConfigEntry{"max.message.bytes", dead.name_at, std::move(value), dead.name_at};
}

}  // namespace

EffectiveTopic derive_dead_letter(const EffectiveTopic& source, const Settings& settings,
                                  const Environment& environment, FindingSink& sink) {
  const DeadLetterSpec* dead = source.spec->dead_letter ? &*source.spec->dead_letter : nullptr;
  EffectiveTopic topic;
  topic.spec = source.spec;
  topic.is_dead = true;
  topic.name = dead_letter_name(source.name);
  topic.name_at = dead ? dead->at : source.name_at;
  topic.partitions = {settings.dead_letter_partitions, topic.name_at, true};
  if (dead && dead->partitions.present) topic.partitions = dead->partitions;
  topic.replication_factor = source.replication_factor;
  topic.min_insync_replicas = source.min_insync_replicas;
  topic.retention_stated = true;
  topic.retention_ms = {settings.dead_letter_retention_ms, topic.name_at, true};
  // Failures must outlive the messages they came from: a source whose messages never expire by
  // time gets a dead topic kept for ever (a finite source longer than the default is
  // dead/longer-retention's to report; a compact-only source never expires by time anyway).
  bool expires = std::find(source.cleanup_policy.begin(), source.cleanup_policy.end(), "delete") !=
                 source.cleanup_policy.end();
  if (expires && retention_limit_ms(source) == kUnlimited) topic.retention_ms.value = kUnlimited;
  if (dead && dead->retention.present) {
    topic.retention_ms = parse_duration_field(dead->retention, "dead-letter retention", sink);
  }
  // Its own configs first: what the pairing fixes is set after them (an override of those is
  // dead/fixed-config's to report, and never takes effect).
  if (dead) {
    for (const auto& entry : dead->config) put_config(topic, entry);
  }
  topic.cleanup_policy = {"delete"};
  topic.cleanup_at = topic.name_at;
  auto set = [&](const std::string& key, std::string value) {
    topic.config[key] = ConfigEntry{key, topic.name_at, std::move(value), topic.name_at};
  };
  set("cleanup.policy", "delete");
  if (topic.retention_ms.present) set("retention.ms", std::to_string(topic.retention_ms.value));
  topic.config.erase("min.insync.replicas");
  if (auto it = source.config.find("min.insync.replicas"); it != source.config.end()) {
    set("min.insync.replicas", it->second.value);
  }
  derive_message_limit(topic, source, environment);
  return topic;
}

std::optional<std::int64_t> retention_limit_ms(const EffectiveTopic& topic) {
  auto it = topic.config.find("retention.ms");
  if (it == topic.config.end()) return std::nullopt;
  if (auto ms = parse_integer(it->second.value)) return *ms;
  return parse_duration_ms(it->second.value);
}

std::map<std::string, std::string> desired_configs(const EffectiveTopic& topic,
                                                   const ClusterState* actual) {
  std::map<std::string, std::string> out;
  for (const auto& [key, entry] : topic.config) out[key] = normalise_config_value(key, entry.value);
  if (topic.message_limit_follows_broker && actual && actual->message_max_bytes) {
    out["max.message.bytes"] = std::to_string(*actual->message_max_bytes + kDeadLetterHeaderRoom);
  }
  return out;
}

}  // namespace topicform
