// Which topics the dead-letter and offset commands may act on, from the manifests: managed dead
// topics, a replay's source, and the consumer groups services own.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/ground/result.hpp"
#include "core/model/effective_topic.hpp"

namespace topicform {

// The managed dead topics of `topics` (deleted ones left out), sorted; with `names`, only those
// (a dead topic's name, or its source's); an error names one that is neither.
Result<std::vector<std::string>> dead_topics_to_show(const std::vector<EffectiveTopic>& topics,
                                                     const std::vector<std::string>& names);

// The dead topic a replay of `source` reads; an error when the manifests do not manage `source`
// (or delete it) or give it no dead topic.
Result<std::string> replay_dead_topic(const std::vector<EffectiveTopic>& topics,
                                      const std::string& source);

// The refusal of `group` as a replay group when a manifest declares it as a service's consumer
// group: its offsets are that service's position.
std::optional<Error> service_group_refusal(const std::vector<EffectiveTopic>& topics,
                                           const std::string& group);

// Whether a manifest declares `group` as a consumer of `topic`.
bool declares_group_on(const std::vector<EffectiveTopic>& topics, const std::string& group,
                       const std::string& topic);

}  // namespace topicform
