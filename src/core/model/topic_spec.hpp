// A topic manifest as written (manifest format v1), every field with the place it came from.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/ground/location.hpp"
#include "core/model/avro_types.hpp"
#include "core/model/message_schema.hpp"
#include "core/model/proto_types.hpp"

namespace topicform {

struct ConfigEntry {
  std::string key;
  Location key_at;
  std::string value;  // as written, numbers and booleans in their plain text form
  Location value_at;

  friend bool operator==(const ConfigEntry&, const ConfigEntry&) = default;
};

struct ConsumerGroup {
  Located<std::string> group;
  Located<std::int64_t> replicas;  // instances running in the group; absent means 1

  friend bool operator==(const ConsumerGroup&, const ConsumerGroup&) = default;
};

struct Throughput {
  Located<double> peak_messages_per_second;
  Located<double> average_message_bytes;
  Located<double> consumer_messages_per_second;  // what one consumer instance handles
  Location at;

  friend bool operator==(const Throughput&, const Throughput&) = default;
};

// An Avro file an owner card's schema references (`schema.references`), as the loader read it.
struct ReferencedSchema {
  std::string path;  // absolute, as the working tree names it (for --against)
  std::string text;  // registered as it is, as its own subject
  std::shared_ptr<const AvroDocument> avro;

  friend bool operator==(const ReferencedSchema&, const ReferencedSchema&) = default;
};

// The owner card (article: "Документируйте владельца Topic").
struct OwnerCard {
  Location at;  // the `owner` key, or the `spec` key when the card is missing
  Located<std::string> team;
  Located<std::string> producer;
  std::vector<ConsumerGroup> consumers;
  Location consumers_at;
  bool consumers_present = false;
  Located<std::string> key;
  Located<std::string> ordering;
  Located<std::string> schema;  // the file (or subject, URL) named, in either form
  Location schema_at;           // the `schema` key
  Located<std::string> schema_subject;
  Located<std::string> schema_type;                     // json | avro | protobuf, when written
  Located<std::string> schema_compatibility;            // a CompatibilityMode's name, when written
  Located<std::string> schema_message;                  // a .proto's message the topic carries
  Located<std::string> schema_protobuf_rules;           // confluent | apicurio, when written
  std::vector<Located<std::string>> schema_references;  // Avro files whose types it uses
  std::optional<Throughput> throughput;
  Located<std::string> max_consumer_downtime;
  // The absolute path a local schema names, whether or not the file is there (for --against).
  std::string schema_path;
  // The local schema file `schema` names, canonical, once the loader has found it a regular file
  // of bounded size inside the project; empty otherwise. Nothing else is ever read.
  std::string schema_file;
  // Field names found in that file when it is JSON schema.
  std::vector<std::string> schema_fields;
  // The text of a local Avro or Protobuf schema file (at most 1 MiB), to register as it is.
  std::string schema_text;
  // That file read as a JSON Schema that passed its meta-schema; null otherwise. Shared: a
  // thousand topics may name one file.
  std::shared_ptr<const MessageSchema> message_schema;
  // That file's JSON when it is a valid Avro schema (.avsc); null otherwise.
  std::shared_ptr<const AvroDocument> avro_schema;
  // The files of `schema_references` that the loader read, in order; all of them or none.
  std::vector<ReferencedSchema> referenced_schemas;
  // That file when it is a `.proto` that parses and builds with its imports; null otherwise.
  std::shared_ptr<const ProtoDocument> proto_schema;
  // Builds a registry's copy of that `.proto` with the same imports; null when there is none.
  std::shared_ptr<const ProtoRebuilder> proto_rebuilder;

  friend bool operator==(const OwnerCard&, const OwnerCard&) = default;
};

struct DeadLetterSpec {
  Location at;
  Located<bool> enabled;
  Located<std::string> reason;
  Located<std::string> retention;
  Located<std::int64_t> partitions;
  std::vector<ConfigEntry> config;  // `deadLetter.config`: the dead topic's own overrides

  friend bool operator==(const DeadLetterSpec&, const DeadLetterSpec&) = default;
};

// What one environment changes (`spec.overrides.<env>`).
struct TopicOverride {
  Location at;  // the environment's key under `overrides`
  Located<std::int64_t> partitions;
  Located<std::int64_t> replication_factor;
  Located<std::string> retention;
  std::vector<ConfigEntry> config;

  friend bool operator==(const TopicOverride&, const TopicOverride&) = default;
};

// A grant beyond the owner card's (`extraAccess:`): a service's or an explicit principal's.
struct ExtraAccess {
  Location at;
  Located<std::string> service;
  Located<std::string> principal;
  std::vector<std::string> operations;  // read, write, describe
  bool on_dead = false;                 // the .dead topic rather than the topic

  friend bool operator==(const ExtraAccess&, const ExtraAccess&) = default;
};

struct TopicSpec {
  Location document;  // start of the YAML document
  Located<std::string> name;
  std::map<std::string, std::string> labels;
  Location spec_at;
  Located<std::string> description;
  Located<std::string> kind;  // event | command | state | technical
  Located<std::int64_t> partitions;
  Located<std::int64_t> replication_factor;
  Located<std::string> retention;
  Located<std::string> retention_bytes;
  Located<std::vector<std::string>> cleanup_policy;
  std::vector<ConfigEntry> config;
  std::vector<ExtraAccess> extra_access;
  std::optional<DeadLetterSpec> dead_letter;
  OwnerCard owner;
  std::map<std::string, TopicOverride> overrides;
  Location overrides_at;
  Located<std::string> previous_name;
  Located<bool> deleted;
  Located<bool> allow_key_remap;
  Located<std::string> replayable;  // "outbox": RF 1 is acceptable, messages can be re-published
  // The topic existed before its manifest (`topicform import`): its name and settings are what
  // the cluster has, so the design rules only warn on it (core/rule_sink.hpp).
  Located<bool> adopted;

  friend bool operator==(const TopicSpec&, const TopicSpec&) = default;
};

}  // namespace topicform
