// Manifests from text and clusters from a few topics, for the plan and engine unit tests.
#pragma once

#include <memory>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/rules/check.hpp"
#include "engine/reconciler.hpp"
#include "manifest/project_loader.hpp"

namespace topicform {

struct Manifests {
  Project project;
  Environment environment;
  std::vector<EffectiveTopic> topics;
  std::vector<Diagnostic> diagnostics;  // what the offline rules reported

  Desired engine() const { return Desired{topics, project.settings, environment}; }
};

inline std::unique_ptr<Manifests> desired(const std::string& manifests) {
  auto out = std::make_unique<Manifests>();
  load_manifest_text(manifests, "t.yaml", out->project);
  EXPECT_TRUE(out->project.diagnostics.empty()) << out->project.diagnostics.front().message;
  RuleSink sink(out->project.settings, out->diagnostics);
  out->environment = select_environment(out->project.settings, "", sink);
  out->topics = check_topics(out->project.topics, out->project.settings, out->environment, sink);
  return out;
}

inline std::string topic(const std::string& name, int partitions, const std::string& key = "none",
                         const std::string& extra = "") {
  return fmt::format(R"(apiVersion: topicform/v1
kind: Topic
metadata: {{name: {}}}
spec:
  description: d
  kind: event
  partitions: {}
  retention: 7d
{}  owner: {{team: t, producer: p-service, consumers: [c-service], key: {}}}
---
)",
                     name, partitions, extra, key);
}

// A `.dead` on the cluster exactly as topicform derives it at the defaults (30 days, the broker's
// default message limit plus the dead-letter headers' room).
inline ClusterTopic derived_dead_topic() {
  return {"",
          1,
          1,
          {{"cleanup.policy", "delete"},
           {"max.message.bytes", "1056780"},
           {"retention.ms", "2592000000"}},
          true,
          false};
}

inline ClusterState cluster(std::map<std::string, ClusterTopic> topics = {}) {
  ClusterState state;
  state.cluster_id = "c1";
  state.brokers = 3;
  for (auto& [name, t] : topics) {
    t.name = name;
    t.configs_known = true;
  }
  state.topics = std::move(topics);
  return state;
}

}  // namespace topicform
