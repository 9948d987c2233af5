// Every rule topicform knows: its id, default severity, when it runs and a one-line summary.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "core/ground/diagnostic.hpp"

namespace topicform {

enum class RulePhase { manifest, validate, plan, apply };

struct RuleInfo {
  std::string_view id;
  std::optional<Severity> severity;  // nullopt: the rule shapes output rather than reporting
  RulePhase phase;
  bool adjustable;  // whether settings may change its severity
  std::string_view summary;
};

std::span<const RuleInfo> all_rules();
const RuleInfo* find_rule(std::string_view id);
std::string_view to_string(RulePhase phase);
// The family a rule id belongs to, the part before its '/': "naming" for "naming/past-tense".
constexpr std::string_view rule_family(std::string_view id) { return id.substr(0, id.find('/')); }

}  // namespace topicform
