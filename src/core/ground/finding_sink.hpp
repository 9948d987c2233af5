// Where a finding goes, as seen from below the rules: resolving a topic and comparing schemas
// report through it, and the rules' sink (which judges severities by the settings) implements it.
#pragma once

#include <string>
#include <string_view>

#include "core/ground/location.hpp"

namespace topicform {

class FindingSink {
 public:
  virtual ~FindingSink() = default;
  // Records a finding of `rule` at `at`.
  virtual void report(std::string_view rule, const Location& at, std::string message) = 0;
};

}  // namespace topicform
