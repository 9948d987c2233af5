// Each schema file is judged once per mode, however many topics share it; the messages name the
// first topic that uses it and the revision compared with.
#include "core/contract/against.hpp"

#include <set>
#include <tuple>

#include <fmt/format.h>

#include "core/contract/avro_against.hpp"
#include "core/contract/compatibility.hpp"
#include "core/contract/proto_against.hpp"
#include "core/model/schema_reference.hpp"
#include "core/model/topic_names.hpp"

namespace topicform {
namespace {

CompatibilityMode mode_of(const OwnerCard& owner, const Settings& settings) {
  const std::string& name = owner.schema_compatibility.present ? owner.schema_compatibility.value
                                                               : settings.contract.compatibility;
  return parse_compatibility(name).value_or(CompatibilityMode::backward);
}

// A schema file this project checks: a local .json (a JSON Schema) or .avsc (an Avro schema)
// the owner card names.
bool is_local_json(const OwnerCard& owner) {
  bool json_type = !owner.schema_type.present || owner.schema_type.value == "json";
  return json_type && owner.schema.present && names_local_schema(owner.schema.value) &&
         !owner.schema_path.empty() && owner.schema_path.ends_with(".json");
}

bool is_local_avro(const OwnerCard& owner) {
  bool avro_type = !owner.schema_type.present || owner.schema_type.value == "avro";
  return avro_type && owner.schema.present && names_local_schema(owner.schema.value) &&
         !owner.schema_path.empty() && owner.schema_path.ends_with(".avsc");
}

bool is_local_proto(const OwnerCard& owner) {
  bool proto_type = !owner.schema_type.present || owner.schema_type.value == "protobuf";
  return proto_type && owner.schema.present && names_local_schema(owner.schema.value) &&
         !owner.schema_path.empty() && owner.schema_path.ends_with(".proto");
}

bool is_checked(const OwnerCard& owner) {
  return is_local_json(owner) || is_local_avro(owner) || is_local_proto(owner);
}

// The file as read now (a JSON Schema, an Avro schema, a built .proto); null when invalid.
const void* now_of(const OwnerCard& owner) {
  if (is_local_proto(owner)) return owner.proto_schema.get();
  if (is_local_avro(owner)) return owner.avro_schema.get();
  return owner.message_schema.get();
}

// Where a .proto's imports are looked for: its own folder, then the project's (the settings').
std::vector<std::string> import_folders(const OwnerCard& owner, const Settings& settings) {
  auto folder = [](const std::string& file) { return file.substr(0, file.rfind('/')); };
  std::vector<std::string> folders{folder(owner.schema_path)};
  if (!settings.at.file.empty()) folders.push_back(folder(settings.at.file.str()));
  return folders;
}

const EarlierFile* find(const EarlierFiles& earlier, const std::string& file) {
  auto it = earlier.find(file);
  return it == earlier.end() ? nullptr : &it->second;
}

// Descriptions that changed where nothing else about the property did.
void check_meaning(const EffectiveTopic& topic, const nlohmann::json& before,
                   const std::string& revision, FindingSink& sink) {
  const MessageSchema& schema = *topic.spec->owner.message_schema;
  auto differences = diff_schemas(before, schema.root);
  std::set<std::string> reshaped;
  for (const auto& d : differences)
    if (d.kind != DifferenceKind::description_changed) reshaped.insert(d.field);
  for (const auto& d : differences) {
    if (d.kind != DifferenceKind::description_changed || d.field.empty()) continue;
    if (reshaped.count(d.field) || d.was.empty() || d.now.empty()) continue;
    sink.report("contract/meaning-changed", schema.at(d.update_at),
                fmt::format("'{}' of '{}' keeps its name and type but its description changed "
                            "since {}, from {} to {}: if its meaning or unit changed, consumers "
                            "misread every new message; add a property with a new name instead",
                            d.field, topic.name, revision, d.was, d.now));
  }
}

}  // namespace

namespace {

void judge(const EffectiveTopic& topic, const Settings& settings, const std::string& revision,
           const EarlierFile& file, FindingSink& sink) {
  const OwnerCard& owner = topic.spec->owner;
  if (!file.problem.empty()) {
    return sink.report("contract/compatibility", owner.schema.at,
                       fmt::format("schema '{}' at {} cannot be read ({}): '{}' is not checked "
                                   "against it",
                                   owner.schema.value, revision, file.problem, topic.name));
  }
  CompatibilityMode mode = mode_of(owner, settings);
  if (is_local_proto(owner))
    return judge_proto(topic.name, *owner.proto_schema, file.protos, mode,
                       proto_rules_of(owner, settings), revision, sink);
  if (is_local_avro(owner))
    return judge_avro(topic.name, *owner.avro_schema, file.versions, file.references, mode,
                      revision, sink);
  const MessageSchema& schema = *owner.message_schema;
  std::vector<const nlohmann::json*> versions;
  for (const auto& version : file.versions) versions.push_back(&version);
  for (const auto& found : schema_breaks(versions, schema.root, mode)) {
    sink.report(
        "contract/compatibility", schema.at(found.new_at),
        fmt::format("'{}' is not {} compatible with {}: {}; to keep it compatible, {}", topic.name,
                    compatibility_name(mode), revision, found.message, found.hint));
  }
  if (!file.versions.empty()) check_meaning(topic, file.versions.back(), revision, sink);
}

void judge_missing(const EffectiveTopic& topic, const std::string& revision,
                   const EarlierFiles& earlier, FindingSink& sink) {
  const OwnerCard& owner = topic.spec->owner;
  const EarlierFile* manifest = find(earlier, topic.spec->document.file);
  std::string why = manifest != nullptr && manifest->present
                        ? fmt::format("schema '{}' is new since {}", owner.schema.value, revision)
                        : fmt::format("topic '{}' is new since {}", topic.name, revision);
  sink.report("contract/new-schema", owner.schema.at,
              fmt::format("{}: there is no earlier version to compare with", why));
}

}  // namespace

std::vector<HistoryRequest> history_requests(const std::vector<EffectiveTopic>& topics,
                                             const Settings& settings) {
  std::vector<HistoryRequest> requests;
  std::set<std::pair<std::string, bool>> asked;
  auto ask = [&](HistoryRequest request) {
    if (asked.insert({request.file, request.every_version}).second)
      requests.push_back(std::move(request));
  };
  for (const auto& topic : topics) {
    if (topic.spec == nullptr || is_dead_letter_name(topic.name)) continue;
    const OwnerCard& owner = topic.spec->owner;
    if (!is_checked(owner)) continue;
    HistoryRequest schema{owner.schema_path, is_transitive(mode_of(owner, settings)), {}, {}};
    if (is_local_proto(owner)) schema.import_folders = import_folders(owner, settings);
    for (const auto& reference : owner.referenced_schemas)
      schema.references.push_back(reference.path);
    ask(std::move(schema));
    ask({topic.spec->document.file, false, {}, {}});
  }
  return requests;
}

void check_against(const std::vector<EffectiveTopic>& topics, const Settings& settings,
                   const std::string& revision, const EarlierFiles& earlier, FindingSink& sink) {
  std::set<std::tuple<const void*, CompatibilityMode, ProtoRules>> judged;
  for (const auto& topic : topics) {
    if (topic.spec == nullptr || is_dead_letter_name(topic.name)) continue;
    const OwnerCard& owner = topic.spec->owner;
    if (!is_checked(owner)) continue;
    const EarlierFile* file = find(earlier, owner.schema_path);
    bool before = file != nullptr && file->present;
    const void* now = now_of(owner);
    if (now == nullptr) {
      if (before && owner.schema_file.empty())
        sink.report("contract/compatibility", owner.schema.at,
                    fmt::format("schema '{}' of '{}' is gone but {} has it: its consumers are "
                                "left without a contract; restore the file",
                                owner.schema.value, topic.name, revision));
      continue;  // an invalid schema is reported as such
    }
    if (!before) {
      judge_missing(topic, revision, earlier, sink);
      continue;
    }
    if (judged.insert({now, mode_of(owner, settings), proto_rules_of(owner, settings)}).second)
      judge(topic, settings, revision, *file, sink);
  }
}

}  // namespace topicform
