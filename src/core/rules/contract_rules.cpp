// The article's contract checks on a topic's JSON Schema: a stable event id, a version, units.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/contract/schema_words.hpp"
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

void check_event_id(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink) {
  const OwnerCard& owner = topic.spec->owner;
  const auto& fields = context.settings.contract.event_id_fields;
  auto required = top_level_required(owner.message_schema->root);
  auto declared = top_level_properties(owner.message_schema->root);
  auto is_id = [&](const std::string& name) {
    return std::find(fields.begin(), fields.end(), name) != fields.end();
  };
  if (std::any_of(required.begin(), required.end(), is_id)) return;
  auto optional = std::find_if(declared.begin(), declared.end(), is_id);
  std::string found = optional == declared.end()
                          ? fmt::format("requires none of {}", listed(fields))
                          : fmt::format("declares '{}' but does not require it", *optional);
  sink.report("contract/event-id", owner.schema.at,
              fmt::format("event topic '{}': schema '{}' {}: an idempotent consumer deduplicates "
                          "redelivered events by a stable id; make one required",
                          topic.name, owner.schema.value, found));
}

void check_event_version(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink) {
  const OwnerCard& owner = topic.spec->owner;
  const auto& fields = context.settings.contract.version_fields;
  auto declared = top_level_properties(owner.message_schema->root);
  bool has = std::any_of(declared.begin(), declared.end(), [&](const std::string& name) {
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

}  // namespace

void check_contract(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink) {
  if (topic.spec == nullptr || is_dead_letter_name(topic.name)) return;
  check_subject_name(topic.spec->owner, sink);
  if (topic.spec->owner.message_schema == nullptr) return;
  if (topic.spec->kind.value != "event" || is_dead_letter_name(topic.name)) return;
  check_event_id(topic, context, sink);
  check_event_version(topic, context, sink);
}

void check_schema_units(const std::vector<EffectiveTopic>& topics, const RuleContext& context,
                        RuleSink& sink) {
  const ContractSettings& contract = context.settings.contract;
  std::set<const MessageSchema*> seen;
  for (const auto& topic : topics) {
    if (topic.spec == nullptr) continue;
    const MessageSchema* schema = topic.spec->owner.message_schema.get();
    if (schema == nullptr || !seen.insert(schema).second) continue;
    for_each_property(schema->root, [&](const std::string& name, const Json& property,
                                        const std::string& pointer) {
      auto words = words_of(name);
      if (!numeric(property) || !shares_word(words, contract.amount_words)) return;
      if (shares_word(words, contract.unit_words)) return;
      if (property.contains("description") && property["description"].is_string() &&
          shares_word(words_of(property["description"].get<std::string>()), contract.unit_words))
        return;
      sink.report("contract/units", schema->at(pointer),
                  fmt::format("'{}' is an amount without a unit: name its unit ({}Minor, {}Ms, "
                              "...) or say it in its description, so rubles never turn into "
                              "kopecks under the same name",
                              name, name, name));
    });
  }
}

}  // namespace topicform
