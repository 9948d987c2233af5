// Subjects are compared by their documents, not their text: a registry may reformat a schema.
#include "engine/registry_sync.hpp"

#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engine/registry_references.hpp"

namespace topicform {
namespace {

using Kind = SchemaChange::Kind;

SchemaChange change_of(Kind kind, const DesiredSubject& desired, const SubjectState& state) {
  SchemaChange change;
  change.kind = kind;
  change.topic = desired.topic;
  change.subject = desired.subject;
  change.type = desired.type;
  change.latest_before = state.latest_version;
  change.at = desired.at;
  return change;
}

// Why the registry would refuse `desired` as its next version, or nothing. A schema with
// references gets topicform's verdict alone: Apicurio answers 42201 to the compatibility check
// of any schema with references, and judges it only when it is registered.
Result<std::vector<std::string>> refusal(const DesiredSubject& desired, const SubjectState& state,
                                         SchemaRegistry& registry, VersionReads& reads) {
  auto registered = registered_schema(state, registry, reads);
  if (!registered) return Error{registered.error().message};
  // The level changes first on apply; the registry's answer now would be for the old level.
  if (state.level != desired.level || !desired.references.empty())
    return breaks_against(desired, *registered);
  auto verdict = registry.check(desired.subject, {desired.schema, desired.type, {}});
  if (!verdict) return Error{verdict.error().message};
  if (verdict->compatible) return std::vector<std::string>{};
  std::vector<std::string> reasons = verdict->reasons;
  if (reasons.empty()) reasons = breaks_against(desired, *registered);
  if (reasons.empty()) reasons.push_back(no_reason_found(desired));
  return reasons;
}

void block(const DesiredSubject& desired, const SubjectState& state,
           const std::vector<std::string>& reasons, Plan& plan) {
  plan.blocked.push_back(BlockedChange{
      desired.topic, "contract/registry-compatibility",
      fmt::format("subject '{}' (version {}, {}) refuses the manifest's schema: {}",
                  desired.subject, state.latest_version, desired.level, fmt::join(reasons, "; ")),
      desired.at});
}

// The registry already holds `wanted` as an older version: registering it again would not
// make it the latest, so the plan says so and registers nothing.
void warn_held(const DesiredSubject& desired, const SubjectState& state, int held, Plan& plan) {
  plan.warnings.push_back(Diagnostic{
      Severity::warning, "contract/registry-drift",
      fmt::format("subject '{}' holds the manifest's schema as version {}, but its latest is "
                  "version {}: registering it again would not make it the latest, so nothing "
                  "is registered; change the schema in Git (a new version) to publish it",
                  desired.subject, held, state.latest_version),
      desired.at});
}

// Adds `reasons` (non-empty) to the plan as a refusal, or returns false when there are none.
Result<bool> blocked(const Result<std::vector<std::string>>& reasons, const DesiredSubject& desired,
                     const SubjectState& state, Plan& plan) {
  if (!reasons) return Error{reasons.error().message};
  if (reasons->empty()) return false;
  block(desired, state, *reasons, plan);
  return true;
}

// A schema with references is judged before its files are planned: one the registry would
// refuse registers none of them.
Result<bool> plan_version(const DesiredSubject& desired, const SubjectState& state,
                          SchemaRegistry& registry, ReferencePlanner& files, VersionReads& reads,
                          Plan& plan) {
  bool exists = state.latest_version != 0;
  bool uses_files = !desired.references.empty();
  if (exists && uses_files) {
    auto refused = blocked(refusal(desired, state, registry, reads), desired, state, plan);
    if (!refused || *refused) return refused;
  }
  SchemaText wanted{desired.schema, desired.type, {}};
  if (uses_files) {
    auto references = files.plan_for(desired);
    if (!references) return Error{references.error().message};
    wanted.references = std::move(*references);
  }
  if (exists && same_schema(desired, state.latest_schema) &&
      state.latest_references == wanted.references)
    return true;
  if (exists && !pending(wanted.references)) {
    auto held = registry.find_version(desired.subject, wanted);
    if (!held) return Error{held.error().message};
    if (*held) {
      warn_held(desired, state, **held, plan);
      return true;
    }
  }
  if (exists && !uses_files) {
    auto refused = blocked(refusal(desired, state, registry, reads), desired, state, plan);
    if (!refused || *refused) return refused;
  }
  SchemaChange change = change_of(Kind::register_version, desired, state);
  change.schema = desired.schema;
  change.references = std::move(wanted.references);
  plan.schemas.push_back(std::move(change));
  return true;
}

}  // namespace

Result<bool> plan_registry(const std::vector<DesiredSubject>& subjects, bool allow_delete,
                           SchemaRegistry& registry, Plan& plan) {
  std::vector<std::string> names;
  for (const auto& desired : subjects) names.push_back(desired.subject);
  auto states = registry.read_subjects(names);
  if (!states) return Error{states.error().message};
  ReferencePlanner files(registry, plan);
  VersionReads reads;  // registered references, read once for every subject naming them
  for (std::size_t i = 0; i < subjects.size(); ++i) {
    const DesiredSubject& desired = subjects[i];
    const SubjectState& state = (*states)[i];
    if (desired.deleted) {
      if (allow_delete && state.exists)
        plan.schemas.push_back(change_of(Kind::soft_delete, desired, state));
      continue;
    }
    if (state.level != desired.level) {
      SchemaChange change = change_of(Kind::set_level, desired, state);
      change.level = desired.level;
      change.level_before = state.level;
      plan.schemas.push_back(std::move(change));
    }
    auto planned = plan_version(desired, state, registry, files, reads, plan);
    if (!planned) return planned;
  }
  return true;
}

namespace {

// The schema of a registration, its references' versions 0 filled with those this run
// registered; "" in `why` when each was.
SchemaText text_of(const SchemaChange& change, const std::map<std::string, int>& registered,
                   std::string& why) {
  SchemaText text{change.schema, change.type, change.references};
  for (auto& reference : text.references) {
    if (reference.version != 0) continue;
    auto it = registered.find(reference.subject);
    if (it == registered.end()) {
      why = fmt::format("its reference '{}' was not registered before it", reference.subject);
      return text;
    }
    reference.version = it->second;
  }
  return text;
}

// Each registration is read back as the subject's latest version, which later registrations of
// the same run may reference (`registered`, by subject).
std::string write_one(const SchemaChange& change, SchemaRegistry& registry,
                      std::map<std::string, int>& registered) {
  switch (change.kind) {
    case Kind::set_level: {
      auto set = registry.set_level(change.subject, change.level);
      return set ? "" : set.error().message;
    }
    case Kind::soft_delete: {
      auto deleted = registry.soft_delete(change.subject);
      return deleted ? "" : deleted.error().message;
    }
    case Kind::register_version:
      break;
  }
  std::string why;
  SchemaText text = text_of(change, registered, why);
  if (!why.empty()) return why;
  auto id = registry.register_schema(change.subject, text);
  if (!id) return id.error().message;
  auto after = registry.read_subject(change.subject);
  if (!after) return after.error().message;
  auto held = registry.find_version(change.subject, text);
  if (!held) return held.error().message;
  if (!*held || **held != after->latest_version) {
    return fmt::format(
        "subject '{}' accepted the schema (id {}) but its latest version is {}, "
        "not the manifest's",
        change.subject, *id, after->latest_version);
  }
  registered[change.subject] = **held;
  return "";
}

}  // namespace

RegistryWrites apply_registry(const std::vector<SchemaChange>& changes, SchemaRegistry& registry,
                              const Progress& progress) {
  RegistryWrites out;
  std::map<std::string, int> registered;  // subject -> the version this run registered
  for (const auto& change : changes) {
    auto now = registry.read_subject(change.subject);
    if (!now) {
      out.error =
          fmt::format("{}; the remaining schema changes were not made", now.error().message);
      return out;
    }
    if (now->latest_version != change.latest_before) {
      out.error = fmt::format(
          "subject '{}' moved since the plan (latest version {}, planned after "
          "{}): nothing more was written to the registry; plan again",
          change.subject, now->latest_version, change.latest_before);
      return out;
    }
    if (auto failed = write_one(change, registry, registered); !failed.empty()) {
      out.error = fmt::format("{} failed: {}; the remaining schema changes were not made",
                              describe_schema_change(change), failed);
      return out;
    }
    ++out.written;
    progress(fmt::format("  {}", describe_schema_change(change)));
  }
  return out;
}

}  // namespace topicform
