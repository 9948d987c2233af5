// The manifests' say over the operations: what is managed, whose group is whose.
#include "core/operations/dead_topics.hpp"
#include "core/model/topic_names.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/text/visible_text.hpp"

namespace topicform {
namespace {

const EffectiveTopic* find_topic(const std::vector<EffectiveTopic>& topics,
                                 const std::string& name) {
  for (const auto& topic : topics) {
    if (topic.name == name && !topic.spec->deleted.value) return &topic;
  }
  return nullptr;
}

bool is_managed_dead(const std::vector<EffectiveTopic>& topics, const std::string& name) {
  const auto* topic = find_topic(topics, name);
  return topic && is_dead_letter_topic(*topic);
}

}  // namespace

Result<std::vector<std::string>> dead_topics_to_show(const std::vector<EffectiveTopic>& topics,
                                                     const std::vector<std::string>& names) {
  std::set<std::string> chosen;
  for (const auto& name : names) {
    if (is_managed_dead(topics, name)) {
      chosen.insert(name);
    } else if (is_managed_dead(topics, dead_letter_name(name))) {
      chosen.insert(dead_letter_name(name));
    } else {
      return Error{fmt::format(
          "'{}' is neither a managed dead-letter topic nor the source of one in these manifests",
          visible(name))};
    }
  }
  if (names.empty()) {
    for (const auto& topic : topics) {
      if (is_dead_letter_topic(topic) && !topic.spec->deleted.value) chosen.insert(topic.name);
    }
  }
  return std::vector<std::string>(chosen.begin(), chosen.end());
}

Result<std::string> replay_dead_topic(const std::vector<EffectiveTopic>& topics,
                                      const std::string& source) {
  const auto* managed = find_topic(topics, source);
  if (!managed || is_dead_letter_topic(*managed)) {
    return Error{fmt::format(
        "'{}' is not a source topic these manifests manage: a replay writes only to a managed "
        "topic; nothing was read or written",
        visible(source))};
  }
  if (!is_managed_dead(topics, dead_letter_name(source))) {
    return Error{fmt::format("'{}' has no dead-letter topic in its manifest; nothing to replay",
                             visible(source))};
  }
  return dead_letter_name(source);
}

std::optional<Error> service_group_refusal(const std::vector<EffectiveTopic>& topics,
                                           const std::string& group) {
  for (const auto& topic : topics) {
    for (const auto& consumer : topic.spec->owner.consumers) {
      if (consumer.group.value != group || topic.is_dead) continue;
      return Error{fmt::format(
          "group '{}' is the consumer group of a service on '{}': a replay keeps its own "
          "offsets and must never move a service's; choose another --group",
          visible(group), topic.name)};
    }
  }
  return std::nullopt;
}

bool declares_group_on(const std::vector<EffectiveTopic>& topics, const std::string& group,
                       const std::string& topic) {
  const auto* managed = find_topic(topics, topic);
  if (!managed || managed->is_dead) return false;
  const auto& consumers = managed->spec->owner.consumers;
  return std::any_of(consumers.begin(), consumers.end(),
                     [&](const auto& c) { return c.group.value == group; });
}

}  // namespace topicform
