// Written by hand, key by key in the order `kubectl get -o yaml` shows, so that a diff of two
// exports shows only what changed.
#include "render/kubernetes_resources.hpp"

#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/contract/registry_subjects.hpp"
#include "core/model/kubernetes_names.hpp"
#include "core/model/topic_names.hpp"
#include "core/text/visible_text.hpp"
#include "core/text/yaml_scalar.hpp"

namespace topicform {
namespace {

using Entries = std::map<std::string, std::string>;

constexpr std::int64_t kMaxReplicas = 32'767;  // Strimzi's bound; Kafka's replica ids are shorts

// `key: value` lines at `indent`; `value_of` writes each value as a YAML scalar.
std::string entry_lines(const Entries& entries, const std::string& indent,
                        std::string (*value_of)(const std::string&)) {
  std::string out;
  for (const auto& [key, value] : entries)
    out += fmt::format("{}{}: {}\n", indent, yaml_scalar(key), value_of(value));
  return out;
}

// The owner card, so that `kubectl get kafkatopic -o yaml` tells who owns the topic.
Entries owner_annotations(const EffectiveTopic& topic, const std::string& subject) {
  const OwnerCard& owner = topic.spec->owner;
  Entries out;
  if (!owner.team.value.empty()) out["topicform.dev/team"] = owner.team.value;
  if (topic.is_dead) {
    out["topicform.dev/dead-letter-of"] = std::string(dead_letter_source(topic.name));
    return out;
  }
  if (!owner.producer.value.empty()) out["topicform.dev/producer"] = owner.producer.value;
  std::vector<std::string> groups;
  for (const auto& consumer : owner.consumers) groups.push_back(consumer.group.value);
  if (!groups.empty()) out["topicform.dev/consumers"] = fmt::format("{}", fmt::join(groups, ","));
  if (!subject.empty()) out["topicform.dev/schema-subject"] = subject;
  return out;
}

std::string metadata_text(const std::string& name, const Environment& environment, Entries labels,
                          Entries annotations) {
  const KubernetesSettings& kubernetes = environment.kubernetes;
  labels.insert(kubernetes.labels.begin(), kubernetes.labels.end());
  annotations.insert(kubernetes.annotations.begin(), kubernetes.annotations.end());
  std::string out = fmt::format("metadata:\n  name: {}\n", name);
  if (!kubernetes.name_space.empty())
    out += fmt::format("  namespace: {}\n", kubernetes.name_space);
  out += "  labels:\n" + entry_lines(labels, "    ", yaml_scalar);
  if (!annotations.empty())
    out += "  annotations:\n" + entry_lines(annotations, "    ", yaml_scalar);
  return out;
}

// Strimzi reads `config` values as Kafka takes them: whole numbers and booleans plain.
std::string strimzi_spec(const EffectiveTopic& topic, const Entries& configs) {
  std::string out =
      fmt::format("spec:\n  topicName: {}\n  partitions: {}\n  replicas: {}\n",
                  yaml_scalar(topic.name), topic.partitions.value, topic.replication_factor.value);
  if (!configs.empty()) out += "  config:\n" + entry_lines(configs, "    ", yaml_config_scalar);
  return out;
}

// How Confluent's operator reaches the cluster: the first of its three ways the settings give.
std::string confluent_cluster_ref(const KubernetesSettings& kubernetes) {
  if (!kubernetes.kafka_rest_class.empty())
    return fmt::format("  kafkaRestClassRef:\n    name: {}\n",
                       yaml_scalar(kubernetes.kafka_rest_class));
  if (!kubernetes.kafka_rest_endpoint.empty()) {
    return fmt::format("  kafkaRest:\n    endpoint: {}\n",
                       yaml_scalar(kubernetes.kafka_rest_endpoint));
  }
  if (!kubernetes.cluster.empty())
    return fmt::format("  kafkaClusterRef:\n    name: {}\n", yaml_scalar(kubernetes.cluster));
  return "";
}

// Confluent's `configs` is a map of strings: every value is written as one.
std::string confluent_spec(const EffectiveTopic& topic, const Entries& configs,
                           const KubernetesSettings& kubernetes) {
  std::string out =
      fmt::format("spec:\n  name: {}\n  partitionCount: {}\n  replicas: {}\n",
                  yaml_scalar(topic.name), topic.partitions.value, topic.replication_factor.value);
  if (!configs.empty()) out += "  configs:\n" + entry_lines(configs, "    ", yaml_scalar);
  return out + confluent_cluster_ref(kubernetes);
}

// `<name>.yaml`; a name too long for one file name (ext4's and most others' 255 bytes) keeps its
// first 241 characters and a digest of the whole.
std::string file_name(const std::string& name) {
  constexpr std::size_t kMaxFileName = 255;
  if (name.size() + 5 <= kMaxFileName) return name + ".yaml";
  return fmt::format("{}-{}.yaml", name.substr(0, kMaxFileName - 14), short_digest(name));
}

// What a resource cannot hold, said as the error; empty when it holds every value.
std::string unholdable(const EffectiveTopic& topic, const Entries& configs,
                       const Entries& annotations) {
  std::int64_t replicas = topic.replication_factor.value;
  if (replicas < 1 || replicas > kMaxReplicas) {
    return fmt::format("topic {}: replication factor {} is outside a KafkaTopic's 1 to {}",
                       topic.name, replicas, kMaxReplicas);
  }
  if (topic.partitions.value < 1)
    return fmt::format("topic {}: {} partitions; a KafkaTopic needs at least 1", topic.name,
                       topic.partitions.value);
  for (const auto& [key, value] : configs) {
    if (!is_valid_utf8(key) || !is_valid_utf8(value))
      return fmt::format("topic {}: config {} is not UTF-8 text", topic.name, visible(key));
  }
  for (const auto& [key, value] : annotations) {
    if (!is_valid_utf8(value))
      return fmt::format("topic {}: the owner card's {} is not UTF-8 text", topic.name, key);
  }
  return "";
}

std::string resource_text(const EffectiveTopic& topic, const std::string& name,
                          const Entries& configs, const Entries& annotations,
                          const Environment& environment, OperatorFormat format) {
  std::string head =
      fmt::format("# topicform export ({}): topic {}; change its manifest instead.\n",
                  environment.name, topic.name);
  Entries labels{{"app.kubernetes.io/managed-by", "topicform"}};
  if (format == OperatorFormat::confluent) {
    return head + "apiVersion: platform.confluent.io/v1beta1\nkind: KafkaTopic\n" +
           metadata_text(name, environment, labels, annotations) +
           confluent_spec(topic, configs, environment.kubernetes);
  }
  labels["strimzi.io/cluster"] = environment.kubernetes.cluster;
  return head + "apiVersion: kafka.strimzi.io/v1\nkind: KafkaTopic\n" +
         metadata_text(name, environment, labels, annotations) + strimzi_spec(topic, configs);
}

}  // namespace

Result<std::vector<TopicResource>> topic_resources(const std::vector<EffectiveTopic>& topics,
                                                   const Environment& environment,
                                                   OperatorFormat format) {
  if (format == OperatorFormat::strimzi && environment.kubernetes.cluster.empty()) {
    return Error{fmt::format(
        "environment '{}' has no kubernetes.cluster: Strimzi's operator takes only resources "
        "labelled strimzi.io/cluster with its cluster's name; add it to the settings",
        environment.name)};
  }
  Entries topic_of_name;  // resource names and file names, each with the topic that has it
  std::vector<TopicResource> out;
  for (const auto& topic : topics) {
    if (topic.spec->deleted.value) continue;
    std::string name = kubernetes_resource_name(topic.name);
    std::string file = file_name(name);
    for (const std::string& key : {name, file}) {
      auto [clash, fresh] = topic_of_name.emplace(key, topic.name);
      if (!fresh) {
        return Error{fmt::format("topics {} and {} would both be resource {}; rename one",
                                 clash->second, topic.name, key)};
      }
    }
    Entries configs = desired_configs(topic);
    Entries annotations = owner_annotations(topic, declared_subject(topic).value_or(""));
    if (auto why = unholdable(topic, configs, annotations); !why.empty()) return Error{why};
    out.push_back({topic.name, name, file,
                   resource_text(topic, name, configs, annotations, environment, format)});
  }
  return out;
}

std::string resource_stream(const std::vector<TopicResource>& resources) {
  std::string out;
  for (const auto& resource : resources) out += "---\n" + resource.text;
  return out;
}

std::string kustomization_text(const std::vector<TopicResource>& resources,
                               const Environment& environment) {
  std::string out = fmt::format(
      "# topicform export, environment {}: every topic's resource.\n"
      "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n",
      environment.name);
  for (const auto& resource : resources) out += fmt::format("  - {}\n", resource.file);
  return out;
}

}  // namespace topicform
