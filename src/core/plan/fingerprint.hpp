// A digest of what the manifests want, so a saved plan can tell that they changed since.
#pragma once

#include <string>
#include <vector>

#include "core/model/effective_topic.hpp"
#include "core/model/settings.hpp"

namespace topicform {

// 16 hex digits (FNV-1a, 64 bits) over every desired topic as it would be written, the
// environment and the settings that change a plan. Not a security measure: the plan itself is
// re-derived and compared; this only says which side moved.
std::string desired_digest(const std::vector<EffectiveTopic>& topics, const Settings& settings,
                           const Environment& environment);

}  // namespace topicform
