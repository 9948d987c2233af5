// Where rules report: applies the project's severity settings and collects diagnostics.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/settings.hpp"

namespace topicform {

class RuleSink {
 public:
  RuleSink(const Settings& settings, std::vector<Diagnostic>& out)
      : m_settings(settings), m_out(out) {}

  // Records a finding of `rule` at `at` with the severity the settings give it (or none if off).
  void report(std::string_view rule, const Location& at, std::string message);

  const std::vector<Diagnostic>& diagnostics() const { return m_out; }

 private:
  const Settings& m_settings;
  std::vector<Diagnostic>& m_out;
};

}  // namespace topicform
