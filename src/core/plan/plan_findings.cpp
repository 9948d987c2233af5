// Plan findings go through the same severity lookup as the offline rules.
#include "core/plan/plan_findings.hpp"

#include "core/rules/rule_sink.hpp"

namespace topicform {

bool PlanFindings::report(std::string_view rule, const std::string& topic, const Location& at,
                          std::string message) {
  std::optional<Severity> severity = severity_for(m_settings, rule);
  if (!severity) return false;
  if (*severity == Severity::error) {
    m_plan.blocked.push_back(BlockedChange{topic, std::string(rule), std::move(message), at});
    return true;
  }
  m_plan.warnings.push_back(Diagnostic{*severity, std::string(rule), std::move(message), at});
  return false;
}

}  // namespace topicform
