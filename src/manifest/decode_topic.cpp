// Topic documents -> TopicSpec; the schema has already checked every type read here.

#include "manifest/decode.hpp"
#include "manifest/document_reader.hpp"

namespace topicform {
namespace {

std::vector<ConfigEntry> decode_config(const DocumentReader& reader, const std::string& pointer) {
  std::vector<ConfigEntry> entries;
  const nlohmann::json* config = reader.find(pointer);
  if (config == nullptr || !config->is_object()) return entries;
  for (const auto& [key, value] : config->items()) {
    std::string child = pointer_child(pointer, key);
    if (value.is_null() || value.is_structured()) continue;
    entries.push_back(ConfigEntry{key, reader.key_at(child), DocumentReader::scalar_text(value),
                                  reader.value_at(child)});
  }
  return entries;
}

std::vector<ExtraAccess> decode_extra_access(const DocumentReader& reader) {
  std::vector<ExtraAccess> out;
  const auto* items = reader.find("/spec/extraAccess");
  if (!items || !items->is_array()) return out;
  for (std::size_t i = 0; i < items->size(); ++i) {
    std::string base = "/spec/extraAccess/" + std::to_string(i);
    ExtraAccess access;
    access.at = reader.value_at(base);
    access.service = reader.text(base + "/service");
    access.principal = reader.text(base + "/principal");
    if (const auto* operations = reader.find(base + "/operations");
        operations && operations->is_array()) {
      for (const auto& op : *operations) {
        if (op.is_string()) access.operations.push_back(op.get<std::string>());
      }
    }
    access.on_dead = reader.text(base + "/on").value == "dead";
    out.push_back(std::move(access));
  }
  return out;
}

// `schema`: a file or subject as text, or a mapping that may also say type and compatibility.
void decode_schema(const DocumentReader& reader, OwnerCard& owner) {
  const std::string base = "/spec/owner/schema";
  const auto* schema = reader.find(base);
  if (schema == nullptr) return;
  owner.schema_at = reader.key_at(base);
  if (!schema->is_object()) {
    owner.schema = reader.text(base);
    return;
  }
  owner.schema_subject = reader.text(base + "/subject");
  owner.schema = reader.text(base + "/file");
  if (!owner.schema.present) owner.schema = owner.schema_subject;
  owner.schema_type = reader.text(base + "/type");
  owner.schema_compatibility = reader.text(base + "/compatibility");
  owner.schema_message = reader.text(base + "/message");
  owner.schema_protobuf_rules = reader.text(base + "/protobufRules");
  if (const auto* references = reader.find(base + "/references");
      references && references->is_array()) {
    for (std::size_t i = 0; i < references->size(); ++i)
      owner.schema_references.push_back(reader.text(base + "/references/" + std::to_string(i)));
  }
}

OwnerCard decode_owner(const DocumentReader& reader) {
  OwnerCard owner;
  const std::string base = "/spec/owner";
  owner.at = reader.find(base) ? reader.key_at(base) : reader.key_at("/spec");
  owner.team = reader.text(base + "/team");
  owner.producer = reader.text(base + "/producer");
  owner.key = reader.text(base + "/key");
  owner.ordering = reader.text(base + "/ordering");
  decode_schema(reader, owner);
  owner.max_consumer_downtime = reader.text(base + "/maxConsumerDowntime");
  if (const auto* consumers = reader.find(base + "/consumers");
      consumers && consumers->is_array()) {
    owner.consumers_present = true;
    owner.consumers_at = reader.key_at(base + "/consumers");
    for (std::size_t i = 0; i < consumers->size(); ++i) {
      std::string item = base + "/consumers/" + std::to_string(i);
      ConsumerGroup group;
      if ((*consumers)[i].is_object()) {
        group.group = reader.text(item + "/group");
        group.replicas = reader.integer(item + "/replicas");
      } else {
        group.group = reader.text(item);
      }
      owner.consumers.push_back(group);
    }
  }
  if (reader.find(base + "/throughput")) {
    Throughput load;
    load.at = reader.key_at(base + "/throughput");
    load.peak_messages_per_second = reader.number(base + "/throughput/peakMessagesPerSecond");
    load.average_message_bytes = reader.number(base + "/throughput/averageMessageBytes");
    load.consumer_messages_per_second =
        reader.number(base + "/throughput/consumerMessagesPerSecond");
    owner.throughput = load;
  }
  return owner;
}

}  // namespace

namespace {

// cleanupPolicy: one policy or a list of them.
void decode_cleanup_policy(const DocumentReader& reader, TopicSpec& spec) {
  const auto* policy = reader.find("/spec/cleanupPolicy");
  if (!policy) return;
  spec.cleanup_policy.present = true;
  spec.cleanup_policy.at = reader.value_at("/spec/cleanupPolicy");
  if (policy->is_array()) {
    for (const auto& item : *policy) spec.cleanup_policy.value.push_back(item.get<std::string>());
  } else {
    spec.cleanup_policy.value.push_back(policy->get<std::string>());
  }
}

void decode_dead_letter(const DocumentReader& reader, TopicSpec& spec) {
  if (!reader.find("/spec/deadLetter")) return;
  DeadLetterSpec dead;
  dead.at = reader.key_at("/spec/deadLetter");
  dead.enabled = reader.boolean("/spec/deadLetter/enabled");
  dead.reason = reader.text("/spec/deadLetter/reason");
  dead.retention = reader.text("/spec/deadLetter/retention");
  dead.partitions = reader.integer("/spec/deadLetter/partitions");
  dead.config = decode_config(reader, "/spec/deadLetter/config");
  spec.dead_letter = dead;
}

// overrides: per environment, the partitions, replication, retention and configs it changes.
void decode_overrides(const DocumentReader& reader, TopicSpec& spec) {
  const auto* overrides = reader.find("/spec/overrides");
  if (!overrides || !overrides->is_object()) return;
  spec.overrides_at = reader.key_at("/spec/overrides");
  for (const auto& [environment, value] : overrides->items()) {
    std::string base = pointer_child("/spec/overrides", environment);
    TopicOverride local;
    local.at = reader.key_at(base);
    local.partitions = reader.integer(base + "/partitions");
    local.replication_factor = reader.integer(base + "/replicationFactor");
    local.retention = reader.text(base + "/retention");
    local.config = decode_config(reader, base + "/config");
    spec.overrides[environment] = local;
  }
}

}  // namespace

TopicSpec decode_topic(const YamlDocument& document) {
  DocumentReader reader(document);
  TopicSpec spec;
  spec.document = document.start;
  spec.name = reader.text("/metadata/name");
  if (const auto* labels = reader.find("/metadata/labels"); labels && labels->is_object()) {
    for (const auto& [key, value] : labels->items()) {
      if (!value.is_null()) spec.labels[key] = DocumentReader::scalar_text(value);
    }
  }
  spec.spec_at = reader.key_at("/spec");
  spec.description = reader.text("/spec/description");
  spec.kind = reader.text("/spec/kind");
  spec.partitions = reader.integer("/spec/partitions");
  spec.replication_factor = reader.integer("/spec/replicationFactor");
  spec.retention = reader.text("/spec/retention");
  spec.retention_bytes = reader.text("/spec/retentionBytes");
  decode_cleanup_policy(reader, spec);
  spec.config = decode_config(reader, "/spec/config");
  spec.extra_access = decode_extra_access(reader);
  decode_dead_letter(reader, spec);
  spec.owner = decode_owner(reader);
  decode_overrides(reader, spec);
  spec.previous_name = reader.text("/spec/previousName");
  spec.deleted = reader.boolean("/spec/deleted");
  spec.allow_key_remap = reader.boolean("/spec/allowKeyRemap");
  spec.replayable = reader.text("/spec/replayable");
  spec.adopted = reader.boolean("/spec/adopted");
  return spec;
}

}  // namespace topicform
