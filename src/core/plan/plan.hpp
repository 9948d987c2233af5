// A plan: the typed changes that bring a cluster to the desired topics, and what is blocked.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/access/access.hpp"
#include "core/ground/diagnostic.hpp"
#include "core/ground/location.hpp"
#include "core/model/subject_reference.hpp"

namespace topicform {

using ConfigMap = std::map<std::string, std::string>;

struct CreateTopic {
  std::string name;
  std::int64_t partitions = 0;
  std::int64_t replication_factor = 0;
  ConfigMap configs;
  std::string dead_letter_of;  // the source, for a derived `.dead` topic
  Location at;

  friend bool operator==(const CreateTopic&, const CreateTopic&) = default;
};

struct AddPartitions {
  std::string name;
  std::int64_t from = 0;
  std::int64_t to = 0;
  Location at;

  friend bool operator==(const AddPartitions&, const AddPartitions&) = default;
};

struct ConfigChange {
  std::string key;
  std::optional<std::string> before;  // nullopt: not set on the cluster
  std::optional<std::string> after;   // nullopt: reset to the broker default (drift)

  friend bool operator==(const ConfigChange&, const ConfigChange&) = default;
};

// AlterConfigs replaces a topic's whole set of dynamic configs, so `desired` is complete.
struct AlterConfig {
  std::string name;
  ConfigMap desired;
  std::vector<ConfigChange> changes;
  bool destructive = false;  // lowers retention or changes cleanup.policy: data goes for good
  Location at;

  friend bool operator==(const AlterConfig&, const AlterConfig&) = default;
};

struct DeleteTopic {
  std::string name;
  Location at;

  friend bool operator==(const DeleteTopic&, const DeleteTopic&) = default;
};

using Action = std::variant<CreateTopic, AddPartitions, AlterConfig, DeleteTopic>;

// A change to a Schema Registry subject; made after every topic change, so a topic exists before
// its contract is published.
struct SchemaChange {
  enum class Kind { set_level, register_version, soft_delete };
  Kind kind = Kind::register_version;
  std::string topic;
  std::string subject;
  std::string type;          // JSON, AVRO or PROTOBUF
  std::string schema;        // register_version: the text registered
  std::string level;         // set_level: the level set
  std::string level_before;  // set_level: the level the registry applied before
  int latest_before = 0;     // the subject's latest version when planned; 0: no version
  // register_version: the subjects the schema names (a version 0 is registered earlier in the
  // same run), and, for a file another schema uses, the name that schema gives it.
  std::vector<SubjectReference> references;
  std::string referenced_as;
  Location at;

  friend bool operator==(const SchemaChange&, const SchemaChange&) = default;
};

struct BlockedChange {
  std::string topic;
  std::string rule;
  std::string message;
  Location at;

  friend bool operator==(const BlockedChange&, const BlockedChange&) = default;
};

struct Plan {
  std::string cluster_id;
  std::string environment;
  std::vector<Action> actions;  // in execution order
  std::vector<BlockedChange> blocked;
  std::vector<Diagnostic> warnings;
  std::vector<std::string> unmanaged;  // on the cluster, in no manifest: listed, never touched
  // Deletes the manifests ask for (`deleted: true`) that this run does not allow: not written,
  // but the cluster still differs from Git.
  std::vector<DeleteTopic> withheld;
  // ACL changes, when the environment manages ACLs: created before any topic change, deleted
  // after every one.
  AccessChanges access;
  std::string access_skipped;  // why ACLs were not looked at although the settings manage them
  std::vector<std::string> targets;  // the --target patterns it was narrowed to; empty: none
  // Schema Registry changes, when the environment names a registry.
  std::vector<SchemaChange> schemas;
  std::string schemas_skipped;  // why subjects were not looked at although a registry is named

  bool has_changes() const { return !actions.empty() || !access.empty() || !schemas.empty(); }
  // The cluster does not match the manifests: changes to make, or deletes withheld.
  bool differs() const { return has_changes() || !withheld.empty(); }
  bool is_blocked() const { return !blocked.empty(); }
};

// A plan saved by `plan --out` for `apply --plan`: a proposal that apply re-derives and compares.
struct SavedPlan {
  Plan plan;
  std::string digest;                // of the desired topics and settings it was made from
  std::vector<std::string> paths;    // the manifest paths it was made from, absolute
  std::vector<std::string> targets;  // the --target patterns it was narrowed to; empty: none
};

// The topic an action is about.
const std::string& action_topic(const Action& action);

// Where in the manifests an action comes from.
const Location& action_location(const Action& action);

// One line that says everything an action would write, for comparing a saved plan with a fresh
// one: "create orders.created partitions=3 replicationFactor=1 configs={retention.ms=604800000}".
std::string describe_action(const Action& action);
std::string describe_blocked(const BlockedChange& blocked);
// "register orders.created-value after version 3 JSON #9f2c…", "set-level … BACKWARD (was NONE)".
std::string describe_schema_change(const SchemaChange& change);
// A plan's lines for the schema changes: '~' a level, '+' a version, '-' a soft delete.
std::vector<std::pair<char, std::string>> schema_change_lines(
    const std::vector<SchemaChange>& changes);

}  // namespace topicform
