// An in-memory cluster for unit tests of diff and apply (pure logic only; never for a broker).
#pragma once

#include "core/cluster_state.hpp"
#include "core/cluster_writer.hpp"

namespace topicform {

class FakeCluster : public ClusterReader, public ClusterWriter {
 public:
  explicit FakeCluster(ClusterState state) : m_state(std::move(state)) {}

  Result<ClusterState> read(const std::vector<std::string>&) override { return m_state; }

  Result<std::vector<TopicOutcome>> create_topics(const std::vector<CreateTopic>& topics,
                                                  bool validate_only) override {
    std::vector<TopicOutcome> out;
    for (const auto& t : topics) {
      out.push_back({t.name, true, m_state.topics.count(t.name) > 0, ""});
      if (!validate_only && !m_state.topics.count(t.name)) {
        m_state.topics[t.name] =
            ClusterTopic{t.name, t.partitions, t.replication_factor, t.configs, true, false};
      }
    }
    return out;
  }
  Result<std::vector<TopicOutcome>> add_partitions(const std::vector<AddPartitions>& changes,
                                                   bool validate_only) override {
    std::vector<TopicOutcome> out;
    for (const auto& c : changes) {
      out.push_back({c.name, true, false, ""});
      if (!validate_only) m_state.topics.at(c.name).partitions = c.to;
    }
    return out;
  }
  // Like the broker's AlterConfigs: the sent set replaces every dynamic config.
  Result<std::vector<TopicOutcome>> alter_configs(const std::vector<AlterConfig>& changes,
                                                  bool validate_only) override {
    std::vector<TopicOutcome> out;
    for (const auto& c : changes) {
      out.push_back({c.name, true, false, ""});
      if (!validate_only) m_state.topics.at(c.name).configs = c.desired;
    }
    return out;
  }
  Result<std::vector<TopicOutcome>> delete_topics(const std::vector<DeleteTopic>& topics) override {
    std::vector<TopicOutcome> out;
    for (const auto& t : topics) {
      out.push_back({t.name, true, false, ""});
      m_state.topics.erase(t.name);
    }
    return out;
  }
  Result<bool> wait_until_led(const std::map<std::string, std::int64_t>&, int) override {
    return true;
  }

  const ClusterState& state() const { return m_state; }

 private:
  ClusterState m_state;
};

}  // namespace topicform
