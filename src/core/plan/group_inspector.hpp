// What costs a request per consumer group, so it is asked only for topics a plan deletes.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/ground/result.hpp"

namespace topicform {

class GroupInspector {
 public:
  virtual ~GroupInspector() = default;
  // Topic (among `topics`) -> the groups that keep committed offsets on it but have no live
  // member, sorted.
  virtual Result<std::map<std::string, std::vector<std::string>>> idle_groups_holding(
      const std::vector<std::string>& topics) = 0;
};

}  // namespace topicform
