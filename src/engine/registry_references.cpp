// A referenced file is compared with what its subject holds by text and references together: the
// same text naming another version of its own references is another schema to a registry.
#include "engine/registry_references.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace topicform {
namespace {

using References = std::vector<std::pair<std::string, std::string>>;

// Version `key` (`<subject>@<version>`) of `reference`, read once for the run.
Result<const SchemaText*> read_once(SchemaRegistry& registry, const SubjectReference& reference,
                                    const std::string& key, VersionReads& reads) {
  if (auto it = reads.find(key); it != reads.end()) return &it->second;
  auto version = registry.read_version(reference.subject, reference.version);
  if (!version) return Error{version.error().message};
  return &reads.emplace(key, std::move(*version)).first->second;
}

Result<bool> collect(SchemaRegistry& registry, const std::vector<SubjectReference>& references,
                     std::set<std::string>& seen, VersionReads& reads, References& out) {
  for (const auto& reference : references) {
    std::string key = fmt::format("{}@{}", reference.subject, reference.version);
    if (!seen.insert(key).second) continue;
    if (seen.size() > kMaxReferencedSchemas) {
      return Error{fmt::format("a registered schema references more than {} schemas",
                               kMaxReferencedSchemas)};
    }
    auto version = read_once(registry, reference, key, reads);
    if (!version) return Error{version.error().message};
    if (auto nested = collect(registry, (*version)->references, seen, reads, out); !nested)
      return nested;
    out.emplace_back(reference.name, (*version)->schema);
  }
  return true;
}

// Avro and JSON texts are compared as documents: a registry may reformat them.
bool same_text(const std::string& type, const std::string& held, const std::string& wanted) {
  if (type == "PROTOBUF") return held == wanted;
  auto a = nlohmann::json::parse(held, nullptr, false);
  auto b = nlohmann::json::parse(wanted, nullptr, false);
  return !a.is_discarded() && a == b;
}

}  // namespace

Result<RegisteredVersion> registered_schema(const SubjectState& state, SchemaRegistry& registry,
                                            VersionReads& reads) {
  RegisteredVersion out{state.latest_schema, {}};
  std::set<std::string> seen;
  if (auto read = collect(registry, state.latest_references, seen, reads, out.references); !read)
    return read.error();
  return out;
}

bool pending(const std::vector<SubjectReference>& references) {
  return std::any_of(references.begin(), references.end(),
                     [](const SubjectReference& r) { return r.version == 0; });
}

Result<std::vector<SubjectReference>> ReferencePlanner::plan_for(const DesiredSubject& desired) {
  for (const auto& file : desired.references) {
    if (auto version = version_of(file, desired); !version) return version.error();
  }
  return named(desired.direct, desired);
}

std::vector<SubjectReference> ReferencePlanner::named(const std::vector<std::string>& names,
                                                      const DesiredSubject& desired) const {
  std::vector<SubjectReference> out;
  for (const auto& name : names) {
    auto file = std::find_if(desired.references.begin(), desired.references.end(),
                             [&](const ReferencedFile& f) { return f.name == name; });
    if (file == desired.references.end()) continue;
    out.push_back({name, file->subject, m_planned.at(file->subject).version});
  }
  return out;
}

Result<int> ReferencePlanner::version_of(const ReferencedFile& file, const DesiredSubject& user) {
  if (auto planned = m_planned.find(file.subject); planned != m_planned.end()) {
    if (!same_text(user.type, planned->second.schema, file.schema)) {
      return Error{
          fmt::format("subject '{}' would hold two different files: '{}' of {} and of {}; give one "
                      "file another name",
                      file.subject, file.name, planned->second.topic, user.topic)};
    }
    return planned->second.version;
  }
  std::vector<SubjectReference> references = named(file.uses, user);
  auto state = m_registry.read_subject(file.subject);
  if (!state) return Error{state.error().message};
  int version = 0;
  if (state->latest_version != 0 && same_text(user.type, state->latest_schema, file.schema) &&
      state->latest_references == references) {
    version = state->latest_version;
  } else if (!pending(references)) {
    auto held = m_registry.find_version(file.subject, {file.schema, user.type, references});
    if (!held) return Error{held.error().message};
    version = held->value_or(0);
  }
  if (version == 0) {
    SchemaChange change;
    change.kind = SchemaChange::Kind::register_version;
    change.topic = user.topic;
    change.subject = file.subject;
    change.type = user.type;
    change.schema = file.schema;
    change.references = references;
    change.referenced_as = file.name;
    change.latest_before = state->latest_version;
    change.at = user.at;
    m_plan.schemas.push_back(std::move(change));
  }
  m_planned[file.subject] = {file.schema, user.topic, version};
  return version;
}

}  // namespace topicform
