// Specs as the engine sees them after resolution, for tests that need no environment's figures.
#pragma once

#include <vector>

#include "core/model/effective_topic.hpp"

namespace topicform {

// One EffectiveTopic per spec, named as the spec and pointing into `specs`.
inline std::vector<EffectiveTopic> effective_topics(const std::vector<TopicSpec>& specs) {
  std::vector<EffectiveTopic> topics;
  for (const auto& spec : specs) {
    EffectiveTopic topic;
    topic.spec = &spec;
    topic.name = spec.name.value;
    topics.push_back(topic);
  }
  return topics;
}

}  // namespace topicform
