// What plan and apply share between parsing and rendering: the desired state of a checked
// project, saved plan files, and the plan on the terminal.
#pragma once

#include <string>
#include <vector>

#include "cli/checked_project.hpp"
#include "core/ground/result.hpp"
#include "core/plan/plan.hpp"
#include "engine/reconciler.hpp"

namespace topicform {

// The engine's view of a checked project, narrowed to `targets` when given.
inline Desired desired_of(const CheckedProject& checked, const Targets* targets = nullptr) {
  return Desired{checked.topics, checked.project.settings, checked.environment,
                 targets && !targets->all() ? targets : nullptr};
}

// The digest of what the project wants, as saved plans record it.
std::string digest_of(const CheckedProject& checked);

// Writes `text` to `path`; an error names the path.
Result<bool> write_text_file(const std::string& path, const std::string& text, const char* what);

// The plans of a plan file as `plan --out` wrote it, one per environment; errors say what to do.
Result<std::vector<SavedPlan>> load_plans_file(const std::string& path);

// A cluster snapshot as `plan --snapshot-out` or `import --snapshot-out` wrote it, read with the
// bounds plan files have: a regular file of at most 256 MiB (a FIFO or /dev/zero is refused).
Result<ClusterState> load_snapshot_file(const std::string& path);

// The manifest paths as a plan file records them: absolute, so `apply --plan` finds them from
// any working directory.
std::vector<std::string> absolute_paths(const std::vector<std::string>& paths);

// "topicform: error: MESSAGE" on stderr; returns the failure exit code.
int fail(const std::string& message);

}  // namespace topicform
