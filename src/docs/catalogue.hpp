// The topic catalogue: what `topicform docs` shows of each topic, gathered once for every format.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/access/access.hpp"
#include "core/model/effective_topic.hpp"
#include "core/model/settings.hpp"
#include "core/model/topic_spec.hpp"
#include "core/text/natural_order.hpp"

namespace topicform {

// How one environment has a topic, in the units people read.
struct EnvironmentFigures {
  std::string environment;
  std::int64_t partitions = 0;
  std::int64_t replication_factor = 0;
  std::string retention;  // "7d", "infinite", or "broker default"
  std::optional<std::int64_t> min_insync_replicas;

  friend bool operator==(const EnvironmentFigures&, const EnvironmentFigures&) = default;
};

// The latest version a registry holds under a topic's subject.
struct RegisteredSchema {
  int version = 0;
  int id = 0;
  std::string url;  // the registry's base URL, without credentials
  // Where the registry serves the schema by its id (Confluent's API); "" when none was read.
  std::string schema_url() const;
};

struct CatalogueTopic {
  EffectiveTopic topic;                // in the catalogue's environment
  std::optional<EffectiveTopic> dead;  // its `.dead` topic, if it has one
  std::string domain;                  // the `domain` label, else the name's first segment
  std::string manifest;                // the manifest's path as it was read
  std::string schema;                  // the schema as written, resolved against the manifest
  std::string schema_copy;  // the catalogue's copy of a local schema file ("schemas/x.json",
                            // relative to the output folder); empty when there is none
  // The subject the topic declares in a Schema Registry (empty for none); for a local schema
  // also the mode it is held to and its type (JSON, AVRO or PROTOBUF).
  std::string subject;
  std::string compatibility;
  std::string schema_type;
  RegisteredSchema registered;  // filled by docs --registry; version 0 when not read or absent
  std::optional<double> storage_bytes;
  std::vector<EnvironmentFigures> environments;  // every declared environment, by name
  // The ACL grants on the topic and its `.dead` topic, where the environment manages ACLs.
  std::vector<AclBinding> access;

  const TopicSpec& spec() const { return *topic.spec; }
  const std::string& name() const { return topic.name; }
  // Environments whose figures differ from another's; empty when all agree.
  bool environments_differ() const;
};

// Generated files: a path relative to the output folder -> its content.
using DocFiles = std::map<std::string, std::string>;

struct Catalogue {
  std::string environment;
  std::optional<AccessSettings> access;  // the environment's `acls:`, if it manages ACLs
  std::vector<CatalogueTopic> topics;    // source topics (not `.dead`, not deleted), by name
  std::map<std::string, Environment> environments;
  // Indexes into `topics`, by domain and by owning team.
  std::map<std::string, std::vector<std::size_t>, NaturalLess> by_domain;
  std::map<std::string, std::vector<std::size_t>, NaturalLess> by_team;
  // The local schema files the topics name, copied so that a published catalogue's links and
  // $refs resolve: schema_copy -> the file's content. Every format writes them.
  DocFiles schema_files;
};

// Builds the catalogue from checked topics (sources followed by their dead topics, as
// check_topics returns them) for `environment`; other environments are resolved from the specs.
// The result points into the specs, which must outlive it.
Catalogue build_catalogue(const std::vector<EffectiveTopic>& topics, const Settings& settings,
                          const Environment& environment);

// Gives every local schema file the topics name (a path, not a URL or a registry subject) a copy
// in the catalogue, read with `read` (nullopt: no such file). Files sharing a name get -2, -3...
// in path order. Returns the paths that could not be read; their topics get no copy.
std::vector<std::string> publish_schemas(
    Catalogue& catalogue,
    const std::function<std::optional<std::string>(const std::string&)>& read);

// How long messages live: "7d", "infinite", or "broker default" when the manifest says nothing.
std::string retention_text(const EffectiveTopic& topic);

// Rewrites the manifest and local schema paths the pages show with `shown` (the command makes
// them relative to the project root), so the output does not depend on how paths were written.
void show_paths(Catalogue& catalogue, const std::function<std::string(const std::string&)>& shown);

// A string safe as a file name and a URL part: topic names already are, but be sure.
std::string page_name(const std::string& topic);

}  // namespace topicform
