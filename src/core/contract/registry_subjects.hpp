// What each topic wants of a Schema Registry: its subject, schema, type and level.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/avro_types.hpp"
#include "core/model/effective_topic.hpp"
#include "core/model/settings.hpp"

namespace topicform {

struct DesiredSubject {
  std::string topic;
  std::string subject;  // owner.schema's subject, else Confluent's TopicNameStrategy <topic>-value
  std::string type;     // JSON, AVRO or PROTOBUF
  std::string level;    // the topic's compatibility mode
  std::string schema;   // the text registered: compact JSON for a JSON Schema, else the file's
  const nlohmann::json* parsed = nullptr;  // a JSON Schema's document, for comparing and reasons
  const AvroDocument* avro = nullptr;      // a valid Avro schema's document, for the same
  bool deleted = false;                    // the topic's manifest says `deleted: true`
  Location at;                             // the owner card's schema
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

// Why `desired` breaks its level against the registry's latest `registered` (topicform's own
// check, for a JSON Schema or an Avro schema); empty when it cannot tell.
std::vector<std::string> breaks_against(const DesiredSubject& desired,
                                        const std::string& registered);

}  // namespace topicform
