// The schema registry's part of `topicform check`: each declared subject is there, and holds the
// manifest's schema as its latest version.
#pragma once

#include <vector>

#include "core/contract/registry_subjects.hpp"
#include "core/contract/schema_registry.hpp"
#include "core/operations/health.hpp"

namespace topicform {

// One finding per declared subject, from its state in the registry (`states[i]` is
// `declared[i]`'s): failing when the subject is missing or has no version, a warning when its
// latest version is not the manifest's schema, ok otherwise.
std::vector<HealthFinding> assess_subjects(const std::vector<DeclaredSubject>& declared,
                                           const std::vector<SubjectState>& states);

// Adds `findings` to the report's topics layer, worst first as the layer's own are.
void add_topic_findings(HealthReport& report, std::vector<HealthFinding> findings);

}  // namespace topicform
