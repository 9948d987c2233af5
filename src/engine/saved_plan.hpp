// A saved plan is a proposal, not an authority: it runs only if a fresh plan is the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/plan/plan.hpp"

namespace topicform {

struct Staleness {
  std::string reason;                // one line: what moved since the plan was saved
  std::vector<std::string> details;  // "planned: ..." / "now: ..." lines of the difference
};

// Why the saved plan must not run at all: it deletes, and the command that writes does not allow
// deletes (consent is given where the writing happens, whatever the plan was saved with).
// Also refused: targets other than the plan was saved with (`targets` are the command's, already
// defaulted to the saved ones when it names none), since the plan covers only its own selection.
std::optional<std::string> saved_plan_refusal(const SavedPlan& saved, bool allow_delete,
                                              const std::vector<std::string>& targets);

// nullopt when `fresh` (made now from the manifests, settings and cluster, digest `digest`) is
// the saved plan; otherwise why not. Compared: environment, cluster id, digest, every action
// and every blocked change.
std::optional<Staleness> stale_because(const SavedPlan& saved, const Plan& fresh,
                                       const std::string& digest);

}  // namespace topicform
