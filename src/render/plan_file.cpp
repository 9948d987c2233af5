// The plan JSON (render_plan_json) with the digest and paths it was made from; read back into
// typed actions, which apply compares with a fresh plan.
#include "render/plan_file.hpp"

#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/access/access_json.hpp"
#include "core/model/json_numbers.hpp"
#include "render/plan_render.hpp"

namespace topicform {
namespace {

// Version 2 added the digest and paths: a version 1 plan cannot be checked against the manifests.
constexpr int kPlanFileVersion = 2;

std::optional<std::string> optional_text(const nlohmann::json& value) {
  if (value.is_null()) return std::nullopt;
  return value.get<std::string>();
}

Action read_action(const nlohmann::json& a) {
  std::string kind = a.at("action").get<std::string>();
  std::string topic = a.at("topic").get<std::string>();
  if (kind == "create") {
    return CreateTopic{topic,
                       json_integer(a.at("partitions"), "partitions"),
                       json_integer(a.at("replicationFactor"), "replicationFactor"),
                       a.at("configs").get<ConfigMap>(),
                       a.at("deadLetterOf").is_null() ? "" : a["deadLetterOf"].get<std::string>(),
                       {}};
  }
  if (kind == "add-partitions") {
    return AddPartitions{
        topic, json_integer(a.at("from"), "from"), json_integer(a.at("to"), "to"), {}};
  }
  if (kind == "alter-config") {
    AlterConfig alter{
        topic, a.at("desired").get<ConfigMap>(), {}, a.at("destructive").get<bool>(), {}};
    for (const auto& c : a.at("changes")) {
      alter.changes.push_back(ConfigChange{c.at("key").get<std::string>(),
                                           optional_text(c.at("before")),
                                           optional_text(c.at("after"))});
    }
    return alter;
  }
  if (kind == "delete") return DeleteTopic{topic, {}};
  throw nlohmann::json::other_error::create(501, fmt::format("unknown action '{}'", kind), nullptr);
}

void read_access(const nlohmann::json& root, Plan& plan) {
  if (!root.contains("access")) return;
  for (const auto& b : root["access"].at("grant"))
    plan.access.creates.push_back(binding_from_json(b));
  for (const auto& b : root["access"].at("revoke"))
    plan.access.deletes.push_back(binding_from_json(b));
}

void read_schemas(const nlohmann::json& root, Plan& plan) {
  if (!root.contains("schemas")) return;
  for (const auto& c : root["schemas"].at("changes")) {
    SchemaChange change;
    std::string kind = c.at("kind").get<std::string>();
    change.kind = kind == "set-level"     ? SchemaChange::Kind::set_level
                  : kind == "soft-delete" ? SchemaChange::Kind::soft_delete
                                          : SchemaChange::Kind::register_version;
    change.topic = c.at("topic").get<std::string>();
    change.subject = c.at("subject").get<std::string>();
    change.type = c.at("type").get<std::string>();
    change.level = c.at("level").get<std::string>();
    change.level_before = c.at("levelBefore").get<std::string>();
    change.latest_before = json_required<int>(c.at("latestBefore"), "latestBefore");
    change.schema = c.at("schema").get<std::string>();
    plan.schemas.push_back(std::move(change));
  }
}

}  // namespace

namespace {

nlohmann::ordered_json plan_file_json(const SavedPlan& saved) {
  nlohmann::ordered_json root = nlohmann::ordered_json::parse(render_plan_json(saved.plan));
  root["planFile"] = kPlanFileVersion;
  root["digest"] = saved.digest;
  root["paths"] = saved.paths;
  root["targets"] = saved.targets;
  return root;
}

std::string dumped(const nlohmann::ordered_json& root) {
  return root.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

SavedPlan saved_plan_of(const nlohmann::json& root) {
  SavedPlan saved;
  saved.plan.cluster_id = root.at("clusterId").get<std::string>();
  saved.plan.environment = root.at("environment").get<std::string>();
  for (const auto& a : root.at("actions")) saved.plan.actions.push_back(read_action(a));
  for (const auto& b : root.at("blocked")) {
    saved.plan.blocked.push_back(BlockedChange{b.at("topic").get<std::string>(),
                                               b.at("rule").get<std::string>(),
                                               b.at("message").get<std::string>(),
                                               {}});
  }
  read_access(root, saved.plan);
  read_schemas(root, saved.plan);
  saved.digest = root.at("digest").get<std::string>();
  saved.paths = root.at("paths").get<std::vector<std::string>>();
  if (root.contains("targets")) {
    saved.targets = root.at("targets").get<std::vector<std::string>>();
  }
  return saved;
}

// Why `root` is not a plan file this topicform reads; a version is named only when one was read.
std::optional<Error> version_refusal(const nlohmann::json& root) {
  auto version = json_whole_member<int>(root, "planFile");
  if (!version) version = json_whole_member<int>(root, "version");  // before planFile was named
  if (version == kPlanFileVersion) return std::nullopt;
  if (!version) {
    return Error{
        "not a topicform plan file: it names no plan file version; make one with "
        "'topicform plan --out'"};
  }
  return Error{
      fmt::format("a plan file of version {}, and this topicform reads version {}: make "
                  "the plan again with 'topicform plan --out'",
                  *version, kPlanFileVersion)};
}

}  // namespace

std::string write_plan_file(const SavedPlan& saved) { return dumped(plan_file_json(saved)); }

std::string write_plans_file(const std::vector<SavedPlan>& saved) {
  nlohmann::ordered_json root;
  root["planFile"] = kPlanFileVersion;
  root["environments"] = nlohmann::ordered_json::array();
  for (const auto& one : saved) root["environments"].push_back(plan_file_json(one));
  return dumped(root);
}

Result<std::vector<SavedPlan>> read_plans_file(const std::string& text) {
  try {
    nlohmann::json root = nlohmann::json::parse(text);
    if (auto refused = version_refusal(root)) return *refused;
    if (!root.contains("environments")) return std::vector<SavedPlan>{saved_plan_of(root)};
    std::vector<SavedPlan> saved;
    for (const auto& one : root.at("environments")) saved.push_back(saved_plan_of(one));
    if (saved.empty()) return Error{"not a topicform plan file: it holds no environment"};
    return saved;
  } catch (const nlohmann::json::exception& e) {
    return Error{fmt::format("not a topicform plan file: {}", e.what())};
  }
}

Result<SavedPlan> read_plan_file(const std::string& text) {
  auto saved = read_plans_file(text);
  if (!saved) return saved.error();
  if (saved->size() != 1) {
    return Error{fmt::format("the plan file holds {} environments, not one", saved->size())};
  }
  return std::move(saved->front());
}

}  // namespace topicform
