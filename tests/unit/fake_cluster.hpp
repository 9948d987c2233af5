// An in-memory cluster for unit tests of diff and the engine (pure logic only; never for a
// broker), with the faults a real cluster shows: requests that time out after doing their work,
// one topic of a batch failing, metadata lagging behind creates and deletes, a broker gone, and
// a hook that changes the cluster between reads (a group appearing).
#pragma once

#include <algorithm>
#include <functional>
#include <set>

#include <fmt/format.h>

#include "core/model/cluster_state.hpp"
#include "core/plan/cluster_writer.hpp"
#include "core/plan/group_inspector.hpp"

namespace topicform {

struct Faults {
  std::set<std::string> timeout_after_doing;   // kinds whose next request times out but is done
  std::map<std::string, std::string> failing;  // topic -> lasting per-topic error
  int reads_lagging_after_create = 0;          // reads that do not yet show created topics
  int reads_lagging_after_delete = 0;  // reads that still list deleted topics (without configs)
  int reads_lagging_after_alter = 0;   // reads that still show the configs before a change
  std::map<std::string, int> reads_lagging_after_alter_of;  // the same for one topic
  int failing_reads = 0;  // the next reads fail as a whole (a broker that just created topics)
  std::map<std::string, int> reads_missing;        // reads that do not list an existing topic (a
                                                   // broker behind the others)
  bool may_not_alter_acls = false;                 // the client lacks ALTER on the cluster
  bool down = false;                               // every request fails as a whole
  std::function<void(ClusterState&)> before_read;  // changes the cluster before each read
};

class FakeCluster : public ClusterReader, public ClusterWriter, public GroupInspector {
 public:
  explicit FakeCluster(ClusterState state) : m_state(std::move(state)) {}

  Faults faults;
  int reads = 0;
  int leader_polls = 0;  // metadata polls of the leader wait
  int writes = 0;        // requests that change the cluster (not validate-only)
  ReadRequest last_request;
  std::map<std::string, std::vector<std::string>> idle;  // topic -> idle groups holding it

  bool authorizer = true;  // false: DescribeAcls answers that security is disabled

  Result<ClusterState> read(const ReadRequest& request) override {
    if (faults.down) return Error{"read cluster metadata: Local: Broker transport failure"};
    ++reads;
    last_request = request;
    if (faults.failing_reads > 0) {
      --faults.failing_reads;
      return Error{"describe configs: Broker: Unknown topic or partition"};
    }
    if (faults.before_read) faults.before_read(m_state);
    ClusterState seen = m_state;
    seen.acls_read = request.acls && authorizer;
    seen.acls_disabled = request.acls && !authorizer;
    if (!seen.acls_read) seen.acls.clear();
    if (m_create_lag > 0) {
      --m_create_lag;
      for (const auto& name : m_created) seen.topics.erase(name);
    }
    if (m_delete_lag > 0) {
      --m_delete_lag;
      for (const auto& [name, topic] : m_deleted) seen.topics[name] = topic;
    }
    for (auto& [name, left] : faults.reads_missing) {
      if (left > 0 && seen.topics.erase(name)) --left;
    }
    for (auto& [name, lag] : m_alter_lag) {
      if (lag <= 0) continue;
      --lag;
      if (seen.topics.count(name)) seen.topics[name].configs = m_altered[name];
    }
    // Like the adapter: configs are described only for the topics the request names.
    std::set<std::string> managed(request.managed.begin(), request.managed.end());
    for (auto& [name, topic] : seen.topics) {
      if (managed.count(name)) continue;
      topic.configs.clear();
      topic.configs_known = false;
    }
    return seen;
  }

