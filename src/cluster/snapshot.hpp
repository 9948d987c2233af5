// A cluster's state saved as JSON: offline plans, golden tests and bug reports without a broker.
#pragma once

#include <string>

#include "core/cluster_state.hpp"

namespace topicform {

// Versioned JSON, keys sorted, so snapshots diff well.
std::string write_snapshot(const ClusterState& state);
Result<ClusterState> parse_snapshot(const std::string& text);

// A ClusterReader over a snapshot file.
class SnapshotReader : public ClusterReader {
 public:
  explicit SnapshotReader(std::string path) : m_path(std::move(path)) {}
  Result<ClusterState> read(const ReadRequest& request) override;

 private:
  std::string m_path;
};

}  // namespace topicform
