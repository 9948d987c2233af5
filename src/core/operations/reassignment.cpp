// Replica placement: greedy over partitions in order, with a running load per broker, so the
// replicas added (or removed) spread evenly and the result is deterministic.
#include "core/operations/reassignment.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace topicform {
namespace {

class Placement {
 public:
  explicit Placement(const ClusterLayout& layout) {
    for (const auto& broker : layout.brokers) {
      m_load[broker.id] = 0;
      m_rack[broker.id] = broker.rack.value_or("");
    }
    for (const auto& [topic, partitions] : layout.topics) {
      for (const auto& replicas : partitions) {
        for (std::int32_t id : replicas) ++m_load[id];
      }
    }
  }

  std::size_t brokers() const { return m_rack.size(); }

  // Adds the least loaded broker not in `replicas`, a rack it lacks first.
  void add_to(std::vector<std::int32_t>& replicas) {
    std::set<std::string> racks = racks_of(replicas);
    std::optional<std::int32_t> best;
    for (const auto& [id, rack] : m_rack) {
      if (std::find(replicas.begin(), replicas.end(), id) != replicas.end()) continue;
      if (!best || better_addition(id, *best, racks)) best = id;
    }
    replicas.push_back(*best);
    ++m_load[*best];
  }

  // Removes the replica (never the first) whose rack is shared, else the most loaded.
  void remove_from(std::vector<std::int32_t>& replicas) {
    std::size_t worst = 1;
    for (std::size_t i = 2; i < replicas.size(); ++i) {
      if (better_removal(replicas, i, worst)) worst = i;
    }
    --m_load[replicas[worst]];
    replicas.erase(replicas.begin() + static_cast<std::ptrdiff_t>(worst));
  }

 private:
  std::set<std::string> racks_of(const std::vector<std::int32_t>& replicas) const {
    std::set<std::string> racks;
    for (std::int32_t id : replicas) {
      if (auto it = m_rack.find(id); it != m_rack.end() && !it->second.empty()) {
        racks.insert(it->second);
      }
    }
    return racks;
  }

  bool better_addition(std::int32_t id, std::int32_t best, const std::set<std::string>& racks) {
    bool new_rack = !m_rack[id].empty() && !racks.count(m_rack[id]);
    bool best_new_rack = !m_rack[best].empty() && !racks.count(m_rack[best]);
    if (new_rack != best_new_rack) return new_rack;
    if (m_load[id] != m_load[best]) return m_load[id] < m_load[best];
    return id < best;
  }

  int rack_count(const std::vector<std::int32_t>& replicas, std::int32_t id) {
    const std::string& rack = m_rack[id];
    if (rack.empty()) return 1;
    return static_cast<int>(std::count_if(replicas.begin(), replicas.end(),
                                          [&](std::int32_t r) { return m_rack[r] == rack; }));
  }

  bool better_removal(const std::vector<std::int32_t>& replicas, std::size_t i, std::size_t worst) {
    std::int32_t a = replicas[i];
    std::int32_t b = replicas[worst];
    int shared_a = rack_count(replicas, a);
    int shared_b = rack_count(replicas, b);
    if (shared_a != shared_b) return shared_a > shared_b;
    if (m_load[a] != m_load[b]) return m_load[a] > m_load[b];
    return a > b;
  }

  std::map<std::int32_t, int> m_load;
  std::map<std::int32_t, std::string> m_rack;
};

}  // namespace

Result<ReplicaLayout> plan_reassignment(const ClusterLayout& layout,
                                        const std::map<std::string, std::int64_t>& factors) {
  Placement placement(layout);
  ReplicaLayout moves;
  for (const auto& [topic, factor] : factors) {
    auto current = layout.topics.find(topic);
    if (current == layout.topics.end()) {
      return Error{fmt::format("'{}' is not on the cluster: nothing to reassign", topic)};
    }
    if (factor < 1 || static_cast<std::size_t>(factor) > placement.brokers()) {
      return Error{fmt::format("'{}' wants {} replicas, and the cluster has {} brokers", topic,
                               factor, placement.brokers())};
    }
    auto wanted = static_cast<std::size_t>(factor);
    std::vector<std::vector<std::int32_t>> partitions = current->second;
    bool changes = false;
    for (auto& replicas : partitions) {
      changes = changes || replicas.size() != wanted;
      while (replicas.size() < wanted) placement.add_to(replicas);
      while (replicas.size() > wanted) placement.remove_from(replicas);
    }
    if (changes) moves[topic] = std::move(partitions);
  }
  return moves;
}

std::string reassignment_json(const ReplicaLayout& moves) {
  std::string out = "{\"version\": 1, \"partitions\": [";
  const char* separator = "\n";
  for (const auto& [topic, partitions] : moves) {
    for (std::size_t p = 0; p < partitions.size(); ++p) {
      // Topic names are [a-zA-Z0-9._-] (Kafka's rule), so they need no escaping here.
      out += fmt::format("{}  {{\"topic\": \"{}\", \"partition\": {}, \"replicas\": [{}]}}",
                         separator, topic, p, fmt::join(partitions[p], ", "));
      separator = ",\n";
    }
  }
  return out + "\n]}\n";
}

std::map<std::string, std::int64_t> replication_changes(const std::vector<EffectiveTopic>& desired,
                                                        const ClusterState& state) {
  std::map<std::string, std::int64_t> factors;
  for (const auto& topic : desired) {
    auto current = state.topics.find(topic.name);
    if (topic.spec->deleted.value || current == state.topics.end()) continue;
    if (current->second.replication_factor != topic.replication_factor.value) {
      factors[topic.name] = topic.replication_factor.value;
    }
  }
  return factors;
}

}  // namespace topicform
