// Files that schemas use (Avro references, .proto imports) as subjects of their own: planned
// once per run for every schema that names them, and read back for topicform's own verdict.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/contract/registry_subjects.hpp"
#include "core/contract/schema_registry.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

// At most this many schemas are read behind one registered version's references.
inline constexpr std::size_t kMaxReferencedSchemas = 64;

// Registered versions already read, by `<subject>@<version>`: a thousand schemas importing one
// file read its version once per run.
using VersionReads = std::map<std::string, SchemaText>;

// The registry's latest version of a subject, with the text of every schema it references
// (directly or not, each after those it references), read version by version through `reads`.
Result<RegisteredVersion> registered_schema(const SubjectState& state, SchemaRegistry& registry,
                                            VersionReads& reads);

// Whether any of `references` names a version this run has still to register (version 0).
bool pending(const std::vector<SubjectReference>& references);

// Plans the subjects of the files schemas use, each once per run.
class ReferencePlanner {
 public:
  ReferencePlanner(SchemaRegistry& registry, Plan& plan) : m_registry(registry), m_plan(plan) {}

  // The references `desired`'s schema gives, after planning each file's subject: a file no
  // version holds as it is now (with its own references) is registered, and named with version
  // 0 until then. An error when the registry cannot be read, or when two different files would
  // be one subject.
  Result<std::vector<SubjectReference>> plan_for(const DesiredSubject& desired);

 private:
  Result<int> version_of(const ReferencedFile& file, const DesiredSubject& user);
  std::vector<SubjectReference> named(const std::vector<std::string>& names,
                                      const DesiredSubject& desired) const;

  struct Planned {
    std::string schema;
    std::string topic;  // the first that named it
    int version = 0;    // 0: this plan registers it
  };
  SchemaRegistry& m_registry;
  Plan& m_plan;
  std::map<std::string, Planned> m_planned;  // by subject
};

}  // namespace topicform
