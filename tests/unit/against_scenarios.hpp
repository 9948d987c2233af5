// The --against judgement on in-memory revisions, shared with the rule catalogue's walk.
#pragma once

#include <set>
#include <string>

namespace topicform {

// Every rule id the --against scenarios of against_test.cpp show firing.
std::set<std::string> against_scenario_rules();

}  // namespace topicform
