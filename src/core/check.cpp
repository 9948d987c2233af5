// Runs the rules in a fixed order over resolved topics; the order of output is fixed by sorting.
#include "core/check.hpp"

#include <fmt/format.h>

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

std::vector<EffectiveTopic> check_topics(const std::vector<TopicSpec>& specs,
                                         const Settings& settings, const Environment& environment,
                                         RuleSink& sink) {
  RuleContext context{settings, environment};
  std::vector<EffectiveTopic> topics;
  topics.reserve(specs.size() * 2);
  for (const auto& spec : specs) {
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
    EffectiveTopic source = resolve_topic(spec, environment, sink);
    check_naming(source, context, sink);
    check_partitions(source, context, sink);
    check_replication(source, context, sink);
    check_retention(source, context, sink);
    check_cleanup(source, sink);
    check_owner(source, context, sink);
    check_config(spec, source, context, sink);
    topics.push_back(std::move(source));
    const EffectiveTopic& added = topics.back();
    const EffectiveTopic* dead = nullptr;
    if (wants_dead_letter(spec) && !added.name.ends_with(".dead")) {
      topics.push_back(derive_dead_letter(added, settings, sink));
      dead = &topics.back();
      check_partitions(*dead, context, sink);
    }
    check_dead_letter(topics[topics.size() - (dead ? 2 : 1)], dead, sink);
  }
  sink.set_adopted(false);
  check_across_topics(topics, context, sink);
  return topics;
}

}  // namespace topicform
