// A cluster's state saved as JSON: offline plans, golden tests and bug reports without a broker.
#pragma once

#include <string>

#include "core/model/cluster_state.hpp"

namespace topicform {

// Versioned JSON, keys sorted, so snapshots diff well. A topic whose name Kafka could not have
// (a '/', '..' alone, too long) is refused: names become file names on import.
std::string write_snapshot(const ClusterState& state);
Result<ClusterState> parse_snapshot(const std::string& text);

// A cluster as a snapshot file holds it: its text is read by the caller, with the bounds every
// file topicform reads has, and parsed once.
class SnapshotReader : public ClusterReader {
 public:
  explicit SnapshotReader(ClusterState state) : m_state(std::move(state)) {}
  Result<ClusterState> read(const ReadRequest&) override { return m_state; }

 private:
  ClusterState m_state;
};

}  // namespace topicform
