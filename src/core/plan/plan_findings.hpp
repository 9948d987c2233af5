// Where plan-phase rules report: the settings give each finding its severity, and an error blocks.
#pragma once

#include <string>
#include <string_view>

#include "core/model/settings.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

class PlanFindings {
 public:
  PlanFindings(const Settings& settings, Plan& plan) : m_settings(settings), m_plan(plan) {}

  // Records a finding of `rule` about `topic` ("" for the cluster as a whole): an error becomes
  // a blocked change, a warning or info a plan warning, and an "off" rule nothing. Returns true
  // when the change it is about must not be made (the finding is an error).
  bool report(std::string_view rule, const std::string& topic, const Location& at,
              std::string message);

  const Settings& settings() const { return m_settings; }

 private:
  const Settings& m_settings;
  Plan& m_plan;
};

}  // namespace topicform
