// A saved plan is a proposal, not an authority: it runs only if a fresh plan is the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/plan.hpp"

namespace topicform {

struct Staleness {
  std::string reason;                // one line: what moved since the plan was saved
  std::vector<std::string> details;  // "planned: ..." / "now: ..." lines of the difference
};

// nullopt when `fresh` (made now from the manifests, settings and cluster, digest `digest`) is
// the saved plan; otherwise why not. Compared: environment, cluster id, digest, every action
// and every blocked change.
std::optional<Staleness> stale_because(const SavedPlan& saved, const Plan& fresh,
                                       const std::string& digest);

}  // namespace topicform
