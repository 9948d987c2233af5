// The plan-phase rules: each compares desired topics with the cluster and reports to PlanFindings,
// whose severities come from the settings (an error blocks the change it is about).
#pragma once

#include <optional>
#include <vector>

#include "core/model/cluster_state.hpp"
#include "core/model/effective_topic.hpp"
#include "core/plan/plan.hpp"
#include "core/plan/plan_findings.hpp"

namespace topicform {

// Cluster topics by their metric name ('.' as '_'), for naming/metric-collision.
using MetricNames = std::map<std::string, std::string>;
MetricNames metric_names(const ClusterState& actual);

// replication/available and naming/metric-collision: whether `topic` may be created on the
// cluster (brokers 0: unknown), whose topics have `taken` metric names.
bool allow_create(const EffectiveTopic& topic, std::int64_t brokers, const MetricNames& taken,
                  PlanFindings& findings);

// replication/change: reported, never planned (it needs a reassignment).
void check_replication_change(const EffectiveTopic& topic, const ClusterTopic& current,
                              PlanFindings& findings);

// partitions/only-grow and partitions/key-remap: the growth to plan, if any.
std::optional<AddPartitions> partition_change(const EffectiveTopic& topic,
                                              const ClusterTopic& current, PlanFindings& findings);

// config/authoritative, retention/decrease and cleanup/policy-change: the AlterConfig to plan, if
// any. Configs operators set for a while (throttled replicas, the settings' unmanagedConfigs)
// are neither compared nor reset: their current values are sent back with the desired ones.
std::optional<AlterConfig> config_change(const EffectiveTopic& topic, ConfigMap desired,
                                         const ClusterTopic& current, const TopicDefaults& defaults,
                                         PlanFindings& findings);

// cluster/id, cluster/auto-create and cluster/offsets-retention.
void check_cluster(const std::vector<EffectiveTopic>& desired, const ClusterState& actual,
                   const std::string& pinned_cluster_id, const std::string& environment,
                   PlanFindings& findings);

// delete/no-active-consumers and dead/delete-order: moves every delete that a reading group, an
// undescribable group or unhandled dead messages forbid from the actions to the blocked list.
void check_deletes(Plan& plan, const ClusterState& actual, PlanFindings& findings);

// dead/alert for `.dead` topics holding messages, dead/orphan for `.dead` topics on the cluster
// whose source no longer wants one.
void check_dead_topics(const std::vector<EffectiveTopic>& desired, const ClusterState& actual,
                       PlanFindings& findings);

}  // namespace topicform
