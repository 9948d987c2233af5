// The IncrementalAlterConfigs operations of a planned config change: SET what changes, DELETE
// what goes back to the broker default, nothing for the keys that stay (throttles set by other
// tools among them).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/plan/plan.hpp"

namespace topicform {

struct ConfigOperation {
  std::string key;
  std::optional<std::string> set;  // nullopt: DELETE (back to the broker default)

  friend bool operator==(const ConfigOperation&, const ConfigOperation&) = default;
};

std::vector<ConfigOperation> incremental_operations(const AlterConfig& change);

}  // namespace topicform
