// One channel per topic (dead topics included), a send operation for the producer and a receive
// operation per consumer group; bindings follow the Kafka bindings 0.5.0.
#include "docs/asyncapi.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/model/topic_names.hpp"
#include "core/model/units.hpp"
#include "core/text/url_text.hpp"

namespace topicform {
namespace {

using Json = nlohmann::ordered_json;
constexpr const char* kBindingVersion = "0.5.0";

// The topic configs the Kafka channel binding knows, with their JSON types.
Json topic_configuration(const EffectiveTopic& topic) {
  Json out = Json::object();
  out["cleanup.policy"] = topic.cleanup_policy;
  for (const char* key : {"retention.ms", "retention.bytes", "delete.retention.ms"}) {
    if (auto value = topic.config_integer(key)) out[key] = *value;
  }
  if (auto value = topic.config_integer("max.message.bytes")) out["max.message.bytes"] = *value;
  return out;
}

Json channel(const EffectiveTopic& topic, const std::string& message) {
  Json c;
  c["address"] = topic.name;
  c["title"] = topic.name;
  c["description"] = topic.is_dead ? fmt::format(
                                         "Dead letters of '{}': messages its consumers could not "
                                         "process.",
                                         topic.spec->name.value)
                                   : topic.spec->description.value;
  c["messages"][message] = Json{{"$ref", "#/components/messages/" + message}};
  Json kafka;
  kafka["topic"] = topic.name;
  kafka["partitions"] = topic.partitions.value;
  kafka["replicas"] = topic.replication_factor.value;
  kafka["topicConfiguration"] = topic_configuration(topic);
  kafka["bindingVersion"] = kBindingVersion;
  c["bindings"]["kafka"] = kafka;
  return c;
}

Json owner_extension(const CatalogueTopic& entry) {
  const OwnerCard& owner = entry.spec().owner;
  Json x;
  x["team"] = owner.team.value;
  x["kind"] = entry.spec().kind.value;
  x["domain"] = entry.domain;
  x["producer"] = owner.producer.value;
  Json groups = Json::array();
  for (const auto& g : owner.consumers) {
    groups.push_back(
        Json{{"group", g.group.value}, {"replicas", g.replicas.present ? g.replicas.value : 1}});
  }
  x["consumers"] = groups;
  x["key"] = owner.key.value;
  x["ordering"] = owner.ordering.value;
  if (!owner.max_consumer_downtime.value.empty()) {
    x["maxConsumerDowntime"] = owner.max_consumer_downtime.value;
  }
  if (!entry.spec().labels.empty()) x["labels"] = entry.spec().labels;
  x["manifest"] = entry.manifest;
  return x;
}

// AsyncAPI's schemaFormat of a registry schema type; empty for one it names no format for.
std::string schema_format(const std::string& type) {
  if (type == "JSON") return "application/schema+json;version=draft-07";
  if (type == "AVRO") return "application/vnd.apache.avro+json;version=1.9.0";
  if (type == "PROTOBUF") return "application/vnd.google.protobuf;version=3";
  return "";
}

// A .proto's format names its syntax: proto2 files are version 2.
std::string proto_format(const CatalogueTopic& entry) {
  const auto& proto = entry.spec().owner.proto_schema;
  return proto && proto->syntax == "proto2" ? "application/vnd.google.protobuf;version=2"
                                            : schema_format("PROTOBUF");
}

// The schema a registry holds, by its id: what consumers resolve from the message's schema id.
Json registered_payload(const CatalogueTopic& entry) {
  std::string format =
      entry.schema_type == "PROTOBUF" ? proto_format(entry) : schema_format(entry.schema_type);
  return Json{{"schemaFormat", format}, {"schema", {{"$ref", entry.registered.schema_url()}}}};
}

// A schema the document can point to: the registered version (docs --registry), a URL, or the
// catalogue's copy of a JSON Schema, Avro or Protobuf file (relative to asyncapi.json). Other
// references (a registry subject not read) are named only.
Json payload(const CatalogueTopic& entry) {
  if (entry.registered.id > 0 && !schema_format(entry.schema_type).empty())
    return registered_payload(entry);
  bool url = entry.schema.find("://") != std::string::npos;
  if (url && entry.schema.ends_with(".json")) return Json{{"$ref", entry.schema}};
  if (entry.schema_copy.ends_with(".json")) return Json{{"$ref", entry.schema_copy}};
  if (entry.schema_copy.ends_with(".avsc")) {  // a multi-format schema object: Avro's format
    return Json{{"schemaFormat", schema_format("AVRO")}, {"schema", {{"$ref", entry.schema_copy}}}};
  }
  if (entry.schema_copy.ends_with(".proto")) {  // Protobuf's text, by its syntax's version
    return Json{{"schemaFormat", proto_format(entry)}, {"schema", {{"$ref", entry.schema_copy}}}};
  }
  Json object{{"type", "object"}};
  if (!entry.schema.empty()) object["description"] = fmt::format("schema: {}", entry.schema);
  return object;
}

// The subject, its mode and type, and the version read from the registry (docs --registry).
Json subject_extension(const CatalogueTopic& entry) {
  Json x{{"subject", entry.subject}};
  if (!entry.compatibility.empty()) x["compatibility"] = entry.compatibility;
  if (!entry.schema_type.empty()) x["schemaType"] = entry.schema_type;
  if (entry.registered.version > 0) {
    x["version"] = entry.registered.version;
    x["id"] = entry.registered.id;
  }
  return x;
}

Json message(const CatalogueTopic& entry) {
  const OwnerCard& owner = entry.spec().owner;
  Json m;
  m["name"] = entry.name();
  m["title"] = fmt::format("A message of {}", entry.name());
  m["contentType"] = "application/json";
  m["payload"] = payload(entry);
  Json key{{"type", "string"}};
  key["description"] =
      owner.key.value == "none" || owner.key.value.empty()
          ? "no key: messages are spread over partitions"
          : fmt::format("the {}: one key's messages share a partition", owner.key.value);
  m["bindings"]["kafka"] = Json{{"key", key}, {"bindingVersion", kBindingVersion}};
  if (!entry.subject.empty()) {
    bool by_topic = entry.subject == value_subject(entry.name());
    m["bindings"]["kafka"]["schemaIdLocation"] = "payload";
    if (by_topic) m["bindings"]["kafka"]["schemaLookupStrategy"] = "TopicNameStrategy";
    m["x-schema-subject"] = subject_extension(entry);
  }
  return m;
}

Json dead_message(const EffectiveTopic& dead) {
  Json m;
  m["name"] = dead.name;
  m["title"] = fmt::format("A failed message of {}", dead.spec->name.value);
  m["contentType"] = "application/json";
  m["payload"] = Json{{"type", "object"}};
  return m;
}

constexpr const char* kSchemeRef = "#/components/securitySchemes/servicePrincipal";

// How services prove who they are where ACLs are managed: a certificate when the principal
// pattern is a distinguished name, else SASL credentials.
Json scheme(const AccessSettings& access) {
  bool certificate = access.principal_pattern.find("CN=") != std::string::npos;
  return Json{{"type", certificate ? "X509" : "userPassword"},
              {"description",
               fmt::format("Each service authenticates as its own principal ({}); the ACLs grant "
                           "it only what its owner card says.",
                           access.principal_pattern)}};
}

// The security requirement of an operation of `service`, and the principal it runs as.
void secure(Json& operation, const Catalogue& catalogue, const std::string& service) {
  if (!catalogue.access) return;
  operation["security"] = Json::array({Json{{"$ref", kSchemeRef}}});
  operation["x-principal"] = catalogue.access->principal_of(service);
}

// The servers: each environment with bootstrap servers, secured where ACLs are managed.
Json servers_of(const Catalogue& catalogue) {
  Json servers = Json::object();
  for (const auto& [name, env] : catalogue.environments) {
    if (env.bootstrap_servers.empty()) continue;
    servers[name] = Json{{"host", env.bootstrap_servers},
                         {"protocol", "kafka"},
                         {"description", fmt::format("{} broker(s)", env.brokers)}};
    if (name == catalogue.environment && catalogue.access) {
      servers[name]["security"] = Json::array({Json{{"$ref", kSchemeRef}}});
    }
    // A registry URL from the environment (${env:...}) is not known here: left out.
    if (env.schema_registry && env.schema_registry->url.find("${") == std::string::npos) {
      servers[name]["bindings"]["kafka"] =
          Json{{"schemaRegistryUrl", url_for_messages(env.schema_registry->url)},
               {"bindingVersion", kBindingVersion}};
    }
  }
  return servers;
}

// The producer's send and each consumer group's receive on the topic `name`.
void add_operations(const Catalogue& catalogue, const OwnerCard& owner, const std::string& name,
                    Json& operations) {
  Json ref{{"$ref", "#/channels/" + name}};
  if (!owner.producer.value.empty()) {
    Json send{{"action", "send"}, {"channel", ref}};
    send["title"] = fmt::format("{} sends to {}", owner.producer.value, name);
    send["x-service"] = owner.producer.value;
    secure(send, catalogue, owner.producer.value);
    operations[name + ".send"] = send;
  }
  for (const auto& g : owner.consumers) {
    Json receive{{"action", "receive"}, {"channel", ref}};
    receive["title"] = fmt::format("{} reads {}", g.group.value, name);
    secure(receive, catalogue, g.group.value);
    receive["bindings"]["kafka"] =
        Json{{"groupId", Json{{"type", "string"}, {"enum", {g.group.value}}}},
             {"bindingVersion", kBindingVersion}};
    operations[fmt::format("{}.receive.{}", name, g.group.value)] = receive;
  }
}

}  // namespace

DocFiles render_asyncapi(const Catalogue& catalogue) {
  Json doc;
  doc["asyncapi"] = "3.0.0";
  doc["info"] = Json{{"title", "Kafka topics"},
                     {"version", "1.0.0"},
                     {"description", fmt::format("Topics of environment '{}', generated by "
                                                 "topicform docs from the manifests.",
                                                 catalogue.environment)}};
  if (Json servers = servers_of(catalogue); !servers.empty()) doc["servers"] = servers;
  Json channels = Json::object();
  Json operations = Json::object();
  Json messages = Json::object();
  for (const auto& entry : catalogue.topics) {
    const std::string& name = entry.name();
    Json c = channel(entry.topic, name);
    c["x-owner"] = owner_extension(entry);
    if (entry.storage_bytes) c["x-storage-estimate"] = format_size_bytes(*entry.storage_bytes);
    if (entry.dead) c["x-dead-letter-topic"] = entry.dead->name;
    channels[name] = c;
    messages[name] = message(entry);
    add_operations(catalogue, entry.spec().owner, name, operations);
    if (entry.dead) {
      Json d = channel(*entry.dead, entry.dead->name);
      d["x-dead-letter-of"] = name;
      channels[entry.dead->name] = d;
      messages[entry.dead->name] = dead_message(*entry.dead);
    }
  }
  doc["channels"] = channels;
  doc["operations"] = operations;
  doc["components"]["messages"] = messages;
  if (catalogue.access) {
    doc["components"]["securitySchemes"]["servicePrincipal"] = scheme(*catalogue.access);
  }
  return DocFiles{
      {"asyncapi.json",
       doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n"}};
}

}  // namespace topicform
