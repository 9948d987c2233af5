// `--against REF`: each topic's JSON Schema or Avro schema compared with its versions at a Git
// revision, under the topic's compatibility mode. The revision is read by an adapter; this is the
// judgement.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/ground/finding_sink.hpp"
#include "core/model/effective_topic.hpp"
#include "core/model/proto_types.hpp"
#include "core/model/settings.hpp"

namespace topicform {

// A file to read at the revision: the schema's every version in its history (transitive modes),
// or the revision's own. Paths are absolute, as the working tree names them.
struct HistoryRequest {
  std::string file;
  bool every_version = false;
  // A .proto's: where its imports are looked for (its own folder, then the project's), as the
  // working tree names them; each version's imports are read at that version's commit.
  std::vector<std::string> import_folders;
  // An .avsc's schema.references (absolute paths), read at each version's own commit.
  std::vector<std::string> references;
};

// What the revision holds of one file.
struct EarlierFile {
  bool present = false;                  // the file is in the revision's tree
  std::vector<nlohmann::json> versions;  // parsed JSON, oldest first; the revision's own last
  std::string problem;                   // why a present file could not be read
  std::vector<ProtoDocument> protos;     // a .proto's versions, built, oldest first
  // An .avsc with references: per version (as `versions`), its references' JSON at its commit.
  std::vector<std::vector<nlohmann::json>> references;
};

using EarlierFiles = std::map<std::string, EarlierFile>;

// The files `check_against` needs: each topic's schema (also a schema the working tree lost)
// and its manifest, to tell a new topic from a new schema.
std::vector<HistoryRequest> history_requests(const std::vector<EffectiveTopic>& topics,
                                             const Settings& settings);

// Reports contract/compatibility (a break under the topic's mode), contract/meaning-changed (a
// property that kept its name and type but not its description) and contract/new-schema.
void check_against(const std::vector<EffectiveTopic>& topics, const Settings& settings,
                   const std::string& revision, const EarlierFiles& earlier, FindingSink& sink);

}  // namespace topicform
