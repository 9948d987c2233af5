// The report of `topicform dead show` and a replay's dry run: each dead topic's messages grouped
// by cause, as text, versioned JSON or Markdown (a pull request or an incident ticket).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/operations/dead_letters.hpp"

namespace topicform {

struct DeadTopicTriage {
  std::string topic;
  bool exists = true;  // false: the cluster has no such topic
  std::int64_t messages = 0;
  std::vector<CauseSummary> causes;  // most messages first
  CauseSummary without_cause;        // messages with no dead-error header
};

// A triage from the messages gathered: the topic, its causes and those without one.
DeadTopicTriage triage_of(const std::string& topic, const DeadLetterTriage& triage);

// Per topic a headline ("orders.created.dead: 4 messages, 2 causes" or "... empty"), then per
// cause its count, times, groups, origin and a sample key; every text from the topic shown
// escaped (visible_text.hpp).
std::string render_triage_text(const std::vector<DeadTopicTriage>& topics, bool colour);

// {"version": 1, "deadTopics": [{"topic", "exists", "messages", "causes": [{"cause",
// "messages", "firstAt", "lastAt", "unreadableTimes", "groups", "originTopics",
// "originPartitions", "originOffsets": {"first", "last"}, "attempts": {"min", "max"},
// "sampleKey", "listsCut"}], "withoutCause": {...the same, "cause": null}}]}.
std::string render_triage_json(const std::vector<DeadTopicTriage>& topics);

// A section per topic with a table of its causes.
std::string render_triage_markdown(const std::vector<DeadTopicTriage>& topics);

}  // namespace topicform
