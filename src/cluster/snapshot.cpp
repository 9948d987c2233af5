// Snapshot files: {"version": 1, "clusterId", "brokers", "autoCreateTopics", "topics": {...},
// "readers": {topic: [group, ...]}, "undescribedGroups": {group: [topic, ...]},
// "deadMessages": {topic: count}, "offsetsRetentionMs", "messageMaxBytes", "topicDefaults":
// {key: value}, "acls": {"disabled", "bindings": [...], "other": [...]}, "committedGroups":
// {topic: [group, ...]}}; the last eight are optional ("acls" null: not read).
#include "cluster/snapshot.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/access/access_json.hpp"
#include "core/model/json_numbers.hpp"
#include "core/rules/rules.hpp"
#include "core/text/visible_text.hpp"

namespace topicform {
namespace {

void read_acls(const nlohmann::json& acls, ClusterState& state) {
  state.acls_disabled = acls.value("disabled", false);
  state.acls_read = !state.acls_disabled;
  for (const auto& b : acls.at("bindings")) state.acls.push_back(binding_from_json(b));
  std::sort(state.acls.begin(), state.acls.end());
  if (acls.contains("other")) state.other_acls = acls["other"].get<std::vector<std::string>>();
}

}  // namespace

std::string write_snapshot(const ClusterState& state) {
  nlohmann::ordered_json root;
  root["version"] = 1;
  root["clusterId"] = state.cluster_id;
  root["brokers"] = state.brokers;
  root["autoCreateTopics"] =
      state.auto_create_topics ? nlohmann::ordered_json(*state.auto_create_topics) : nullptr;
  nlohmann::ordered_json topics = nlohmann::ordered_json::object();
  for (const auto& [name, topic] : state.topics) {
    nlohmann::ordered_json t;
    t["partitions"] = topic.partitions;
    t["replicationFactor"] = topic.replication_factor;
    if (topic.configs_known) t["configs"] = topic.configs;
    if (topic.internal) t["internal"] = true;
    topics[name] = t;
  }
  root["topics"] = topics;
  root["readers"] = state.readers;
  root["undescribedGroups"] = state.undescribed_groups;
  root["deadMessages"] = state.dead_messages;
  root["offsetsRetentionMs"] =
      state.offsets_retention_ms ? nlohmann::ordered_json(*state.offsets_retention_ms) : nullptr;
  if (state.message_max_bytes) root["messageMaxBytes"] = *state.message_max_bytes;
  if (!state.topic_defaults.empty()) root["topicDefaults"] = state.topic_defaults;
  if (!state.committed_groups.empty()) root["committedGroups"] = state.committed_groups;
  root["acls"] = nullptr;
  if (state.acls_read || state.acls_disabled) {
    nlohmann::ordered_json bindings = nlohmann::ordered_json::array();
    for (const auto& b : state.acls) bindings.push_back(binding_json(b));
    root["acls"] = {
        {"disabled", state.acls_disabled}, {"bindings", bindings}, {"other", state.other_acls}};
  }
  return root.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

namespace {

// The topics of a snapshot; an error names a topic Kafka would not allow (throws on bad JSON).
Result<bool> read_topics(const nlohmann::json& root, ClusterState& state) {
  for (const auto& [name, t] : root.at("topics").items()) {
    if (!is_legal_topic_name(name)) {
      return Error{
          fmt::format("topic name '{}' is not one Kafka allows (letters, digits, "
                      "'.', '_', '-', at most 249)",
                      visible(name))};
    }
    ClusterTopic topic;
    topic.name = name;
    topic.partitions = json_integer(t.at("partitions"), "partitions");
    topic.replication_factor = json_integer(t.at("replicationFactor"), "replicationFactor");
    if (t.contains("configs")) {
      topic.configs = t["configs"].get<std::map<std::string, std::string>>();
      topic.configs_known = true;
    }
    topic.internal = t.value("internal", false);
    state.topics[name] = topic;
  }
  return true;
}

// The groups, dead-letter counts and broker facts a snapshot may hold (throws on bad JSON).
void read_context(const nlohmann::json& root, ClusterState& state) {
  using Lists = std::map<std::string, std::vector<std::string>>;
  if (root.contains("readers")) state.readers = root["readers"].get<Lists>();
  if (root.contains("undescribedGroups")) {
    state.undescribed_groups = root["undescribedGroups"].get<Lists>();
  }
  if (root.contains("committedGroups"))
    state.committed_groups = root["committedGroups"].get<Lists>();
  if (root.contains("deadMessages")) {
    for (const auto& [topic, count] : root["deadMessages"].items()) {
      state.dead_messages[topic] = json_integer(count, "deadMessages");
    }
  }
  if (root.contains("offsetsRetentionMs") && !root["offsetsRetentionMs"].is_null()) {
    state.offsets_retention_ms = json_integer(root["offsetsRetentionMs"], "offsetsRetentionMs");
  }
  if (root.contains("messageMaxBytes") && !root["messageMaxBytes"].is_null()) {
    state.message_max_bytes = json_integer(root["messageMaxBytes"], "messageMaxBytes");
  }
  if (root.contains("topicDefaults"))
    state.topic_defaults = root["topicDefaults"].get<TopicDefaults>();
}

}  // namespace

Result<ClusterState> parse_snapshot(const std::string& text) {
  try {
    nlohmann::json root = nlohmann::json::parse(text);
    if (json_whole_member<int>(root, "version") != 1)
      return Error{"unsupported snapshot version (expected 1)"};
    ClusterState state;
    state.cluster_id = root.at("clusterId").get<std::string>();
    state.brokers = json_integer(root.at("brokers"), "brokers");
    if (root.contains("autoCreateTopics") && !root["autoCreateTopics"].is_null()) {
      state.auto_create_topics = root["autoCreateTopics"].get<bool>();
    }
    if (auto topics = read_topics(root, state); !topics) return topics.error();
    read_context(root, state);
    if (root.contains("acls") && !root["acls"].is_null()) read_acls(root["acls"], state);
    return state;
  } catch (const nlohmann::json::exception& e) {
    return Error{fmt::format("not a topicform cluster snapshot: {}", e.what())};
  }
}

}  // namespace topicform
