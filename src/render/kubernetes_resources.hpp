// The topics of one environment as the KafkaTopic resources of a Kubernetes operator (Strimzi,
// Confluent for Kubernetes): YAML documents in memory, the same bytes for the same input.
#pragma once

#include <string>
#include <vector>

#include "core/ground/result.hpp"
#include "core/model/effective_topic.hpp"
#include "core/model/settings.hpp"

namespace topicform {

enum class OperatorFormat { strimzi, confluent };

struct TopicResource {
  std::string topic;  // the Kafka topic's name
  std::string name;   // metadata.name: kubernetes_resource_name(topic)
  std::string file;   // <name>.yaml, cut to a file system's 255 bytes with a digest kept
  std::string text;   // one YAML document, starting with a comment that names its topic
};

// One resource per topic of `topics` that is not marked deleted, in the order given: the
// partitions, replicas and exactly the configs `apply` sets, the environment's `kubernetes:`
// labels and annotations, and the owner card as topicform.dev/ annotations. An error, and no
// resources, for a value a resource cannot hold (a replication factor above 32,767, text that is
// not UTF-8), for two topics whose resource names meet, and for Strimzi without
// `kubernetes.cluster` (its operator takes only resources labelled with its cluster).
Result<std::vector<TopicResource>> topic_resources(const std::vector<EffectiveTopic>& topics,
                                                   const Environment& environment,
                                                   OperatorFormat format);

// The resources as one multi-document YAML stream, for `kubectl apply -f -`.
std::string resource_stream(const std::vector<TopicResource>& resources);

// A kustomization.yaml listing each resource's file.
std::string kustomization_text(const std::vector<TopicResource>& resources,
                               const Environment& environment);

}  // namespace topicform
