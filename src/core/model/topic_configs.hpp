// The topic-level configs of Kafka 4.x: names, value types and ranges, and value normalisation.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace topicform {

enum class ConfigType { boolean, integer, long_integer, real, text, list, choice };

// The table's maximum of a long config with no upper limit worth stating (int64's is 9.22e18).
inline constexpr double kNoUpperLimit = 9.2e18;

// Kafka's default message.max.bytes: what a topic takes when neither it nor the broker says.
inline constexpr std::int64_t kKafkaMessageMaxBytes = 1'048'588;

struct TopicConfigInfo {
  std::string_view key;
  ConfigType type;
  double minimum;
  double maximum;
  std::vector<std::string_view> choices;  // for choice, and allowed items for list (if any)
};

std::span<const TopicConfigInfo> topic_configs();
const TopicConfigInfo* find_topic_config(std::string_view key);

// Topic configs that Kafka 4.0 removed: accepted by older brokers, rejected now.
bool is_removed_in_kafka4(std::string_view key);

// The closest known key within a small edit distance, for "did you mean".
std::optional<std::string_view> closest_topic_config(std::string_view key);

// Why `value` is not valid for `info`, or nullopt when it is.
std::optional<std::string> check_config_value(const TopicConfigInfo& info, std::string_view value);

// The form values are compared in: list items trimmed, sorted and joined by ',' (delete, compact
// -> compact,delete), since the broker treats every list-valued topic config as a set; so an
// unchanged value never shows as a change.
std::string normalise_config_value(std::string_view key, std::string_view value);

// The defaults a broker gives topics that do not set these keys, from the broker's configs as
// DescribeConfigs lists them: cleanup.policy (log.cleanup.policy), retention.ms (log.retention.ms,
// else .minutes, else .hours), max.message.bytes (message.max.bytes), min.insync.replicas.
std::map<std::string, std::string> topic_defaults_of_broker(
    const std::map<std::string, std::string>& broker);

// What a topic that does not set `key` has in effect: the broker's default as read (`read`, from
// topic_defaults_of_broker), else Kafka's own for cleanup.policy and max.message.bytes; nullopt
// when unknown. Normalised.
std::optional<std::string> topic_default(const std::string& key,
                                         const std::map<std::string, std::string>& read);

// The items of a list-typed value, each trimmed: "compact, delete" -> {compact, delete}.
std::vector<std::string_view> split_config_list(std::string_view value);

}  // namespace topicform
