// The registry sees what Git holds: the subject, type and level all come from the owner card.
#include "core/contract/registry_subjects.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "core/contract/avro_against.hpp"
#include "core/contract/compatibility.hpp"
#include "core/contract/proto_against.hpp"
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

// A subject is one segment of a URL path: an import path's folders are joined with '.'.
std::string subject_of_file(std::string name) {
  for (char& c : name)
    if (c == '/') c = '.';
  return name;
}

// An Avro file's name as a reference: the full name of the type it defines at its top.
std::string avro_reference_name(const ReferencedSchema& file) {
  const AvroSchema& avro = file.avro->avro;
  const std::string& full = avro.types[avro.root].full_name;
  return full.empty() ? file.path.substr(file.path.rfind('/') + 1) : full;
}

// Each Avro reference uses those listed before it; the schema uses them all.
void add_avro_references(const OwnerCard& owner, DesiredSubject& desired) {
  for (const auto& reference : owner.referenced_schemas) {
    std::string name = avro_reference_name(reference);
    desired.references.push_back({name, subject_of_file(name), reference.text, desired.direct});
    desired.direct.push_back(name);
  }
}

// Each project file a .proto imports; the schema names its own imports.
void add_proto_references(const ProtoDocument& proto, DesiredSubject& desired) {
  for (const auto& file : proto.imported) {
    desired.references.push_back({file.name, subject_of_file(file.name), file.text, file.imports});
    if (std::find(proto.imports.begin(), proto.imports.end(), file.name) != proto.imports.end())
      desired.direct.push_back(file.name);
  }
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
      if (desired.type == "AVRO") {
        desired.avro = owner.avro_schema.get();
        add_avro_references(owner, desired);
      }
      if (desired.type == "PROTOBUF" && owner.proto_schema) {
        add_proto_references(*owner.proto_schema, desired);
        desired.proto = owner.proto_schema.get();
        desired.rebuild_proto = owner.proto_rebuilder.get();
        desired.proto_rules = proto_rules_of(owner, settings);
      }
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
                                        const RegisteredVersion& registered) {
  std::vector<std::string> out;
  auto mode = parse_compatibility(desired.level);
  if (mode && desired.proto != nullptr && desired.rebuild_proto != nullptr) {
    std::map<std::string, std::string> imports(registered.references.begin(),
                                               registered.references.end());
    auto earlier = desired.rebuild_proto->rebuild(registered.schema, imports);
    if (earlier == nullptr) return out;
    for (auto& reason : proto_breaks_in_words(*desired.proto, *earlier, *mode, desired.proto_rules))
      out.push_back(
          fmt::format("{} (by {} Protobuf rules)", reason, proto_rules_name(desired.proto_rules)));
    return out;
  }
  nlohmann::json earlier = nlohmann::json::parse(registered.schema, nullptr, false);
  if (!mode || earlier.is_discarded()) return out;
  if (desired.avro != nullptr) {
    std::vector<nlohmann::json> references;
    for (const auto& [name, text] : registered.references)
      references.push_back(nlohmann::json::parse(text, nullptr, false));
    return avro_breaks_in_words(*desired.avro, earlier, references, *mode);
  }
  if (desired.parsed == nullptr) return out;
  for (const auto& found : schema_breaks({&earlier}, *desired.parsed, *mode))
    out.push_back(found.message);
  return out;
}

std::string no_reason_found(const DesiredSubject& desired) {
  if (desired.parsed == nullptr && desired.avro == nullptr && desired.proto == nullptr)
    return "the registry gives no reason";
  const char* rules =
      desired.proto != nullptr ? proto_rules_name(desired.proto_rules) : "Confluent's";
  return fmt::format(
      "the registry gives no reason, and by {} rules topicform finds none: this registry's rules "
      "are stricter here",
      rules);
}

}  // namespace topicform
