// Runs the rules in a fixed order over resolved topics; the order of output is fixed by sorting.
#include "core/rules/check.hpp"
#include "core/model/topic_names.hpp"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include "core/ground/parallel_for.hpp"

#include "core/rules/rules.hpp"

namespace topicform {

Environment select_environment(const Settings& settings, const std::string& name, RuleSink& sink) {
  std::string wanted = name.empty() ? settings.default_environment : name;
  if (settings.environments.empty()) {
    Environment fallback;
    fallback.name = wanted.empty() ? "default" : wanted;
    return fallback;
  }
  if (wanted.empty()) return settings.environments.begin()->second;
  auto it = settings.environments.find(wanted);
  if (it != settings.environments.end()) return it->second;
  std::vector<std::string> known;
  for (const auto& [env_name, env] : settings.environments) known.push_back(env_name);
  sink.report("manifest/unknown-environment", settings.at,
              fmt::format("environment '{}' is not declared in the settings (known: {})", wanted,
                          fmt::join(known, ", ")));
  Environment fallback;
  fallback.name = wanted;
  return fallback;
}

namespace {

// The rules of one manifest: its topic and, where it wants one, its dead-letter topic.
void check_one_topic(const TopicSpec& spec, const RuleContext& context, RuleSink& sink,
                     std::vector<EffectiveTopic>& topics) {
  const Settings& settings = context.settings;
  if (!settings.environments.empty()) {
    for (const auto& [name, local] : spec.overrides) {
      if (settings.environments.count(name) == 0) {
        sink.report("manifest/unknown-environment", local.at,
                    fmt::format("overrides for environment '{}', which the settings do not "
                                "declare",
                                name));
      }
    }
  }
  sink.set_adopted(spec.adopted.value);
  EffectiveTopic source = resolve_topic(spec, context.environment, sink);
  check_naming(source, context, sink);
  check_partitions(source, context, sink);
  check_replication(source, context, sink);
  check_retention(source, context, sink);
  check_cleanup(source, sink);
  check_owner(source, context, sink);
  check_contract(source, context, sink);
  check_config(spec, source, context, sink);
  topics.push_back(std::move(source));
  std::size_t added = topics.size() - 1;
  const EffectiveTopic* dead = nullptr;
  if (wants_dead_letter(spec) && !is_dead_letter_name(topics[added].name)) {
    topics.push_back(derive_dead_letter(topics[added], settings, context.environment, sink));
    dead = &topics.back();
    check_partitions(*dead, context, sink);
  }
  check_dead_letter(topics[added], dead, sink);
  check_dead_config(topics[added], context, sink);
  sink.set_adopted(false);
}

// A slice of the manifests and what its rules found, filled by one thread.
struct CheckedSlice {
  std::vector<EffectiveTopic> topics;
  std::vector<Diagnostic> diagnostics;
};

}  // namespace

// Each slice is checked on its own thread with a sink of its own; slices are joined in manifest
// order, so topics and findings come out as a single pass would give them.
std::vector<EffectiveTopic> check_topics(const std::vector<TopicSpec>& specs,
                                         const Settings& settings, const Environment& environment,
                                         RuleSink& sink) {
  RuleContext context{settings, environment};
  constexpr std::size_t kSliceSize = 256;
  std::vector<CheckedSlice> slices((specs.size() + kSliceSize - 1) / kSliceSize);
  parallel_for(slices.size(), usable_cpus(), [&](std::size_t s) {
    RuleSink local(settings, slices[s].diagnostics);
    std::size_t end = std::min(specs.size(), (s + 1) * kSliceSize);
    slices[s].topics.reserve(2 * (end - s * kSliceSize));  // each source and its dead topic
    for (std::size_t i = s * kSliceSize; i < end; ++i) {
      check_one_topic(specs[i], context, local, slices[s].topics);
    }
  });
  std::vector<EffectiveTopic> topics;
  topics.reserve(specs.size() * 2);
  for (auto& slice : slices) {
    std::move(slice.topics.begin(), slice.topics.end(), std::back_inserter(topics));
    for (auto& found : slice.diagnostics) sink.record(std::move(found));
  }
  check_across_topics(topics, context, sink);
  check_schema_units(topics, context, sink);
  return topics;
}

}  // namespace topicform
