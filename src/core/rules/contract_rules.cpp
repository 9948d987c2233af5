// The article's contract checks on a topic's JSON Schema, Avro schema or Protobuf message: a stable
// event id, a version, units.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/contract/schema_words.hpp"
#include "core/model/avro_types.hpp"
#include "core/model/schema_reference.hpp"
#include "core/model/topic_names.hpp"
#include "core/rules/rules.hpp"

namespace topicform {
namespace {

using Json = nlohmann::json;

bool numeric(const Json& schema) {
  if (!schema.is_object()) return false;
  auto type = schema.find("type");
  if (type == schema.end()) return false;
  auto is_number = [](const Json& t) { return t.is_string() && (t == "number" || t == "integer"); };
  if (type->is_array()) return std::any_of(type->begin(), type->end(), is_number);
  return is_number(*type);
}

std::string listed(const std::vector<std::string>& names) {
  return fmt::format("{}", fmt::join(names, ", "));
}

// The top-level fields of a topic's message schema: every one declared, and those every message
// must carry (JSON Schema: `required`; Avro: no default and not a union with null).
struct TopFields {
  std::vector<std::string> declared;
  std::vector<std::string> required;
};

// Whether an Avro field may be left out of a message: it has a default, or null is one of its
// union's branches.
bool avro_optional(const AvroSchema& avro, const AvroField& field) {
  if (field.default_value) return true;
  const AvroType& type = avro.types[static_cast<std::size_t>(field.type)];
  if (type.kind != AvroKind::union_of) return false;
  return std::any_of(type.branches.begin(), type.branches.end(), [&](int branch) {
    return avro.types[static_cast<std::size_t>(branch)].kind == AvroKind::null;
  });
}

TopFields avro_top_fields(const AvroSchema& avro) {
  TopFields out;
  const AvroType& root = avro.types[static_cast<std::size_t>(avro.root)];
  for (const auto& field : root.fields) {
    out.declared.push_back(field.name);
    if (!avro_optional(avro, field)) out.required.push_back(field.name);
  }
  return out;
}

// A Protobuf message's fields: proto3 has no `required`, so a singular field outside a oneof
// counts as carried; in proto2 only a `required` one does.
TopFields proto_top_fields(const ProtoDocument& doc, const ProtoMessage& message) {
  TopFields out;
  for (const auto& field : message.fields) {
    out.declared.push_back(field.name);
    bool singular = field.label != ProtoLabel::repeated && field.oneof.empty();
    if (field.label == ProtoLabel::required || (doc.syntax == "proto3" && singular))
      out.required.push_back(field.name);
  }
  return out;
}

// The top-level fields of the topic's schema, or nullopt when it has no schema these rules read.
std::optional<TopFields> top_fields(const OwnerCard& owner) {
  if (owner.proto_schema) {
    const ProtoMessage* message = owner.proto_schema->topic_message(owner.schema_message.value);
    if (message == nullptr) return std::nullopt;
    return proto_top_fields(*owner.proto_schema, *message);
  }
  if (owner.message_schema) {
    return TopFields{top_level_properties(owner.message_schema->root),
                     top_level_required(owner.message_schema->root)};
  }
  if (!owner.avro_schema) return std::nullopt;
  return avro_top_fields(owner.avro_schema->avro);
}

void check_event_id(const EffectiveTopic& topic, const TopFields& top, const RuleContext& context,
                    RuleSink& sink) {
  const OwnerCard& owner = topic.spec->owner;
  const auto& fields = context.settings.contract.event_id_fields;
  auto is_id = [&](const std::string& name) {
    return std::find(fields.begin(), fields.end(), name) != fields.end();
  };
  if (std::any_of(top.required.begin(), top.required.end(), is_id)) return;
  auto optional = std::find_if(top.declared.begin(), top.declared.end(), is_id);
  std::string found = optional == top.declared.end()
                          ? fmt::format("requires none of {}", listed(fields))
                          : fmt::format("declares '{}' but does not require it", *optional);
  sink.report("contract/event-id", owner.schema.at,
              fmt::format("event topic '{}': schema '{}' {}: an idempotent consumer deduplicates "
                          "redelivered events by a stable id; make one required",
                          topic.name, owner.schema.value, found));
}

void check_event_version(const EffectiveTopic& topic, const TopFields& top,
                         const RuleContext& context, RuleSink& sink) {
  const OwnerCard& owner = topic.spec->owner;
  const auto& fields = context.settings.contract.version_fields;
  bool has = std::any_of(top.declared.begin(), top.declared.end(), [&](const std::string& name) {
    return std::find(fields.begin(), fields.end(), name) != fields.end();
  });
  if (has) return;
  sink.report("contract/event-version", owner.schema.at,
              fmt::format("event topic '{}': schema '{}' has no version field ({}): a consumer "
                          "chooses the handler for an event by its version",
                          topic.name, owner.schema.value, listed(fields)));
}

// The subject the owner card names: `schema.subject`, or a `schema` that is no file or URL.
void check_subject_name(const OwnerCard& owner, RuleSink& sink) {
  const Located<std::string>* subject = nullptr;
  if (owner.schema_subject.present) {
    subject = &owner.schema_subject;
  } else if (owner.schema.present && !names_local_schema(owner.schema.value) &&
             owner.schema.value.find("://") == std::string::npos) {
    subject = &owner.schema;
  }
  if (subject == nullptr) return;
  std::string problem = subject_name_problem(subject->value);
  if (problem.empty()) return;
  sink.report("contract/subject-name", subject->at,
              fmt::format("schema subject '{}' cannot be addressed in the registry's API: {}; "
                          "name a subject such as '<topic>-value'",
                          subject->value, problem));
}

std::string message_names(const ProtoDocument& doc) {
  std::vector<std::string> names;
  for (const auto& m : doc.messages)
    if (!m.map_entry) names.push_back(m.full_name);
  return listed(names);
}

// Which message of a .proto the topic carries: the one named, or the registry's default.
void check_proto_message(const EffectiveTopic& topic, RuleSink& sink) {
  const OwnerCard& owner = topic.spec->owner;
  const ProtoDocument& doc = *owner.proto_schema;
  if (owner.schema_message.present && doc.message(owner.schema_message.value) == nullptr) {
    sink.report(
        "contract/message", owner.schema_message.at,
        fmt::format("topic '{}': schema '{}' defines no message '{}'; it defines {}", topic.name,
                    owner.schema.value, owner.schema_message.value, message_names(doc)));
  } else if (!owner.schema_message.present && doc.top_level_messages() > 1) {
    sink.report("contract/message-assumed", owner.schema.at,
                fmt::format("topic '{}': schema '{}' defines {} top-level messages; like a "
                            "registry, topicform takes the first, '{}': name it with "
                            "schema.message if another is meant",
                            topic.name, owner.schema.value, doc.top_level_messages(),
                            doc.first_message()->full_name));
  }
}

}  // namespace

void check_contract(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink) {
  if (topic.spec == nullptr || is_dead_letter_name(topic.name)) return;
  check_subject_name(topic.spec->owner, sink);
  if (topic.spec->owner.proto_schema) check_proto_message(topic, sink);
  if (topic.spec->kind.value != "event") return;
  auto top = top_fields(topic.spec->owner);
  if (!top) return;
  check_event_id(topic, *top, context, sink);
  check_event_version(topic, *top, context, sink);
}

namespace {

// "'total' is an amount without a unit: ..." at `at`.
void report_unitless(const std::string& name, const Location& at, RuleSink& sink) {
  sink.report("contract/units", at,
              fmt::format("'{}' is an amount without a unit: name its unit ({}Minor, {}Ms, "
                          "...) or say it in its description, so rubles never turn into "
                          "kopecks under the same name",
                          name, name, name));
}

// Whether a field named `name`, described by `doc`, is an amount that does not name its unit.
bool unitless_amount(const std::string& name, const std::string& doc,
                     const ContractSettings& contract) {
  auto words = words_of(name);
  if (!shares_word(words, contract.amount_words)) return false;
  return !shares_word(words, contract.unit_words) &&
         !shares_word(words_of(doc), contract.unit_words);
}

// Whether an Avro type holds a number: int, long, float, double, a decimal, or a union with one.
bool avro_numeric(const AvroSchema& avro, int index) {
  const AvroType& type = avro.types[static_cast<std::size_t>(index)];
  switch (type.kind) {
    case AvroKind::int32:
    case AvroKind::int64:
    case AvroKind::float32:
    case AvroKind::float64:
      return true;
    case AvroKind::bytes:
    case AvroKind::fixed:
      return type.logical_type == "decimal";
    case AvroKind::union_of:
      return std::any_of(type.branches.begin(), type.branches.end(),
                         [&](int branch) { return avro_numeric(avro, branch); });
    default:
      return false;
  }
}

// contract/units over every record field of an Avro schema.
void check_avro_units(const AvroDocument& schema, const ContractSettings& contract,
                      RuleSink& sink) {
  for (const auto& type : schema.avro.types) {
    for (const auto& field : type.fields) {
      if (avro_numeric(schema.avro, field.type) &&
          unitless_amount(field.name, field.doc, contract)) {
        report_unitless(field.name, schema.at(field.pointer), sink);
      }
    }
  }
}

// contract/units over every field of every message of a .proto (its comment is its doc).
void check_proto_units(const ProtoDocument& doc, const ContractSettings& contract, RuleSink& sink) {
  for (const auto& message : doc.messages) {
    for (const auto& field : message.fields) {
      if (proto_numeric(field.type) && unitless_amount(field.name, field.comment, contract))
        report_unitless(field.name, field.at, sink);
    }
  }
}

}  // namespace

void check_schema_units(const std::vector<EffectiveTopic>& topics, const RuleContext& context,
                        RuleSink& sink) {
  const ContractSettings& contract = context.settings.contract;
  std::set<const void*> seen;
  for (const auto& topic : topics) {
    if (topic.spec == nullptr) continue;
    const ProtoDocument* proto = topic.spec->owner.proto_schema.get();
    if (proto != nullptr && seen.insert(proto).second) check_proto_units(*proto, contract, sink);
    const AvroDocument* avro = topic.spec->owner.avro_schema.get();
    if (avro != nullptr && seen.insert(avro).second) check_avro_units(*avro, contract, sink);
    const MessageSchema* schema = topic.spec->owner.message_schema.get();
    if (schema == nullptr || !seen.insert(schema).second) continue;
    for_each_property(schema->root, [&](const std::string& name, const Json& property,
                                        const std::string& pointer) {
      if (!numeric(property)) return;
      std::string doc = property.contains("description") && property["description"].is_string()
                            ? property["description"].get<std::string>()
                            : "";
      if (unitless_amount(name, doc, contract)) report_unitless(name, schema->at(pointer), sink);
    });
  }
}

}  // namespace topicform
