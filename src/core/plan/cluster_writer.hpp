// The write side of a cluster, used only by apply; plan gets a ClusterReader and cannot write.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/ground/result.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

// What became of one action's topic in a batch.
struct TopicOutcome {
  std::string topic;
  bool ok = true;
  bool already_done = false;  // e.g. TOPIC_ALREADY_EXISTS from a concurrent run
  std::string error;          // why it failed, in words
  bool retriable = false;     // the broker calls the failure transient: worth another try
};

class ClusterWriter {
 public:
  virtual ~ClusterWriter() = default;
  // Each call is one batched request; with `validate_only` the broker checks without changing.
  virtual Result<std::vector<TopicOutcome>> create_topics(const std::vector<CreateTopic>& topics,
                                                          bool validate_only) = 0;
  virtual Result<std::vector<TopicOutcome>> add_partitions(
      const std::vector<AddPartitions>& changes, bool validate_only) = 0;
  virtual Result<std::vector<TopicOutcome>> alter_configs(const std::vector<AlterConfig>& changes,
                                                          bool validate_only) = 0;
  virtual Result<std::vector<TopicOutcome>> delete_topics(
      const std::vector<DeleteTopic>& topics) = 0;
  // CreateAcls / DeleteAcls for `bindings` (batched under the controller's record limit); an
  // outcome's `topic` is describe_binding's.
  virtual Result<std::vector<TopicOutcome>> create_acls(
      const std::vector<AclBinding>& bindings) = 0;
  virtual Result<std::vector<TopicOutcome>> delete_acls(
      const std::vector<AclBinding>& bindings) = 0;
  // Whether this client may change the cluster's ACLs (ALTER on the cluster). CreateAcls has no
  // validate-only mode, so this is asked before anything is written; an error when it cannot tell.
  virtual Result<bool> may_alter_acls() = 0;
  // Returns once metadata shows every topic with at least its number of partitions, each with a
  // leader; an error once `timeout_ms` passed without another topic getting there.
  virtual Result<bool> wait_until_led(const std::map<std::string, std::int64_t>& partitions,
                                      int timeout_ms) = 0;
};

}  // namespace topicform
