// The names a topic lends to what comes with it: its dead-letter topic and its registry subject.
#pragma once

#include <string>
#include <string_view>

namespace topicform {

// The runbook's suffix of a dead-letter topic (step 4): `<source>.dead`.
inline constexpr std::string_view kDeadLetterSuffix = ".dead";

// `<source>.dead`: where the consumers of `source` put what they could not handle.
inline std::string dead_letter_name(std::string_view source) {
  std::string name(source);
  name += kDeadLetterSuffix;
  return name;
}

// Whether `name` is spelled as a dead-letter topic: a source name followed by `.dead`.
inline bool is_dead_letter_name(std::string_view name) {
  return name.size() > kDeadLetterSuffix.size() && name.ends_with(kDeadLetterSuffix);
}

// The source a dead-letter topic's name belongs to; "" when `name` is not a dead-letter name.
inline std::string_view dead_letter_source(std::string_view name) {
  return is_dead_letter_name(name) ? name.substr(0, name.size() - kDeadLetterSuffix.size()) : "";
}

// The subject a topic's values are registered under by default (Confluent's TopicNameStrategy).
inline std::string value_subject(std::string_view topic) {
  std::string subject(topic);
  subject += "-value";
  return subject;
}

}  // namespace topicform
