// A folder of resources is read with the manifests' own reader (limits, positions, no link
// followed); only the fields Strimzi's CRD defines for a KafkaTopic are taken.
#include "manifest/strimzi_resources.hpp"

#include <fmt/format.h>

#include "manifest/document_reader.hpp"
#include "manifest/file_discovery.hpp"
#include "manifest/yaml_document.hpp"

namespace topicform {
namespace {

void report(StrimziResources& out, const Location& at, std::string message) {
  out.diagnostics.push_back({Severity::error, "manifest/schema", std::move(message), at});
}

bool strimzi_topic(const YamlDocument& document) {
  const auto& root = document.root;
  if (!root.is_object() || root.value("kind", nlohmann::json()) != "KafkaTopic") return false;
  std::string api = root.value("apiVersion", nlohmann::json()).is_string()
                        ? root["apiVersion"].get<std::string>()
                        : "";
  return api == "kafka.strimzi.io/v1" || api == "kafka.strimzi.io/v1beta2";
}

// A map of scalars at `pointer` as text; a value that is a list or a map is reported.
std::map<std::string, std::string> scalar_map(const DocumentReader& reader,
                                              const std::string& pointer, StrimziResources& out) {
  std::map<std::string, std::string> map;
  const nlohmann::json* node = reader.find(pointer);
  if (node == nullptr) return map;
  if (!node->is_object()) {
    report(out, reader.value_at(pointer),
           fmt::format("{} is not a mapping", display_path(pointer)));
    return map;
  }
  for (const auto& [key, value] : node->items()) {
    std::string child = pointer_child(pointer, key);
    if (value.is_structured()) {
      report(out, reader.value_at(child),
             fmt::format("{} is not a string, number or boolean", display_path(child)));
    } else if (!value.is_null()) {
      map[key] = reader.text(child).value;
    }
  }
  return map;
}

// spec.partitions or spec.replicas: a whole number of at least 1.
std::int64_t count_at(const DocumentReader& reader, const YamlDocument& document,
                      const std::string& pointer, StrimziResources& out) {
  auto value = reader.integer(pointer);
  if (value.present && value.value >= 1) return value.value;
  Location at = reader.find(pointer)   ? reader.value_at(pointer)
                : reader.find("/spec") ? reader.key_at("/spec")
                                       : document.start;
  report(out, at,
         fmt::format("{} must be a whole number of at least 1: without it the operator takes the "
                     "broker's default, which these files cannot tell; write it in the resource",
                     display_path(pointer)));
  return 0;
}

void read_topic(const YamlDocument& document, StrimziResources& out) {
  DocumentReader reader(document);
  StrimziTopic topic;
  topic.at = document.at("/kind").value_at;
  topic.name = reader.text("/spec/topicName").value;
  if (topic.name.empty()) topic.name = reader.text("/metadata/name").value;
  if (topic.name.empty()) {
    report(out, topic.at, "the KafkaTopic has neither spec.topicName nor metadata.name");
    return;
  }
  std::size_t errors = out.diagnostics.size();
  topic.partitions = count_at(reader, document, "/spec/partitions", out);
  topic.replicas = count_at(reader, document, "/spec/replicas", out);
  topic.config = scalar_map(reader, "/spec/config", out);
  topic.annotations = scalar_map(reader, "/metadata/annotations", out);
  auto labels = scalar_map(reader, "/metadata/labels", out);
  topic.cluster = labels["strimzi.io/cluster"];
  if (out.diagnostics.size() == errors) out.topics.push_back(std::move(topic));
}

void read_file(const std::string& file, StrimziResources& out) {
  auto text = read_manifest_text(file, out.diagnostics);
  if (!text) return;
  for (const auto& document : parse_yaml_documents(*text, file, out.diagnostics)) {
    if (strimzi_topic(document)) {
      read_topic(document, out);
    } else {
      ++out.other_documents;
    }
  }
}

}  // namespace

StrimziResources read_strimzi_resources(const std::string& folder) {
  StrimziResources out;
  for (const auto& file : discover_manifests({folder}, out.diagnostics)) read_file(file, out);
  std::map<std::string, Location> first_at;
  for (const auto& topic : out.topics) {
    auto [first, fresh] = first_at.emplace(topic.name, topic.at);
    if (!fresh) {
      report(out, topic.at,
             fmt::format("topic {} has a resource already, at {}:{}", topic.name,
                         first->second.file.str(), first->second.line));
    }
  }
  return out;
}

ClusterState strimzi_cluster_state(const std::vector<StrimziTopic>& topics,
                                   const std::string& cluster_id) {
  ClusterState state;
  state.cluster_id = cluster_id;
  for (const auto& topic : topics) {
    ClusterTopic& into = state.topics[topic.name];
    into = {topic.name, topic.partitions, topic.replicas, topic.config, true, false};
    auto consumers = topic.annotations.find("topicform.dev/consumers");
    if (consumers == topic.annotations.end()) continue;
    std::string_view list = consumers->second;
    while (!list.empty()) {
      auto comma = std::min(list.find(','), list.size());
      if (comma > 0) state.committed_groups[topic.name].emplace_back(list.substr(0, comma));
      list.remove_prefix(std::min(comma + 1, list.size()));
    }
  }
  return state;
}

}  // namespace topicform
