// Triage rendered for people (text, Markdown) and for programs (JSON).
#include "render/dead_letters_render.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/text/markdown_text.hpp"
#include "core/text/visible_text.hpp"

namespace topicform {
namespace {

using Json = nlohmann::ordered_json;

template <class Set>
std::string joined(const Set& items) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += ", ";
    out += visible(fmt::format("{}", item));
  }
  return out;
}

std::string range_text(const std::optional<std::int64_t>& low,
                       const std::optional<std::int64_t>& high) {
  if (!low) return "unknown";
  return *low == *high ? std::to_string(*low) : fmt::format("{}..{}", *low, *high);
}

std::string key_text(const std::optional<std::string>& key) {
  return key ? visible(*key) : "(null)";
}

std::string cause_title(const CauseSummary& cause, bool without) {
  return without ? "(no dead-error header)" : visible(cause.cause);
}

void cause_lines(std::string& out, const CauseSummary& c, bool without) {
  out += fmt::format("  {} × {}\n", c.messages, cause_title(c, without));
  if (c.first_at)
    out += fmt::format("      at        {} .. {}\n", visible(*c.first_at), visible(*c.last_at));
  if (c.unreadable_times > 0)
    out += fmt::format("      dead-at   missing or not a time on {}\n", c.unreadable_times);
  out += fmt::format("      groups    {}\n", c.groups.empty() ? "unknown" : joined(c.groups));
  out += fmt::format("      origin    {} partitions {} offsets {}\n",
                     c.origin_topics.empty() ? "unknown" : joined(c.origin_topics),
                     c.origin_partitions.empty() ? "unknown" : joined(c.origin_partitions),
                     range_text(c.first_offset, c.last_offset));
  out += fmt::format("      attempts  {}\n", range_text(c.min_attempts, c.max_attempts));
  out += fmt::format("      key       {}\n", key_text(c.sample_key));
  if (c.lists_cut)
    out += fmt::format("      (lists cut at {} items)\n", DeadLetterTriage::kMaxListed);
}

std::string headline(const DeadTopicTriage& t) {
  if (!t.exists)
    return fmt::format("{}: missing on the cluster (topicform apply creates it)", t.topic);
  if (t.messages == 0) return fmt::format("{}: empty", t.topic);
  std::size_t causes = t.causes.size() + (t.without_cause.messages > 0 ? 1 : 0);
  return fmt::format("{}: {} message{}, {} cause{}", t.topic, t.messages,
                     t.messages == 1 ? "" : "s", causes, causes == 1 ? "" : "s");
}

Json optional_number(const std::optional<std::int64_t>& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json optional_text(const std::optional<std::string>& value) {
  return value ? Json(visible(*value)) : Json(nullptr);
}

Json cause_json(const CauseSummary& c, bool without) {
  Json j;
  j["cause"] = without ? Json(nullptr) : Json(visible(c.cause));
  j["messages"] = c.messages;
  j["firstAt"] = optional_text(c.first_at);
  j["lastAt"] = optional_text(c.last_at);
  j["unreadableTimes"] = c.unreadable_times;
  j["groups"] = Json::array();
  for (const auto& g : c.groups) j["groups"].push_back(visible(g));
  j["originTopics"] = Json::array();
  for (const auto& t : c.origin_topics) j["originTopics"].push_back(visible(t));
  j["originPartitions"] = c.origin_partitions;
  j["originOffsets"] = {{"first", optional_number(c.first_offset)},
                        {"last", optional_number(c.last_offset)}};
  j["attempts"] = {{"min", optional_number(c.min_attempts)},
                   {"max", optional_number(c.max_attempts)}};
  j["sampleKey"] = optional_text(c.sample_key);
  j["listsCut"] = c.lists_cut;
  return j;
}

std::string cause_row(const CauseSummary& c, bool without) {
  return fmt::format(
      "| {} | {} | {} | {} | {} | {} |\n", c.messages,
      without ? std::string("*no dead-error header*") : markdown_code(visible(c.cause)),
      c.first_at ? markdown_text(visible(*c.first_at) + " .. " + visible(*c.last_at)) : "",
      markdown_text(joined(c.groups)),
      markdown_text(joined(c.origin_partitions) + " @ " +
                    range_text(c.first_offset, c.last_offset)),
      c.sample_key ? markdown_code(visible(*c.sample_key)) : "");
}

}  // namespace

DeadTopicTriage triage_of(const std::string& topic, const DeadLetterTriage& triage) {
  DeadTopicTriage out;
  out.topic = topic;
  out.messages = triage.messages();
  out.causes = triage.causes();
  out.without_cause = triage.without_cause();
  return out;
}

std::string render_triage_text(const std::vector<DeadTopicTriage>& topics, bool colour) {
  std::string out;
  for (const auto& t : topics) {
    std::string line = headline(t);
    bool alarm = !t.exists || t.messages > 0;
    out += colour && alarm ? fmt::format("\033[1;31m{}\033[0m\n", line) : line + "\n";
    for (const auto& cause : t.causes) cause_lines(out, cause, false);
    if (t.without_cause.messages > 0) cause_lines(out, t.without_cause, true);
  }
  if (topics.empty()) out = "no dead-letter topics in these manifests\n";
  return out;
}

std::string render_triage_json(const std::vector<DeadTopicTriage>& topics) {
  Json root;
  root["version"] = 1;
  root["deadTopics"] = Json::array();
  for (const auto& t : topics) {
    Json j;
    j["topic"] = t.topic;
    j["exists"] = t.exists;
    j["messages"] = t.messages;
    j["causes"] = Json::array();
    for (const auto& c : t.causes) j["causes"].push_back(cause_json(c, false));
    j["withoutCause"] = cause_json(t.without_cause, true);
    root["deadTopics"].push_back(std::move(j));
  }
  return root.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string render_triage_markdown(const std::vector<DeadTopicTriage>& topics) {
  std::string out = "## Dead letters\n";
  for (const auto& t : topics) {
    out += fmt::format("\n### {}\n\n", markdown_text(headline(t)));
    if (t.messages == 0) continue;
    out += "| messages | cause | dead-at | groups | origin | sample key |\n";
    out += "|---:|---|---|---|---|---|\n";
    for (const auto& c : t.causes) out += cause_row(c, false);
    if (t.without_cause.messages > 0) out += cause_row(t.without_cause, true);
  }
  if (topics.empty()) out += "\nNo dead-letter topics in these manifests.\n";
  return out;
}

}  // namespace topicform
