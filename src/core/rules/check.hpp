// The offline check of a project: every manifest rule for one environment, in one call.
#pragma once

#include <vector>

#include "core/model/effective_topic.hpp"
#include "core/model/settings.hpp"
#include "core/model/topic_spec.hpp"
#include "core/rules/rule_sink.hpp"

namespace topicform {

// The environment `name` from the settings, or a single-broker default when none are declared.
// Reports manifest/unknown-environment when settings declare environments and `name` is not one.
Environment select_environment(const Settings& settings, const std::string& name, RuleSink& sink);

// Resolves every manifest for `environment`, derives the `.dead` topics, runs every offline rule
// and returns the desired topics (sources followed by their dead topics, in manifest order).
// The returned topics point into `specs`, which must outlive them.
std::vector<EffectiveTopic> check_topics(const std::vector<TopicSpec>& specs,
                                         const Settings& settings, const Environment& environment,
                                         RuleSink& sink);

}  // namespace topicform
