// The Schema Registry half of plan and apply: subjects read and diffed after the topics, and
// written after every topic change, each checked again at the moment of writing.
#pragma once

#include <string>
#include <vector>

#include "core/contract/registry_subjects.hpp"
#include "core/contract/schema_registry.hpp"
#include "core/plan/plan.hpp"
#include "engine/phases.hpp"

namespace topicform {

// Adds to `plan` what the registry lacks: a level to set, a version to register (blocked when
// the registry, or topicform for a JSON Schema, finds it incompatible), a deleted topic's subject
// to soft-delete (with `allow_delete`), and a warning where re-registering could not make the
// manifest's schema the latest. An error when the registry cannot be read: nothing is planned.
Result<bool> plan_registry(const std::vector<DesiredSubject>& subjects, bool allow_delete,
                           SchemaRegistry& registry, Plan& plan);

struct RegistryWrites {
  std::size_t written = 0;  // the first `written` changes were made
  std::string error;        // why the run stopped; empty when every change was made
};

// Writes `changes` in order. Each subject is read first: one whose latest version is no longer
// the one planned after stops the run (nothing more is written); each registration is read back
// as the subject's latest version.
RegistryWrites apply_registry(const std::vector<SchemaChange>& changes, SchemaRegistry& registry,
                              const Progress& progress);

}  // namespace topicform
