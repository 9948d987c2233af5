// Adoption: each unmanaged topic read back into the fields a manifest has, exactly, so that the
// manifests written from it plan as "no changes".
#include "core/plan/adoption.hpp"
#include "core/model/topic_names.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "core/access/access.hpp"
#include "core/model/effective_topic.hpp"
#include "core/model/topic_configs.hpp"
#include "core/model/units.hpp"
#include "core/text/natural_order.hpp"

namespace topicform {
namespace {

// Whether `name` is a candidate: unmanaged, not Kafka's own, and asked for. Names starting with
// `_` are by convention some tool's internals (Connect, Streams, Schema Registry): only an
// --include that names them adopts them.
bool wanted(const std::string& name, const ClusterTopic& topic, const AdoptionScope& scope) {
  if (topic.internal || scope.managed.count(name)) return false;
  if (scope.include) return scope.include->full_match(name);
  return !name.starts_with("_");
}

std::optional<std::string> config_of(const ClusterTopic& topic, const std::string& key) {
  auto it = topic.configs.find(key);
  if (it == topic.configs.end()) return std::nullopt;
  return normalise_config_value(key, it->second);
}

// retention.ms, retention.bytes and cleanup.policy become the manifest's own fields when their
// values read back exactly; everything else stays under `config:` as the broker said it.
AdoptedTopic adopt_topic(const ClusterTopic& topic, const ClusterState& cluster) {
  AdoptedTopic out;
  out.name = topic.name;
  out.path = adopted_path(topic.name);
  if (auto dot = topic.name.find('.'); dot != std::string::npos && dot > 0) {
    out.domain = topic.name.substr(0, dot);
  }
  out.partitions = topic.partitions;
  out.replication_factor = topic.replication_factor;
  for (const auto& [key, value] : topic.configs) {
    auto number = parse_integer(value);
    bool readable = number && *number >= kUnlimited;
    if (key == "retention.ms" && readable) {
      out.retention = format_duration_ms(*number);
    } else if (key == "retention.bytes" && readable) {
      out.retention_bytes = exact_size_text(*number);
    } else if (key == "cleanup.policy" && !value.empty()) {
      for (auto item : split_config_list(value)) out.cleanup_policy.emplace_back(item);
    } else {
      out.config[key] = value;
    }
  }
  // Only a group with a literal name becomes a declared consumer: one committing offsets as '*'
  // or '' must not be granted every group (owner/literal-names).
  if (auto it = cluster.committed_groups.find(topic.name); it != cluster.committed_groups.end()) {
    for (const auto& group : it->second) {
      if (is_literal_name(group)) out.consumers.push_back(group);
    }
  }
  return out;
}

// A config as the topic has it in effect: its own value, else the broker's default.
std::optional<std::string> effective_config(const ClusterTopic& topic, const std::string& key,
                                            const TopicDefaults& defaults) {
  if (auto own = config_of(topic, key)) return own;
  return topic_default(key, defaults);
}

// What keeps `dead` from being the `.dead` topic topicform derives from `source`; empty when
// nothing does. Values are compared as the topics have them in effect: a `.dead` created the
// runbook's way (retention only) deletes by the broker's default.
std::string underivable(const ClusterTopic& dead, const ClusterTopic& source,
                        const TopicDefaults& defaults) {
  if (dead.replication_factor != source.replication_factor) {
    return fmt::format("its replication factor is {}, its source's {}", dead.replication_factor,
                       source.replication_factor);
  }
  if (effective_config(dead, "cleanup.policy", defaults) != "delete") {
    return "its cleanup.policy is not 'delete'";
  }
  if (!config_of(dead, "retention.ms") || !parse_integer(*config_of(dead, "retention.ms"))) {
    return "it has no retention.ms of its own";
  }
  if (effective_config(dead, "min.insync.replicas", defaults) !=
      effective_config(source, "min.insync.replicas", defaults)) {
    return "its min.insync.replicas differs from its source's";
  }
  return "";
}

// The dead topic's own configs for `deadLetter.config`: what the pairing does not fix, and its
// message limit where it is not the derived one.
std::map<std::string, std::string> dead_only_configs(const ClusterTopic& dead,
                                                     const ClusterTopic& source,
                                                     const ClusterState& cluster) {
  std::map<std::string, std::string> out;
  for (const auto& [key, value] : dead.configs) {
    if (!fixed_by_pairing(key)) out[key] = value;
  }
  auto source_limit = config_of(source, "max.message.bytes");
  std::int64_t limit = source_limit && parse_integer(*source_limit)
                           ? *parse_integer(*source_limit)
                           : cluster.message_max_bytes.value_or(kKafkaMessageMaxBytes);
  auto has = effective_config(dead, "max.message.bytes", cluster.topic_defaults);
  out.erase("max.message.bytes");
  if (has && *has != std::to_string(limit + kDeadLetterHeaderRoom)) out["max.message.bytes"] = *has;
  return out;
}

// The dead topic's retention as derived when the manifest does not say: the settings' default,
// or for ever when the source keeps its messages for ever (core/effective_topic.cpp).
std::int64_t derived_dead_retention(const ClusterTopic& source, const Settings& settings) {
  auto policy = config_of(source, "cleanup.policy").value_or("delete");
  bool expires = policy.find("delete") != std::string::npos;
  if (expires && config_of(source, "retention.ms") == std::to_string(kUnlimited)) {
    return kUnlimited;
  }
  return settings.dead_letter_retention_ms;
}

AdoptedDeadLetter paired_dead_letter(const ClusterTopic& dead, const ClusterTopic& source,
                                     const ClusterState& cluster, const Settings& settings) {
  AdoptedDeadLetter out;
  out.derived = true;
  out.config = dead_only_configs(dead, source, cluster);
  std::int64_t retention = *parse_integer(*config_of(dead, "retention.ms"));
  if (retention != derived_dead_retention(source, settings)) {
    out.retention = format_duration_ms(retention);
  }
  if (dead.partitions != settings.dead_letter_partitions) out.partitions = dead.partitions;
  return out;
}

struct Adopter {
  const ClusterState& cluster;
  const AdoptionScope& scope;
  const Settings& settings;
  Adoption out;
  std::set<std::string> taken;  // dead topics adopted through their source

