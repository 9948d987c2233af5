// naming/*: Kafka's limits, the project's convention, and names that stay right as services change.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "core/model/topic_names.hpp"
#include "core/rules/rules.hpp"
#include "core/text/visible_text.hpp"

namespace topicform {
namespace {

bool is_legal_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '-';
}

std::vector<std::string> split(std::string_view text, std::string_view separators) {
  std::vector<std::string> parts;
  std::string current;
  for (char c : text) {
    if (separators.find(c) != std::string_view::npos) {
      parts.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  parts.push_back(current);
  return parts;
}

// One level of a preset name: words of [a-z0-9] joined by single '-'. Written out rather than a
// regex, so a long name costs one pass and no recursion.
bool is_word_level(std::string_view level) {
  if (level.empty() || level.front() == '-' || level.back() == '-') return false;
  char previous = ' ';
  for (char c : level) {
    bool word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!word && !(c == '-' && previous != '-')) return false;
    previous = c;
  }
  return true;
}

bool matches_domain_event(const std::string& name) {
  auto levels = split(name, ".");
  return levels.size() == 2 && std::all_of(levels.begin(), levels.end(),
                                           [](const auto& level) { return is_word_level(level); });
}

bool matches_domain_entity_kind(const std::string& name, const std::vector<std::string>& kinds) {
  auto levels = split(name, ".");
  if (levels.size() != 3) return false;
  if (std::find(kinds.begin(), kinds.end(), levels[2]) == kinds.end()) return false;
  return std::all_of(levels.begin(), levels.end(),
                     [](const auto& level) { return is_word_level(level); });
}

std::string describe_convention(const NamingConvention& naming) {
  std::vector<std::string> forms;
  for (const auto& preset : naming.presets) {
    if (preset == "domain-event") forms.emplace_back("<domain>.<what-happened> (orders.created)");
    if (preset == "domain-entity-kind") {
      forms.push_back(fmt::format("<domain>.<entity>.<{}> (commerce.orders.events)",
                                  fmt::join(naming.kinds, "|")));
    }
  }
  for (const auto& pattern : naming.patterns) forms.push_back(fmt::format("/{}/", pattern.text()));
  return fmt::format("{}", fmt::join(forms, " or "));
}

// Irregular past participles that do not end in "-ed".
constexpr std::array<std::string_view, 40> kIrregularPast{
    "paid",    "sent",    "built",  "made",   "done",   "written", "taken",  "given",
    "known",   "shown",   "begun",  "held",   "lost",   "sold",    "won",    "set",
    "put",     "cut",     "read",   "left",   "kept",   "met",     "found",  "bought",
    "brought", "thought", "caught", "taught", "spent",  "grown",   "split",  "shut",
    "run",     "drawn",   "chosen", "frozen", "stolen", "broken",  "spoken", "withdrawn"};

bool reads_as_past_tense(const std::string& level) {
  auto words = split(level, "-");
  const std::string& last = words.back();
  if (last.size() > 2 && last.ends_with("ed")) return true;
  return std::find(kIrregularPast.begin(), kIrregularPast.end(), last) != kIrregularPast.end();
}

bool contains_sequence(const std::vector<std::string>& words,
                       const std::vector<std::string>& part) {
  if (part.empty() || part.size() > words.size()) return false;
  return std::search(words.begin(), words.end(), part.begin(), part.end()) != words.end();
}

void check_owner_names(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink) {
  const TopicSpec& spec = *topic.spec;
  auto words = split(topic.name, ".-");
  auto report = [&](std::string what) {
    sink.report("naming/no-owner-names", topic.name_at,
                fmt::format("topic name '{}' contains {}: a name must stay right when senders, "
                            "readers or versions change",
                            topic.name, what));
  };
  std::vector<std::string> services;
  if (spec.owner.producer.present) services.push_back(spec.owner.producer.value);
  for (const auto& consumer : spec.owner.consumers) services.push_back(consumer.group.value);
  for (const auto& service : services) {
    if (contains_sequence(words, split(service, ".-_"))) {
      report(fmt::format("the service name '{}'", service));
      return;
    }
  }
  auto is_version = [](const std::string& word) {  // v1, v2, v10
    return word.size() > 1 && word[0] == 'v' &&
           std::all_of(word.begin() + 1, word.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  for (const auto& word : words) {
    if (is_version(word)) return report(fmt::format("the version '{}'", word));
  }
  std::vector<std::string> forbidden = context.settings.naming.forbidden_words;
  for (const auto& [name, environment] : context.settings.environments) forbidden.push_back(name);
  for (const auto& word : words) {
    if (std::find(forbidden.begin(), forbidden.end(), word) != forbidden.end()) {
      return report(fmt::format("the environment name '{}'", word));
    }
  }
}

}  // namespace

bool is_legal_topic_name(std::string_view name) {
  return !name.empty() && name.size() <= kMaxTopicNameLength && name != "." && name != ".." &&
         std::all_of(name.begin(), name.end(), is_legal_char);
}

namespace {

// Returns false when the name breaks Kafka's own limits, which makes the other rules moot.
bool check_legal(const EffectiveTopic& topic, RuleSink& sink) {
  const std::string& name = topic.name;
  std::string problem;
  if (name.empty()) {
    problem = "is empty";
  } else if (name.size() > kMaxTopicNameLength) {
    problem = fmt::format("is {} characters long; Kafka allows at most {}", name.size(),
                          kMaxTopicNameLength);
  } else if (name == "." || name == "..") {
    problem = "is not allowed by Kafka";
  } else if (auto bad = std::find_if_not(name.begin(), name.end(), is_legal_char);
             bad != name.end()) {
    problem = fmt::format("contains {}; Kafka allows only letters, digits, '.', '_' and '-'",
                          describe_character(name, static_cast<std::size_t>(bad - name.begin())));
  }
  if (problem.empty()) return true;
  sink.report("naming/legal", topic.name_at, fmt::format("topic name '{}' {}", name, problem));
  return false;
}

void check_separators(const EffectiveTopic& topic, RuleSink& sink) {
  const std::string& name = topic.name;
  auto report = [&](std::string why) {
    sink.report("naming/separators", topic.name_at, fmt::format("topic name '{}' {}", name, why));
  };
  if (name.find('_') != std::string::npos) {
    return report(
        "contains '_': use '.' between levels and '-' between words ('.' and '_' collide in "
        "Kafka's metrics)");
  }
  for (const auto& level : split(name, ".")) {
    if (level.empty()) return report("has an empty level: '.' only separates non-empty levels");
    if (level.front() == '-' || level.back() == '-' || level.find("--") != std::string::npos) {
      return report(
          fmt::format("has the level '{}': '-' only separates words inside a level", level));
    }
  }
}

void check_lowercase(const EffectiveTopic& topic, RuleSink& sink) {
  const std::string& name = topic.name;
  if (std::none_of(name.begin(), name.end(), [](char c) { return c >= 'A' && c <= 'Z'; })) return;
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  sink.report("naming/lowercase", topic.name_at,
              fmt::format("topic name '{}' has upper-case letters: write '{}'", name, lower));
}

}  // namespace

void check_naming(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink) {
  if (topic.is_dead) return;  // derived names follow their source's
  if (!check_legal(topic, sink)) return;
  const std::string& name = topic.name;
  check_lowercase(topic, sink);
  check_separators(topic, sink);
  if (name.ends_with(kDeadLetterSuffix)) {
    sink.report("naming/reserved-suffix", topic.name_at,
                fmt::format("'.dead' is reserved for dead-letter topics: configure '{}' under "
                            "'spec.deadLetter' of '{}' instead of its own manifest",
                            name, name.substr(0, name.size() - kDeadLetterSuffix.size())));
    return;
  }
  const NamingConvention& naming = context.settings.naming;
  if (naming.presets.empty() && naming.patterns.empty()) return;  // every pattern was refused
  bool event_form = false;
  bool matched = false;
  for (const auto& preset : naming.presets) {
    if (preset == "domain-event" && matches_domain_event(name)) matched = event_form = true;
    if (preset == "domain-entity-kind" && matches_domain_entity_kind(name, naming.kinds))
      matched = true;
  }
  for (const auto& pattern : naming.patterns) matched = matched || pattern.full_match(name);
  if (!matched) {
    sink.report("naming/convention", topic.name_at,
                fmt::format("topic name '{}' does not follow the naming convention {}", name,
                            describe_convention(naming)));
  }
  if (event_form) {
    std::string last = split(name, ".").back();
    if (!reads_as_past_tense(last)) {
      sink.report("naming/past-tense", topic.name_at,
                  fmt::format("'{}' in '{}' does not read as a past-tense fact (created, paid, "
                              "payment-method-changed)",
                              last, name));
    }
  }
  check_owner_names(topic, context, sink);
  const auto& previous = topic.spec->previous_name;
  if (previous.present) {
    sink.report("naming/rename", previous.at,
                fmt::format("'{}' is a new topic, not a rename of '{}': messages and group offsets "
                            "stay with '{}', which is kept",
                            name, previous.value, previous.value));
  }
}

}  // namespace topicform
