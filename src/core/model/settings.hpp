// The project's settings (`kind: Settings`): naming convention, defaults, severities, environments.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/access/access.hpp"
#include "core/ground/diagnostic.hpp"
#include "core/ground/location.hpp"
#include "core/text/pattern.hpp"

namespace topicform {

// `schemaRegistry:` as written: values may hold ${env:NAME}, expanded only when connecting.
struct RegistrySettings {
  Location at;
  std::string url;
  std::string username;
  std::string password;
  std::string token;
  std::string ca_file;
  std::string cert_file;
  std::string key_file;
};

// `kubernetes:`: how `export` writes the environment's topics as an operator's resources.
struct KubernetesSettings {
  Location at;
  std::string cluster;     // Strimzi's strimzi.io/cluster label; Confluent's kafkaClusterRef
  std::string name_space;  // metadata.namespace; empty: the one kubectl applies to
  std::map<std::string, std::string> labels;
  std::map<std::string, std::string> annotations;
  std::string kafka_rest_class;     // Confluent: spec.kafkaRestClassRef.name
  std::string kafka_rest_endpoint;  // Confluent: spec.kafkaRest.endpoint
};

struct Environment {
  std::string name;
  Location at;
  std::string bootstrap_servers;
  std::string cluster_id;  // empty: not pinned
  std::int64_t brokers = 1;
  bool brokers_declared = false;  // the settings say how many brokers the environment has
  std::int64_t default_replication_factor = 1;
  std::int64_t minimum_replication_factor = 1;
  std::optional<std::int64_t> default_min_insync_replicas;
  std::int64_t minimum_min_insync_replicas = 1;
  std::optional<std::int64_t> max_message_bytes;    // the broker's message.max.bytes, if known
  std::optional<AccessSettings> access;             // `acls:`: ACLs managed here; nullopt: not
  std::optional<RegistrySettings> schema_registry;  // nullopt: no registry in this environment
  KubernetesSettings kubernetes;
};

struct NamingConvention {
  // Each entry is "domain-event", "domain-entity-kind" or "regex"; a name passes if one matches.
  std::vector<std::string> presets{"domain-event"};
  std::vector<Pattern> patterns;  // custom regexes (RE2), full match
  std::vector<std::string> kinds{"events", "commands", "state", "technical"};
  // Words a name must not contain, besides the settings' environment names and versions.
  std::vector<std::string> forbidden_words{"prod", "production", "staging", "dev", "qa", "uat"};
  Location at;
};

// The message contract's defaults (`schemas:`) and the words its rules look for.
struct ContractSettings {
  std::string compatibility = "BACKWARD";
  std::string protobuf_rules = "confluent";  // whose rules judge a .proto: confluent | apicurio
  std::vector<std::string> event_id_fields{"eventId", "event_id", "messageId", "message_id"};
  std::vector<std::string> version_fields{"eventVersion", "event_version", "schemaVersion",
                                          "schema_version", "version"};
  std::vector<std::string> amount_words{
      "price",    "amount",   "total",   "sum",   "cost",     "fee",    "balance",  "tax",
      "discount", "duration", "timeout", "delay", "interval", "weight", "distance", "size"};
  std::vector<std::string> unit_words{
      "minor",        "major",   "cents",  "kopecks", "kopeks", "units", "ms",     "millis",
      "milliseconds", "us",      "micros", "ns",      "nanos",  "s",     "sec",    "secs",
      "seconds",      "minutes", "hours",  "days",    "bytes",  "kb",    "kib",    "mb",
      "mib",          "gb",      "gib",    "grams",   "g",      "kg",    "meters", "m",
      "km",           "percent", "pct",    "bps",     "ratio"};
};

struct Settings {
  Location at;  // the settings document, or empty when the defaults are used
  NamingConvention naming;
  std::int64_t dead_letter_retention_ms = 30LL * 86'400'000;
  std::int64_t dead_letter_partitions = 1;
  // A rule id mapped to its new severity, or to nullopt when it is turned off.
  std::map<std::string, std::optional<Severity>> severities;
  std::int64_t partition_replicas_per_broker = 1000;
  std::optional<double> storage_bytes_per_topic;
  double partition_headroom = 1.5;
  std::vector<std::string> required_owner_fields;  // beyond the always required ones
  ContractSettings contract;
  // Topic configs operators set for a while (besides the throttled-replica lists): never reset.
  std::vector<std::string> unmanaged_configs;
  std::string default_environment;
  std::map<std::string, Environment> environments;
};

}  // namespace topicform
