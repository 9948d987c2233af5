// The registry sees what Git holds: the subject, type and level all come from the owner card.
#include "core/contract/registry_subjects.hpp"

#include <map>

#include "core/contract/avro_against.hpp"
#include "core/contract/compatibility.hpp"
#include "core/model/schema_reference.hpp"
#include "core/model/topic_names.hpp"

namespace topicform {
namespace {

std::string type_of(const OwnerCard& owner) {
  std::string type = owner.schema_type.present ? owner.schema_type.value : "";
  if (type.empty()) {
    type = owner.schema_path.ends_with(".avsc")    ? "avro"
           : owner.schema_path.ends_with(".proto") ? "protobuf"
                                                   : "json";
  }
  return type == "avro" ? "AVRO" : type == "protobuf" ? "PROTOBUF" : "JSON";
}

// Whether the owner card names a schema file the loader read: a JSON Schema that passed its
// checks, or an Avro or Protobuf file's text.
bool has_local_schema(const OwnerCard& owner) {
  return type_of(owner) == "JSON" ? owner.message_schema != nullptr : !owner.schema_text.empty();
}

}  // namespace

std::vector<DesiredSubject> desired_subjects(const std::vector<EffectiveTopic>& topics,
                                             const Settings& settings) {
  std::vector<DesiredSubject> out;
  for (const auto& topic : topics) {
    if (topic.spec == nullptr || is_dead_letter_name(topic.name)) continue;
    const OwnerCard& owner = topic.spec->owner;
    DesiredSubject desired;
    desired.type = type_of(owner);
    if (!has_local_schema(owner)) continue;
    if (desired.type == "JSON") {
      desired.parsed = &owner.message_schema->root;
      desired.schema = owner.message_schema->root.dump();
    } else {
      desired.schema = owner.schema_text;
      if (desired.type == "AVRO") desired.avro = owner.avro_schema.get();
    }
    desired.topic = topic.name;
    desired.subject =
        owner.schema_subject.present ? owner.schema_subject.value : value_subject(topic.name);
    desired.level = owner.schema_compatibility.present ? owner.schema_compatibility.value
                                                       : settings.contract.compatibility;
    desired.deleted = topic.spec->deleted.value;
    desired.at = owner.schema.at;
    out.push_back(std::move(desired));
  }
  return out;
}

std::optional<std::string> declared_subject(const EffectiveTopic& topic) {
  // A `.dead` topic shares its source's owner card, not its contract.
  if (topic.spec == nullptr || topic.spec->deleted.value || topic.is_dead) return std::nullopt;
  const OwnerCard& owner = topic.spec->owner;
  if (owner.schema_subject.present) return owner.schema_subject.value;
  if (has_local_schema(owner) && !is_dead_letter_name(topic.name)) return value_subject(topic.name);
  if (owner.schema.present && !owner.schema.value.empty() &&
      !names_local_schema(owner.schema.value) &&
      owner.schema.value.find("://") == std::string::npos) {
    return owner.schema.value;  // a subject named
  }
  return std::nullopt;
}

std::vector<DeclaredSubject> declared_subjects(const std::vector<EffectiveTopic>& topics,
                                               const std::vector<DesiredSubject>& desired) {
  std::map<std::string, const DesiredSubject*> local_of;
  for (const auto& d : desired) local_of.emplace(d.topic, &d);
  std::vector<DeclaredSubject> out;
  for (const auto& topic : topics) {
    if (topic.spec == nullptr || topic.spec->deleted.value || topic.is_dead) continue;
    if (auto local = local_of.find(topic.name); local != local_of.end()) {
      out.push_back({topic.name, local->second->subject, local->second});
    } else if (auto subject = declared_subject(topic)) {
      out.push_back({topic.name, *subject, nullptr});
    }
  }
  return out;
}

bool same_schema(const DesiredSubject& desired, const std::string& registered) {
  const nlohmann::json* document = desired.avro ? &desired.avro->root : desired.parsed;
  if (document == nullptr) return desired.schema == registered;
  nlohmann::json other = nlohmann::json::parse(registered, nullptr, false);
  return !other.is_discarded() && other == *document;
}

std::vector<std::string> breaks_against(const DesiredSubject& desired,
                                        const std::string& registered) {
  std::vector<std::string> out;
  auto mode = parse_compatibility(desired.level);
  nlohmann::json earlier = nlohmann::json::parse(registered, nullptr, false);
  if (!mode || earlier.is_discarded()) return out;
  if (desired.avro != nullptr) return avro_breaks_in_words(*desired.avro, earlier, *mode);
  if (desired.parsed == nullptr) return out;
  for (const auto& found : schema_breaks({&earlier}, *desired.parsed, *mode))
    out.push_back(found.message);
  return out;
}

}  // namespace topicform