  // The source's dead topic, adopted with it when it can be derived; else its own manifest.
  void pair(AdoptedTopic& topic, const ClusterTopic& source) {
    std::string dead_name = dead_letter_name(topic.name);
    auto dead = cluster.topics.find(dead_name);
    if (dead == cluster.topics.end() || scope.managed.count(dead_name)) {
      topic.dead_letter.reason = fmt::format(
          "'{}' {} when the topic was adopted; remove this to create it", dead_name, scope.absent);
      return;
    }
    if (std::string why = underivable(dead->second, source, cluster.topic_defaults); !why.empty()) {
      topic.dead_letter.reason =
          fmt::format("'{}' is adopted as it is, in its own manifest: {}", dead_name, why);
      return;
    }
    topic.dead_letter = paired_dead_letter(dead->second, source, cluster, settings);
    topic.dead_topic = dead_name;
    taken.insert(dead_name);
  }

  void candidates() {
    for (const auto& [name, topic] : cluster.topics) {
      if (!topic.internal && !scope.managed.count(name) && !scope.include &&
          name.starts_with("_")) {
        out.skipped.push_back(fmt::format(
            "{}: a name starting with '_' is a tool's internal topic; --include adopts it", name));
      }
      if (!wanted(name, topic, scope) || taken.count(name)) continue;
      if (is_dead_letter_name(name) && sources_adopted_with(name)) continue;
      if (!topic.configs_known) {
        out.configs_unknown.push_back(name);
        continue;
      }
      AdoptedTopic adopted = adopt_topic(topic, cluster);
      if (!is_dead_letter_name(name)) pair(adopted, topic);
      out.topics.push_back(std::move(adopted));
    }
  }

