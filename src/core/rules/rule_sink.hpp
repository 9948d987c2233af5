// Where rules report: applies the project's severity settings and collects diagnostics.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/ground/diagnostic.hpp"
#include "core/ground/finding_sink.hpp"
#include "core/model/settings.hpp"

namespace topicform {

// The severity `rule` has in this project: the settings' override where the rule allows one, else
// the catalogue's default; nullopt when it is off (or only shapes output).
std::optional<Severity> severity_for(const Settings& settings, std::string_view rule);

class RuleSink final : public FindingSink {
 public:
  RuleSink(const Settings& settings, std::vector<Diagnostic>& out)
      : m_settings(settings), m_out(out) {}

  // Records a finding of `rule` at `at` with the severity the settings give it (or none if off).
  void report(std::string_view rule, const Location& at, std::string message) override;

  // While set, findings are about an adopted topic (`adopted: true`): the cluster already has it
  // as it is, and a rule cannot rename or rebuild a live topic, so a design rule's error is
  // reported as a warning. Errors that say the manifest itself is unreadable stay errors.
  void set_adopted(bool adopted) { m_adopted = adopted; }

  // Adds a finding another sink over the same settings has already judged (a thread's slice).
  void record(Diagnostic judged) { m_out.push_back(std::move(judged)); }

  const std::vector<Diagnostic>& diagnostics() const { return m_out; }

 private:
  const Settings& m_settings;
  std::vector<Diagnostic>& m_out;
  bool m_adopted = false;
};

}  // namespace topicform
