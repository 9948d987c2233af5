// Alerting rules as a Prometheus rule file (YAML), which `promtool check rules` accepts.
#pragma once

#include <string>

#include "core/operations/alert_rules.hpp"

namespace topicform {

// The rule file: groups in the order their first rule comes, rules in the order given; `header` is
// written as comment lines at the top.
std::string render_alert_rules(const AlertSet& alerts, const std::string& header);

}  // namespace topicform
