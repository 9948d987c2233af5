// The contract's scenarios on in-memory revisions and registries, shared with the rule
// catalogue's walk.
#pragma once

#include <set>
#include <string>

namespace topicform {

// Every rule id the --against scenarios of against_test.cpp show firing.
std::set<std::string> against_scenario_rules();
// Every rule id the registry scenarios of registry_sync_test.cpp show firing.
std::set<std::string> registry_scenario_rules();

}  // namespace topicform
