// Two versions of a `.proto` file compared by a registry's rules: Confluent's (its SchemaDiff:
// wire compatibility, renames allowed) or Apicurio's stricter ones (modelled on protolock:
// reserve what you remove, never rename, renumber or retype).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/model/proto_types.hpp"

namespace topicform {

enum class ProtoRules { confluent, apicurio };

const char* proto_rules_name(ProtoRules rules);  // "Confluent's", "Apicurio's"
std::optional<ProtoRules> parse_proto_rules(const std::string& text);

// One difference the rules name; the kinds are Confluent's Difference.Type names, and for
// Apicurio the rule protolock calls it by.
struct ProtoChange {
  std::string kind;  // "FIELD_KIND_CHANGED", "FIELD_REMOVED_WITHOUT_RESERVE", ...
  bool breaking = false;
  std::string path;      // "OrderCreated.total = 2": message path without package, field, number
  std::string detail;    // "string -> shop.Money"
  Location original_at;  // where it stands in `original` (empty file when absent there)
  Location update_at;    // where it stands in `update`, or its nearest enclosing element
};

// The differences from `original` to `update` by `rules`, breaking or not, in a stable order.
// A registry checks BACKWARD as original = the earlier version, update = the new one, and
// FORWARD the other way round.
std::vector<ProtoChange> proto_changes(const ProtoDocument& original, const ProtoDocument& update,
                                       ProtoRules rules);

// Apicurio's rules alone (its ProtobufCompatibilityCheckerLibrary, after protolock): fields and
// enum values matched by name and by number in each message and enum, wherever nested.
std::vector<ProtoChange> apicurio_changes(const ProtoDocument& original,
                                          const ProtoDocument& update);

// How to keep the change compatible, in order of preference.
const char* proto_fix_for(const std::string& kind);

}  // namespace topicform
