// What `topicform import` adopts: the cluster's unmanaged topics as manifests would state them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/contract/adopted_schema.hpp"
#include "core/ground/diagnostic.hpp"
#include "core/model/cluster_state.hpp"
#include "core/model/settings.hpp"
#include "core/text/pattern.hpp"

namespace topicform {

// How an adopted topic's `.dead` topic is written.
struct AdoptedDeadLetter {
  // `<name>.dead` is on the cluster exactly as topicform derives it from the source (with the
  // overrides below): the manifest's `deadLetter:` states it.
  bool derived = false;
  std::optional<std::string> retention;    // only where it differs from the settings' default
  std::optional<std::int64_t> partitions;  // likewise
  // The dead topic's other configs (`deadLetter.config`), max.message.bytes among them where it
  // differs from the derived one: a `.dead` made by hand takes the broker's default, and the
  // adopted manifest keeps it (dead/accepts-source then warns).
  std::map<std::string, std::string> config;
  // Without a derived dead topic: why there is none (`deadLetter.enabled: false`); empty for a
  // topic that is itself a `.dead` topic, which never has one.
  std::string reason;
};

// One topic as its adopted manifest says it, every value exactly what the cluster has.
struct AdoptedTopic {
  std::string name;
  std::string path;    // relative to the import folder: <domain>/<rest>.yaml
  std::string domain;  // the name's first level, empty for a name without levels
  std::int64_t partitions = 0;
  std::int64_t replication_factor = 0;
  std::optional<std::string> retention;        // retention.ms in human units
  std::optional<std::string> retention_bytes;  // retention.bytes in human units
  std::vector<std::string> cleanup_policy;     // empty when cleanup.policy is not set
  std::map<std::string, std::string> config;   // every other config, as the broker reports it
  std::vector<std::string> consumers;          // groups with committed offsets on the topic
  // What an operator's resource said of the owner card (import --from strimzi); empty otherwise.
  std::string team;
  std::string producer;
  std::string schema_subject;
  AdoptedDeadLetter dead_letter;
  std::string dead_topic;  // the `.dead` topic adopted with it through `deadLetter:`, if any
  std::optional<AdoptedSchema> schema;  // its subject's latest schema, where a registry was read
};

struct AdoptionScope {
  std::set<std::string> managed;       // topics the project's manifests already have
  const Pattern* include = nullptr;    // --include: only names it matches whole
  const Settings* settings = nullptr;  // dead-letter defaults; nullptr: topicform's own
  // How a missing .dead topic is told: the state may come from an operator's resources.
  std::string absent = "was not on the cluster";
};

struct Adoption {
  std::vector<AdoptedTopic> topics;  // in natural order of name
  // Topics left alone on purpose, each "name: why" (internal topics are not listed).
  std::vector<std::string> skipped;
  // Topics to adopt whose configs the read does not have (a plan's snapshot holds only the
  // managed topics'): adopting them would guess, so import refuses.
  std::vector<std::string> configs_unknown;
};

// The manifests that would make every unmanaged topic of `cluster` in `scope` managed without a
// single change: `plan` over them and the project shows nothing to do.
Adoption plan_adoption(const ClusterState& cluster, const AdoptionScope& scope);

// Where a topic's manifest goes: `orders.created` -> `orders/created.yaml`, a name without
// levels in the folder itself; never a hidden file.
std::string adopted_path(const std::string& name);

// What a settings file written for an adopted cluster says about it.
struct AdoptedEnvironment {
  std::string name;
  std::string bootstrap_servers;
  std::string cluster_id;
  std::int64_t brokers = 1;
  std::int64_t replication_factor = 1;          // the most common among the adopted topics
  std::int64_t minimum_replication_factor = 1;  // the lowest among them
  std::string schema_registry_url;              // the registry read for schemas, if any
};

// The environment a settings file written for `adoption` declares: named `name` (default
// "default"), at `bootstrap_servers`, the cluster's id pinned, its brokers, and as replication
// defaults the most common factor among the adopted topics and the lowest as the minimum.
AdoptedEnvironment adopted_environment(const Adoption& adoption, const ClusterState& state,
                                       const std::string& name,
                                       const std::string& bootstrap_servers);

// The diagnostics of the project adoption adds to, without "no manifests" (manifest/none): a
// project with settings and no topic yet is where adoption starts.
void drop_no_manifests(std::vector<Diagnostic>& diagnostics);

// `bytes` in the largest binary unit that holds it exactly ("10GiB", "1536"), or "infinite".
std::string exact_size_text(std::int64_t bytes);

}  // namespace topicform
