// Strimzi's KafkaTopic resources read from a folder, for `import --from strimzi`: what the
// operator was told to create, read as a cluster that holds exactly that.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/ground/diagnostic.hpp"
#include "core/model/cluster_state.hpp"

namespace topicform {

struct StrimziTopic {
  Location at;          // the document's `kind`
  std::string name;     // spec.topicName, else metadata.name
  std::string cluster;  // the strimzi.io/cluster label
  std::int64_t partitions = 0;
  std::int64_t replicas = 0;
  std::map<std::string, std::string> config;       // values as Kafka takes them, as text
  std::map<std::string, std::string> annotations;  // every annotation
};

struct StrimziResources {
  std::vector<StrimziTopic> topics;  // in the order of the files and their documents
  std::size_t other_documents = 0;   // documents of other kinds (a kustomization), skipped
  std::vector<Diagnostic> diagnostics;
};

// Every KafkaTopic (kafka.strimzi.io/v1, or v1beta2 from before Strimzi 1.0) in the *.yaml and
// *.yml files under `folder`, read as manifests are: bounded, no link followed out, each problem
// at its file, line and column. A resource without spec.partitions or spec.replicas left them
// to the broker, which the files cannot tell: an error that asks for them.
StrimziResources read_strimzi_resources(const std::string& folder);

// A cluster holding exactly `topics`: their partitions, replication and configs, and each
// topic's topicform.dev/consumers as groups with offsets on it (what `import` reads a cluster
// for).
ClusterState strimzi_cluster_state(const std::vector<StrimziTopic>& topics,
                                   const std::string& cluster_id);

}  // namespace topicform
