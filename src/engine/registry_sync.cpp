// Subjects are compared by their documents, not their text: a registry may reformat a schema.
#include "engine/registry_sync.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

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

// Why the registry would refuse `desired` as its next version, or nothing.
Result<std::vector<std::string>> refusal(const DesiredSubject& desired, const SubjectState& state,
                                         SchemaRegistry& registry) {
  if (state.level != desired.level) {
    // The level changes first on apply; the registry's answer now would be for the old level.
    return breaks_against(desired, state.latest_schema);
  }
  auto verdict = registry.check(desired.subject, desired.schema, desired.type);
  if (!verdict) return Error{verdict.error().message};
  if (verdict->compatible) return std::vector<std::string>{};
  std::vector<std::string> reasons = verdict->reasons;
  if (reasons.empty()) reasons = breaks_against(desired, state.latest_schema);
  if (reasons.empty() && (desired.parsed != nullptr || desired.avro != nullptr)) {
    reasons.push_back(
        "the registry gives no reason, and by Confluent's rules topicform finds "
        "none: this registry's rules are stricter here");
  } else if (reasons.empty()) {
    reasons.push_back("the registry gives no reason");
  }
  return reasons;
}

Result<bool> plan_version(const DesiredSubject& desired, const SubjectState& state,
                          SchemaRegistry& registry, Plan& plan) {
  if (state.latest_version != 0 && same_schema(desired, state.latest_schema)) return true;
  if (state.latest_version != 0) {
    auto held = registry.find_version(desired.subject, desired.schema, desired.type);
    if (!held) return Error{held.error().message};
    if (*held) {
      plan.warnings.push_back(Diagnostic{
          Severity::warning, "contract/registry-drift",
          fmt::format("subject '{}' holds the manifest's schema as version {}, but its latest is "
                      "version {}: registering it again would not make it the latest, so nothing "
                      "is registered; change the schema in Git (a new version) to publish it",
                      desired.subject, **held, state.latest_version),
          desired.at});
      return true;
    }
    auto reasons = refusal(desired, state, registry);
    if (!reasons) return Error{reasons.error().message};
    if (!reasons->empty()) {
      plan.blocked.push_back(BlockedChange{
          desired.topic, "contract/registry-compatibility",
          fmt::format("subject '{}' (version {}, {}) refuses the manifest's schema: {}",
                      desired.subject, state.latest_version, desired.level,
                      fmt::join(*reasons, "; ")),
          desired.at});
      return true;
    }
  }
  SchemaChange change = change_of(Kind::register_version, desired, state);
  change.schema = desired.schema;
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
    auto planned = plan_version(desired, state, registry, plan);
    if (!planned) return planned;
  }
  return true;
}

namespace {

std::string write_one(const SchemaChange& change, SchemaRegistry& registry) {
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
  auto id = registry.register_schema(change.subject, change.schema, change.type);
  if (!id) return id.error().message;
  auto after = registry.read_subject(change.subject);
  if (!after) return after.error().message;
  auto held = registry.find_version(change.subject, change.schema, change.type);
  if (!held) return held.error().message;
  if (!*held || **held != after->latest_version) {
    return fmt::format(
        "subject '{}' accepted the schema (id {}) but its latest version is {}, "
        "not the manifest's",
        change.subject, *id, after->latest_version);
  }
  return "";
}

}  // namespace

RegistryWrites apply_registry(const std::vector<SchemaChange>& changes, SchemaRegistry& registry,
                              const Progress& progress) {
  RegistryWrites out;
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
    if (auto failed = write_one(change, registry); !failed.empty()) {
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
