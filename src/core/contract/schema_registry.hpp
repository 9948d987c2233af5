// A Schema Registry as the engine sees it (Confluent's REST API): the interface the HTTP adapter
// implements and the unit tests fake.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/ground/result.hpp"
#include "core/model/subject_reference.hpp"

namespace topicform {

// A schema as the registry takes it: its text, its type and the registered schemas it names.
struct SchemaText {
  std::string schema;
  std::string type;  // JSON, AVRO or PROTOBUF
  std::vector<SubjectReference> references;
};

// What a registry holds under one subject.
struct SubjectState {
  bool exists = false;
  std::vector<int> versions;  // ascending
  int latest_version = 0;     // 0: no version
  std::string latest_schema;  // as the registry returns it
  std::string latest_type;    // JSON, AVRO or PROTOBUF
  int latest_id = 0;          // the registry-wide id of the latest schema, when it gives one
  std::vector<SubjectReference> latest_references;  // the latest schema's
  std::string level;  // the compatibility level the registry applies to the subject
};

// The registry's answer on a schema checked against a subject before it is registered.
struct RegistryVerdict {
  bool compatible = true;
  std::vector<std::string> reasons;  // where the registry gives them
};

// Requests sent, for --stats.
struct RegistryRequestCounts {
  int reads = 0;
  int writes = 0;
};

class SchemaRegistry {
 public:
  virtual ~SchemaRegistry() = default;
  // Requests sent so far.
  virtual RegistryRequestCounts requests() const = 0;
  // Where the registry is, as a message may show it: never a credential.
  virtual std::string address() const = 0;
  virtual Result<SubjectState> read_subject(const std::string& subject) = 0;
  // Every subject, in order; a registry over the network reads several at once. The first
  // subject that cannot be read fails the whole.
  virtual Result<std::vector<SubjectState>> read_subjects(
      const std::vector<std::string>& subjects) {
    std::vector<SubjectState> states;
    for (const auto& subject : subjects) {
      auto state = read_subject(subject);
      if (!state) return state.error();
      states.push_back(std::move(*state));
    }
    return states;
  }
  // Version `version` of `subject`: its text, type and references.
  virtual Result<SchemaText> read_version(const std::string& subject, int version) = 0;
  // The version of `subject` that holds exactly `schema` (with the same references), or nullopt.
  virtual Result<std::optional<int>> find_version(const std::string& subject,
                                                  const SchemaText& schema) = 0;
  // `schema` against the subject's latest version under the subject's level.
  virtual Result<RegistryVerdict> check(const std::string& subject, const SchemaText& schema) = 0;
  virtual Result<int> register_schema(const std::string& subject,
                                      const SchemaText& schema) = 0;  // the schema id
  virtual Result<bool> set_level(const std::string& subject, const std::string& level) = 0;
  virtual Result<bool> soft_delete(const std::string& subject) = 0;
};

}  // namespace topicform
