// The keys of a config change, as IncrementalAlterConfigs operations.
#include "cluster/incremental_configs.hpp"

namespace topicform {

std::vector<ConfigOperation> incremental_operations(const AlterConfig& change) {
  std::vector<ConfigOperation> out;
  for (const auto& c : change.changes) out.push_back({c.key, c.after});
  return out;
}

}  // namespace topicform
