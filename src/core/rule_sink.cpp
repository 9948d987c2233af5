// Severity lookup: a settings override wins over the rule's default; unknown rules are bugs.
#include "core/rule_sink.hpp"

#include <cassert>

#include "core/rule_catalog.hpp"

namespace topicform {

void RuleSink::report(std::string_view rule, const Location& at, std::string message) {
  const RuleInfo* info = find_rule(rule);
  assert(info != nullptr && "every reported rule is in the catalogue");
  std::optional<Severity> severity = info ? info->severity : Severity::error;
  if (auto it = m_settings.severities.find(std::string(rule));
      it != m_settings.severities.end() && info && info->adjustable) {
    severity = it->second;
  }
  if (!severity) return;
  m_out.push_back(Diagnostic{*severity, std::string(rule), std::move(message), at});
}

}  // namespace topicform
