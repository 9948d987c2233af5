// What each topic wants of a Schema Registry: its subject, schema, type and level.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/contract/proto_compatibility.hpp"
#include "core/model/avro_types.hpp"
#include "core/model/effective_topic.hpp"
#include "core/model/settings.hpp"

namespace topicform {

// A file a schema uses, registered as a subject of its own before the schema (Confluent's schema
// references): an Avro file of `schema.references`, a project file a .proto imports.
struct ReferencedFile {
  std::string name;     // as the schema names it: the Avro file's type's full name, an import path
  std::string subject;  // `name`, a '/' written as '.' (a subject is one segment of a URL path)
  std::string schema;   // its text
  std::vector<std::string> uses;  // names of earlier files that it names itself
};

struct DesiredSubject {
  std::string topic;
  std::string subject;  // owner.schema's subject, else Confluent's TopicNameStrategy <topic>-value
  std::string type;     // JSON, AVRO or PROTOBUF
  std::string level;    // the topic's compatibility mode
  std::string schema;   // the text registered: compact JSON for a JSON Schema, else the file's
  const nlohmann::json* parsed = nullptr;  // a JSON Schema's document, for comparing and reasons
  const AvroDocument* avro = nullptr;      // a valid Avro schema's document, for the same
  const ProtoDocument* proto = nullptr;    // a .proto that builds, for the same
  const ProtoRebuilder* rebuild_proto = nullptr;   // builds the registry's copy beside `proto`
  ProtoRules proto_rules = ProtoRules::confluent;  // the rule set topicform judges `proto` by
  // The files the schema uses, each after those it uses; `direct`: the names the schema itself
  // gives in its references (a .proto's own imports; every Avro reference).
  std::vector<ReferencedFile> references;
  std::vector<std::string> direct;
  bool deleted = false;  // the topic's manifest says `deleted: true`
  Location at;           // the owner card's schema
};

// Every topic with a local schema file topicform read (a JSON Schema that passed its checks, or
// an Avro or Protobuf file), in manifest order; `.dead` topics have none.
std::vector<DesiredSubject> desired_subjects(const std::vector<EffectiveTopic>& topics,
                                             const Settings& settings);

// A subject a topic declares: its local schema's (the default <topic>-value, or the one named),
// or a registry subject the owner card names without a file. `desired` points into the
// `desired_subjects` list given, for a topic with a local schema.
struct DeclaredSubject {
  std::string topic;
  std::string subject;
  const DesiredSubject* desired = nullptr;
};

// The subject `topic` declares (its schema's subject, the default <topic>-value for a local
// file, or a registry subject named), read from the owner card alone; nullopt for none, for a
// deleted topic and for a `.dead` topic.
std::optional<std::string> declared_subject(const EffectiveTopic& topic);

// Every subject the topics declare, in manifest order; deleted topics, `.dead` topics and URLs
// are left out.
std::vector<DeclaredSubject> declared_subjects(const std::vector<EffectiveTopic>& topics,
                                               const std::vector<DesiredSubject>& desired);

// Whether the registry's text holds the same schema as `desired`: equal JSON documents for a
// JSON Schema or an Avro schema (the registry may reformat it), equal text otherwise.
bool same_schema(const DesiredSubject& desired, const std::string& registered);

// A registered version, with the text of every schema it references, directly or not, by the
// name it gives (each after those it references).
struct RegisteredVersion {
  std::string schema;
  std::vector<std::pair<std::string, std::string>> references;
};

// Why `desired` breaks its level against the registry's latest `registered` (topicform's own
// check, for a JSON Schema, an Avro schema, or a .proto by its rule set); empty when it cannot
// tell (the registry's copy does not parse or build here). A registered .proto without
// references is built with the project's imports.
std::vector<std::string> breaks_against(const DesiredSubject& desired,
                                        const RegisteredVersion& registered);

// What a refusal says when the registry gives no reason and topicform's own check finds none:
// which rules found nothing, so a reader knows the registry's are stricter there.
std::string no_reason_found(const DesiredSubject& desired);

}  // namespace topicform
