// Loading and checking manifests, shared by every command that starts from them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/check.hpp"
#include "manifest/project_loader.hpp"

namespace topicform {

struct CheckedProject {
  Project project;  // owns the specs that `topics` point into
  Environment environment;
  std::vector<EffectiveTopic> topics;
  std::vector<Diagnostic> diagnostics;  // sorted
};

// Never returns null; the pointer keeps `topics` valid when the result is moved.
std::unique_ptr<CheckedProject> load_and_check(const std::vector<std::string>& paths,
                                               const std::string& environment);

}  // namespace topicform
