// The Kafka 4.x topic config table (from the broker's LogConfig) and value checks against it.
#include "core/model/topic_configs.hpp"

#include "core/text/spelling.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

#include <fmt/format.h>

namespace topicform {
namespace {

constexpr double kIntMax = std::numeric_limits<std::int32_t>::max();

const std::vector<TopicConfigInfo>& table() {
  using T = ConfigType;
  static const std::vector<TopicConfigInfo> kTable{
      {"cleanup.policy", T::list, 0, 0, {"compact", "delete"}},
      {"compression.gzip.level", T::integer, 1, 9, {}},
      {"compression.lz4.level", T::integer, 1, 17, {}},
      {"compression.type",
       T::choice,
       0,
       0,
       {"uncompressed", "zstd", "lz4", "snappy", "gzip", "producer"}},
      {"compression.zstd.level", T::integer, -131072, 22, {}},
      {"delete.retention.ms", T::long_integer, 0, kNoUpperLimit, {}},
      {"file.delete.delay.ms", T::long_integer, 0, kNoUpperLimit, {}},
      {"flush.messages", T::long_integer, 1, kNoUpperLimit, {}},
      {"flush.ms", T::long_integer, 0, kNoUpperLimit, {}},
      {"follower.replication.throttled.replicas", T::list, 0, 0, {}},
      {"index.interval.bytes", T::integer, 0, kIntMax, {}},
      {"leader.replication.throttled.replicas", T::list, 0, 0, {}},
      {"local.retention.bytes", T::long_integer, -2, kNoUpperLimit, {}},
      {"local.retention.ms", T::long_integer, -2, kNoUpperLimit, {}},
      {"max.compaction.lag.ms", T::long_integer, 1, kNoUpperLimit, {}},
      {"max.message.bytes", T::integer, 0, kIntMax, {}},
      {"message.timestamp.after.max.ms", T::long_integer, 0, kNoUpperLimit, {}},
      {"message.timestamp.before.max.ms", T::long_integer, 0, kNoUpperLimit, {}},
      {"message.timestamp.type", T::choice, 0, 0, {"CreateTime", "LogAppendTime"}},
      {"min.cleanable.dirty.ratio", T::real, 0, 1, {}},
      {"min.compaction.lag.ms", T::long_integer, 0, kNoUpperLimit, {}},
      {"min.insync.replicas", T::integer, 1, kIntMax, {}},
      {"preallocate", T::boolean, 0, 0, {}},
      {"remote.log.copy.disable", T::boolean, 0, 0, {}},
      {"remote.log.delete.on.disable", T::boolean, 0, 0, {}},
      {"remote.storage.enable", T::boolean, 0, 0, {}},
      {"retention.bytes", T::long_integer, -1, kNoUpperLimit, {}},
      {"retention.ms", T::long_integer, -1, kNoUpperLimit, {}},
      {"segment.bytes", T::integer, 1048576, kIntMax, {}},
      {"segment.index.bytes", T::integer, 4, kIntMax, {}},
      {"segment.jitter.ms", T::long_integer, 0, kNoUpperLimit, {}},
      {"segment.ms", T::long_integer, 1, kNoUpperLimit, {}},
      {"unclean.leader.election.enable", T::boolean, 0, 0, {}},
  };
  return kTable;
}

constexpr std::string_view kRemovedInKafka4[] = {"message.format.version",
                                                 "message.downconversion.enable",
                                                 "message.timestamp.difference.max.ms"};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::vector<std::string_view> split_config_list(std::string_view value) {
  std::vector<std::string_view> items;
  while (true) {
    auto comma = value.find(',');
    items.push_back(trim(value.substr(0, comma)));
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
  return items;
}

namespace {

std::string range_text(const TopicConfigInfo& info) {
  if (info.maximum >= kNoUpperLimit || info.maximum == kIntMax)
    return fmt::format("at least {}", static_cast<long long>(info.minimum));
  if (info.type == ConfigType::real)
    return fmt::format("between {} and {}", info.minimum, info.maximum);
  return fmt::format("between {} and {}", static_cast<long long>(info.minimum),
                     static_cast<long long>(info.maximum));
}

std::optional<std::string> check_number(const TopicConfigInfo& info, std::string_view value) {
  double number = 0;
  if (info.type == ConfigType::real) {
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (ec != std::errc{} || end != value.data() + value.size())
      return fmt::format("must be a number, got '{}'", value);
  } else {
    long long whole = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), whole);
    if (ec != std::errc{} || end != value.data() + value.size())
      return fmt::format("must be a whole number, got '{}'", value);
    // Compared as integers: Kafka's own maximum of a long (9223372036854775807, the default of
    // max.compaction.lag.ms) is no double, and rounds past any bound written as one.
    bool below = whole < static_cast<long long>(info.minimum);
    bool above = info.maximum < kNoUpperLimit && whole > static_cast<long long>(info.maximum);
    if (below || above) return fmt::format("must be {}, got {}", range_text(info), value);
    return std::nullopt;
  }
  if (number < info.minimum || number > info.maximum)
    return fmt::format("must be {}, got {}", range_text(info), value);
  return std::nullopt;
}

}  // namespace

std::span<const TopicConfigInfo> topic_configs() { return table(); }

const TopicConfigInfo* find_topic_config(std::string_view key) {
  const auto& t = table();
  auto it =
      std::find_if(t.begin(), t.end(), [&](const TopicConfigInfo& i) { return i.key == key; });
  return it == t.end() ? nullptr : &*it;
}

bool is_removed_in_kafka4(std::string_view key) {
  return std::find(std::begin(kRemovedInKafka4), std::end(kRemovedInKafka4), key) !=
         std::end(kRemovedInKafka4);
}

std::optional<std::string_view> closest_topic_config(std::string_view key) {
  std::vector<std::string_view> keys;
  for (const auto& info : table()) keys.push_back(info.key);
  return closest_word(key, keys, std::max<std::size_t>(3, key.size() / 4));
}

std::optional<std::string> check_config_value(const TopicConfigInfo& info, std::string_view value) {
  switch (info.type) {
    case ConfigType::boolean:
      if (value == "true" || value == "false") return std::nullopt;
      return fmt::format("must be true or false, got '{}'", value);
    case ConfigType::integer:
    case ConfigType::long_integer:
    case ConfigType::real:
      return check_number(info, value);
    case ConfigType::text:
      return std::nullopt;
    case ConfigType::choice:
      if (std::find(info.choices.begin(), info.choices.end(), value) != info.choices.end())
        return std::nullopt;
      return fmt::format("must be one of {}, got '{}'", fmt::join(info.choices, ", "), value);
    case ConfigType::list:
      if (info.choices.empty()) return std::nullopt;
      for (std::string_view item : split_config_list(value)) {
        if (std::find(info.choices.begin(), info.choices.end(), item) == info.choices.end())
          return fmt::format("items must be {}, got '{}'", fmt::join(info.choices, " or "), item);
      }
      return std::nullopt;
  }
  return std::nullopt;
}

std::string normalise_config_value(std::string_view key, std::string_view value) {
  const TopicConfigInfo* info = find_topic_config(key);
  if (info == nullptr || info->type != ConfigType::list) return std::string(trim(value));
  // Every list-valued topic config is a set to the broker (cleanup.policy, throttled replicas):
  // "delete,compact" and "compact,delete" mean the same, so they compare equal.
  std::vector<std::string_view> items = split_config_list(value);
  std::sort(items.begin(), items.end());
  items.erase(std::unique(items.begin(), items.end()), items.end());
  return fmt::format("{}", fmt::join(items, ","));
}

std::optional<std::string> topic_default(const std::string& key,
                                         const std::map<std::string, std::string>& read) {
  if (auto it = read.find(key); it != read.end()) return normalise_config_value(key, it->second);
  if (key == "cleanup.policy") return "delete";
  if (key == "max.message.bytes") return std::to_string(kKafkaMessageMaxBytes);
  return std::nullopt;
}

std::map<std::string, std::string> topic_defaults_of_broker(
    const std::map<std::string, std::string>& broker) {
  std::map<std::string, std::string> out;
  auto copy = [&](const char* from, const char* to) {
    if (auto it = broker.find(from); it != broker.end() && !it->second.empty()) {
      out[to] = normalise_config_value(to, it->second);
    }
  };
  copy("log.cleanup.policy", "cleanup.policy");
  copy("message.max.bytes", "max.message.bytes");
  copy("min.insync.replicas", "min.insync.replicas");
  // Kafka takes the finest unit that is set: ms, then minutes, then hours.
  constexpr std::pair<const char*, std::int64_t> kRetention[] = {
      {"log.retention.ms", 1},
      {"log.retention.minutes", 60'000},
      {"log.retention.hours", 3'600'000}};
  for (const auto& [key, factor] : kRetention) {
    auto it = broker.find(key);
    if (it == broker.end()) continue;
    std::int64_t value = 0;
    auto [end, error] =
        std::from_chars(it->second.data(), it->second.data() + it->second.size(), value);
    if (error != std::errc() || end != it->second.data() + it->second.size()) continue;
    out["retention.ms"] = std::to_string(value < 0 ? -1 : value * factor);
    break;
  }
  return out;
}

}  // namespace topicform
