// Severity lookup: a settings override wins over the rule's default; unknown rules are bugs.
#include "core/rules/rule_sink.hpp"

#include <cassert>

#include "core/rules/rule_catalog.hpp"

namespace topicform {

std::optional<Severity> severity_for(const Settings& settings, std::string_view rule) {
  const RuleInfo* info = find_rule(rule);
  assert(info != nullptr && "every reported rule is in the catalogue");
  std::optional<Severity> severity = info ? info->severity : Severity::error;
  if (auto it = settings.severities.find(std::string(rule));
      it != settings.severities.end() && info && info->adjustable) {
    severity = it->second;
  }
  return severity;
}

namespace {

// Rules whose error means topicform cannot read the manifest as meant: never softened.
bool about_the_manifest_itself(std::string_view rule) {
  // naming/legal too: a name Kafka refuses cannot be a live topic, whatever the manifest says.
  // owner/literal-names too: a wildcard in an adopted card would still grant the world.
  return rule.starts_with("manifest/") || rule == "config/known-key" || rule == "retention/units" ||
         rule == "naming/legal" || rule == "owner/literal-names";
}

}  // namespace

void RuleSink::report(std::string_view rule, const Location& at, std::string message) {
  std::optional<Severity> severity = severity_for(m_settings, rule);
  if (!severity) return;
  if (m_adopted && *severity == Severity::error && !about_the_manifest_itself(rule)) {
    severity = Severity::warning;
    message += " (a warning: the topic is adopted)";
  }
  m_out.push_back(Diagnostic{*severity, std::string(rule), std::move(message), at});
}

}  // namespace topicform