  // A dead topic whose source is being adopted too waits for that source to decide on it.
  bool sources_adopted_with(const std::string& dead) const {
    auto source = cluster.topics.find(std::string(dead_letter_source(dead)));
    return source != cluster.topics.end() && wanted(source->first, source->second, scope);
  }
};

}  // namespace

Adoption plan_adoption(const ClusterState& cluster, const AdoptionScope& scope) {
  static const Settings kDefaults;
  Adopter adopter{cluster, scope, scope.settings ? *scope.settings : kDefaults, {}, {}};
  adopter.candidates();
  // A dead topic its source did not take (it differs from the derived one) gets its own manifest.
  for (const auto& [name, topic] : cluster.topics) {
    if (!is_dead_letter_name(name) || adopter.taken.count(name) || scope.managed.count(name))
      continue;
    if (!adopter.sources_adopted_with(name)) continue;
    if (!topic.configs_known) {
      adopter.out.configs_unknown.push_back(name);
      continue;
    }
    adopter.out.topics.push_back(adopt_topic(topic, cluster));
  }
  Adoption out = std::move(adopter.out);
  std::sort(out.topics.begin(), out.topics.end(),
            [](const auto& a, const auto& b) { return natural_less(a.name, b.name); });
  return out;
}

std::string adopted_path(const std::string& name) {
  auto dot = name.find('.');
  bool levels = dot != std::string::npos && dot > 0 && dot + 1 < name.size();
  std::vector<std::string> parts{levels ? name.substr(0, dot) : name};
  if (levels) parts.push_back(name.substr(dot + 1));
  // A name's part may start with '.' or '-' (Kafka allows both, 'orders..created' too): a file
  // named so would be hidden, skipped by discovery, or read as an option, so it gets a prefix no
  // topic name can have ('+' is not legal in one). So does a topic named 'topicform', whose file
  // would be the settings.
  for (auto& part : parts) {
    if (part.starts_with('.') || part.starts_with('-')) part = "+" + part;
  }
  if (!levels && parts[0] == "topicform") parts[0] = "+topicform";
  return (levels ? parts[0] + "/" + parts[1] : parts[0]) + ".yaml";
}

std::string exact_size_text(std::int64_t bytes) {
  if (bytes < 0) return "infinite";
  constexpr std::array<std::pair<std::int64_t, std::string_view>, 4> kUnits{
      {{1LL << 40, "TiB"}, {1LL << 30, "GiB"}, {1LL << 20, "MiB"}, {1LL << 10, "KiB"}}};
  for (const auto& [factor, suffix] : kUnits) {
    if (bytes > 0 && bytes % factor == 0) return fmt::format("{}{}", bytes / factor, suffix);
  }
  return std::to_string(bytes);
}

AdoptedEnvironment adopted_environment(const Adoption& adoption, const ClusterState& state,
                                       const std::string& name,
                                       const std::string& bootstrap_servers) {
  AdoptedEnvironment environment;
  environment.name = name.empty() ? "default" : name;
  environment.bootstrap_servers = bootstrap_servers;
  environment.cluster_id = state.cluster_id;
  environment.brokers = std::max<std::int64_t>(1, state.brokers);
  std::map<std::int64_t, int> factors;
  for (const auto& topic : adoption.topics) ++factors[topic.replication_factor];
  if (factors.empty()) return environment;
  environment.minimum_replication_factor = factors.begin()->first;
  environment.replication_factor =
      std::max_element(factors.begin(), factors.end(), [](auto a, auto b) {
        return a.second < b.second;
      })->first;
  return environment;
}

void drop_no_manifests(std::vector<Diagnostic>& diagnostics) {
  std::erase_if(diagnostics, [](const Diagnostic& d) { return d.rule == "manifest/none"; });
}

}  // namespace topicform