  Result<std::vector<TopicOutcome>> create_topics(const std::vector<CreateTopic>& topics,
                                                  bool validate_only) override {
    return write("create", topics, validate_only, [&](const CreateTopic& t) {
      if (m_state.topics.count(t.name)) return true;
      m_state.topics[t.name] =
          ClusterTopic{t.name, t.partitions, t.replication_factor, t.configs, true, false};
      m_created.insert(t.name);
      m_create_lag = faults.reads_lagging_after_create;
      return false;
    });
  }
  Result<std::vector<TopicOutcome>> add_partitions(const std::vector<AddPartitions>& changes,
                                                   bool validate_only) override {
    // Like the broker: a topic that already has the count is "already done".
    return write("add-partitions", changes, validate_only, [&](const AddPartitions& c) {
      auto& topic = m_state.topics.at(c.name);
      if (topic.partitions >= c.to) return true;
      topic.partitions = c.to;
      return false;
    });
  }
  // Like the broker's AlterConfigs: the sent set replaces every dynamic config.
  Result<std::vector<TopicOutcome>> alter_configs(const std::vector<AlterConfig>& changes,
                                                  bool validate_only) override {
    return write("alter-config", changes, validate_only, [&](const AlterConfig& c) {
      m_altered[c.name] = m_state.topics.at(c.name).configs;
      auto own = faults.reads_lagging_after_alter_of.find(c.name);
      m_alter_lag[c.name] = own != faults.reads_lagging_after_alter_of.end()
                                ? own->second
                                : faults.reads_lagging_after_alter;
      m_state.topics.at(c.name).configs = c.desired;
      return false;
    });
  }
  Result<std::vector<TopicOutcome>> delete_topics(const std::vector<DeleteTopic>& topics) override {
    return write("delete", topics, false, [&](const DeleteTopic& t) {
      auto it = m_state.topics.find(t.name);
      if (it == m_state.topics.end()) return true;
      ClusterTopic listed = it->second;
      listed.configs.clear();
      listed.configs_known = false;
      m_deleted[t.name] = listed;
      m_state.topics.erase(it);
      m_state.dead_messages.erase(t.name);
      m_delete_lag = faults.reads_lagging_after_delete;
      return false;
    });
  }
  Result<std::vector<TopicOutcome>> create_acls(const std::vector<AclBinding>& bindings) override {
    return write_acls(bindings, [&](const AclBinding& b) {
      if (std::find(m_state.acls.begin(), m_state.acls.end(), b) == m_state.acls.end()) {
        m_state.acls.push_back(b);
      }
    });
  }
  Result<std::vector<TopicOutcome>> delete_acls(const std::vector<AclBinding>& bindings) override {
    return write_acls(bindings, [&](const AclBinding& b) {
      m_state.acls.erase(std::remove(m_state.acls.begin(), m_state.acls.end(), b),
                         m_state.acls.end());
    });
  }
  Result<bool> may_alter_acls() override {
    if (faults.down) return Error{"describe cluster: Local: Broker transport failure"};
    return !faults.may_not_alter_acls;
  }
  // Like the adapter: metadata naming the created topics is polled until it shows them, and a
  // bounded number of polls without them is an error.
  Result<bool> wait_until_led(const std::map<std::string, std::int64_t>& expected, int) override {
    if (faults.down) return Error{"wait: Local: Broker transport failure"};
    for (int poll = 0; poll < kLeaderPolls; ++poll, ++leader_polls) {
      if (m_create_lag == 0) return true;
      --m_create_lag;
    }
    return Error{
        fmt::format("{} created topic(s) have no leader for every partition after "
                    "60000 ms without progress (first: '{}')",
                    expected.size(), expected.begin()->first)};
  }
  static constexpr int kLeaderPolls = 50;
  Result<std::map<std::string, std::vector<std::string>>> idle_groups_holding(
      const std::vector<std::string>&) override {
    return idle;
  }

  const ClusterState& state() const { return m_state; }
  ClusterState& state() { return m_state; }

 private:
  // Applies `change` to each item (it returns whether the work was already done), unless the
  // cluster is down, the topic is set to fail, or this is a validate-only pass.
  template <class T, class Change>
  Result<std::vector<TopicOutcome>> write(const std::string& kind, const std::vector<T>& items,
                                          bool validate_only, Change change) {
    if (faults.down) return Error{kind + ": Local: Broker transport failure"};
    std::vector<TopicOutcome> out;
    for (const auto& item : items) {
      if (auto it = faults.failing.find(item.name); it != faults.failing.end()) {
        out.push_back({item.name, false, false, it->second, false});
        continue;
      }
      bool done = validate_only ? false : change(item);
      out.push_back({item.name, true, done, ""});
    }
    if (validate_only) return out;
    ++writes;
    if (faults.timeout_after_doing.erase(kind)) return Error{kind + ": Local: Timed out"};
    return out;
  }

  template <class Change>
  Result<std::vector<TopicOutcome>> write_acls(const std::vector<AclBinding>& bindings,
                                               Change change) {
    if (faults.down) return Error{"acls: Local: Broker transport failure"};
    ++writes;
    std::vector<TopicOutcome> out;
    for (const auto& b : bindings) {
      change(b);
      out.push_back({describe_binding(b), true, false, ""});
    }
    std::sort(m_state.acls.begin(), m_state.acls.end());
    return out;
  }

  ClusterState m_state;
  std::set<std::string> m_created;
  std::map<std::string, ClusterTopic> m_deleted;
  int m_create_lag = 0;
  int m_delete_lag = 0;
  std::map<std::string, ConfigMap> m_altered;  // configs before the last change, for lagging reads
  std::map<std::string, int> m_alter_lag;  // reads each altered topic still shows its old configs
};

}  // namespace topicform
