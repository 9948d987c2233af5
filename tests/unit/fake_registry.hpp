// An in-memory Schema Registry behind the engine's interface, with the faults tests need.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/contract/schema_registry.hpp"

namespace topicform {

class FakeRegistry : public SchemaRegistry {
 public:
  struct Subject {
    std::vector<std::string> versions;  // schema texts, version 1 first
    std::string level;
    // Each version's references, where it has any (a test may push texts alone).
    std::map<int, std::vector<SubjectReference>> references;
    std::vector<SubjectReference> references_of(int version) const {
      auto it = references.find(version);
      return it == references.end() ? std::vector<SubjectReference>{} : it->second;
    }
  };
  std::map<std::string, Subject> subjects;
  std::string global_level = "NONE";  // Apicurio's default
  std::string down;                   // non-empty: every call fails with this
  bool incompatible = false;          // the compatibility check says no
  std::vector<std::string> writes;    // what was written, in order
  // Called before each registration: a concurrent writer, for the tests.
  std::function<void()> before_register;

  int reads = 0;          // subjects read
  int version_reads = 0;  // single versions read

  RegistryRequestCounts requests() const override {
    return {reads, static_cast<int>(writes.size())};
  }
  std::string address() const override { return "memory"; }
  Result<SubjectState> read_subject(const std::string& subject) override {
    ++reads;
    if (!down.empty()) return Error{down};
    SubjectState state;
    auto it = subjects.find(subject);
    state.level =
        it != subjects.end() && !it->second.level.empty() ? it->second.level : global_level;
    if (it == subjects.end() || it->second.versions.empty()) return state;
    state.exists = true;
    for (std::size_t i = 0; i < it->second.versions.size(); ++i)
      state.versions.push_back(static_cast<int>(i) + 1);
    state.latest_version = static_cast<int>(it->second.versions.size());
    state.latest_schema = it->second.versions.back();
    state.latest_type = "JSON";
    state.latest_references = it->second.references_of(state.latest_version);
    return state;
  }
  Result<SchemaText> read_version(const std::string& subject, int version) override {
    ++version_reads;
    if (!down.empty()) return Error{down};
    const Subject& held = subjects[subject];
    if (version < 1 || version > static_cast<int>(held.versions.size()))
      return Error{"no such version"};
    return SchemaText{held.versions[version - 1], "JSON", held.references_of(version)};
  }
  Result<std::optional<int>> find_version(const std::string& subject,
                                          const SchemaText& schema) override {
    if (!down.empty()) return Error{down};
    const Subject& held = subjects[subject];
    for (std::size_t i = 0; i < held.versions.size(); ++i) {
      int version = static_cast<int>(i) + 1;
      if (held.versions[i] == schema.schema && held.references_of(version) == schema.references)
        return std::optional<int>(version);
    }
    return std::optional<int>();
  }
  Result<RegistryVerdict> check(const std::string&, const SchemaText&) override {
    if (!down.empty()) return Error{down};
    return RegistryVerdict{!incompatible, {}};
  }
  Result<int> register_schema(const std::string& subject, const SchemaText& schema) override {
    if (before_register) before_register();
    if (!down.empty()) return Error{down};
    writes.push_back("register " + subject);
    auto held = find_version(subject, schema);
    if (*held) return **held;  // like a registry: no new version
    Subject& into = subjects[subject];
    into.versions.push_back(schema.schema);
    int version = static_cast<int>(into.versions.size());
    if (!schema.references.empty()) into.references[version] = schema.references;
    return version;
  }
  Result<bool> set_level(const std::string& subject, const std::string& level) override {
    if (!down.empty()) return Error{down};
    writes.push_back("level " + subject + " " + level);
    subjects[subject].level = level;
    return true;
  }
  Result<bool> soft_delete(const std::string& subject) override {
    if (!down.empty()) return Error{down};
    writes.push_back("delete " + subject);
    subjects.erase(subject);
    return true;
  }
};

}  // namespace topicform
