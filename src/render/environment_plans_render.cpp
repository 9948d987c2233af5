// Several environments' plans in one document: sections built from the one-environment renders.
#include "render/environment_plans_render.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/text/markdown_text.hpp"
#include "core/text/visible_text.hpp"
#include "render/diagnostics_render.hpp"
#include "render/plan_render.hpp"

namespace topicform {
namespace {

const char* outcome_name(PlanOutcome outcome) {
  switch (outcome) {
    case PlanOutcome::no_changes:
      return "no-changes";
    case PlanOutcome::changes:
      return "changes";
    case PlanOutcome::blocked:
      return "blocked";
    case PlanOutcome::failed:
      return "failed";
  }
  return "failed";
}

// The one line an environment's outcome takes in every format.
std::string outcome_line(const EnvironmentPlan& part) {
  if (!part.plan) return "failed: " + part.error;
  return plan_summary_line(*part.plan);
}

std::string display_name(const EnvironmentPlan& part) {
  return part.environment.empty() ? std::string("default") : visible(part.environment);
}

// The environment's name before each of its list items, so call-outs of all environments can
// stand in one list.
std::string with_environment(const std::string& items, const EnvironmentPlan& part) {
  std::string out;
  std::size_t start = 0;
  while (start < items.size()) {
    std::size_t end = items.find('\n', start);
    if (end == std::string::npos) end = items.size() - 1;
    std::string line = items.substr(start, end + 1 - start);
    if (line.rfind("- ", 0) == 0) line.insert(2, markdown_code(display_name(part)) + ": ");
    out += line;
    start = end + 1;
  }
  return out;
}

// What needs a reviewer in any environment, before the folds: failures, blocks, data loss.
std::string markdown_attention(const std::vector<EnvironmentPlan>& parts) {
  std::string out;
  for (const auto& part : parts) {
    if (!part.plan) {
      out += fmt::format("- {}: :x: **failed**: {}\n", markdown_code(display_name(part)),
                         markdown_text(visible(part.error)));
    } else {
      out += with_environment(plan_markdown_hazards(*part.plan), part);
    }
  }
  return out;
}

// One environment's plan (as `plan --format markdown` prints it, without its heading) or its
// failure, folded under its summary line.
std::string markdown_fold(const EnvironmentPlan& part, std::size_t limit) {
  std::string body;
  if (part.plan) {
    body = render_plan_markdown(*part.plan, limit);
    body.erase(0, body.find('\n') + 1);
  } else {
    body = "\n**" + markdown_text(visible(part.error)) + ".**\n" +
           render_markdown_table(part.diagnostics);
  }
  return fmt::format("<details><summary><code>{}</code>: {}</summary>\n{}\n</details>\n\n",
                     markdown_text(display_name(part)), markdown_text(visible(outcome_line(part))),
                     body);
}

}  // namespace

std::string render_plans_markdown(const std::vector<EnvironmentPlan>& parts, std::size_t limit) {
  std::string head = fmt::format(
      "### topicform plan: {} environments\n\n| Environment | Plan |\n"
      "|---|---|\n",
      parts.size());
  for (const auto& part : parts) {
    head += fmt::format("| {} | {}{} |\n", markdown_code(display_name(part)),
                        part.plan ? "" : ":x: ", markdown_text(visible(outcome_line(part))));
  }
  std::string attention = markdown_attention(parts);
  const std::string cut_notice =
      "**The plan is cut here to fit a comment; run `topicform plan` for all of it.**\n";
  if (head.size() + attention.size() > limit / 2) {
    attention = cut_at_line(attention, limit / 2 - std::min(limit / 2, head.size())) + cut_notice;
  }
  if (!attention.empty()) head += "\n" + attention;
  head += "\n";
  // Each fold gets an equal share of what is left; a fold's own cut says where it stopped.
  std::size_t share =
      (limit - std::min(limit, head.size())) / std::max<std::size_t>(parts.size(), 1);
  for (const auto& part : parts) head += markdown_fold(part, share > 400 ? share - 400 : 0);
  return head;
}

std::string render_plans_text(const std::vector<EnvironmentPlan>& parts, bool colour) {
  std::string out;
  for (const auto& part : parts) {
    if (part.plan) {
      out += render_plan_text(*part.plan, colour);
    } else {
      out += fmt::format("topicform plan for environment '{}': failed\n\n  {}\n",
                         display_name(part), visible(part.error));
      for (const auto& d : part.diagnostics) out += "  " + diagnostic_line(d) + '\n';
    }
    out += "\n";
  }
  out += fmt::format("{} environments:\n", parts.size());
  for (const auto& part : parts) {
    out += fmt::format("  {}: {}\n", display_name(part), visible(outcome_line(part)));
  }
  return out;
}

std::string render_plans_json(const std::vector<EnvironmentPlan>& parts) {
  nlohmann::ordered_json root;
  root["version"] = 1;
  nlohmann::ordered_json environments = nlohmann::ordered_json::array();
  std::size_t counts[4] = {0, 0, 0, 0};
  for (const auto& part : parts) {
    PlanOutcome outcome = outcome_of(part);
    ++counts[static_cast<int>(outcome)];
    nlohmann::ordered_json entry;
    entry["environment"] = display_name(part);
    entry["outcome"] = outcome_name(outcome);
    entry["error"] = part.plan ? nlohmann::ordered_json() : nlohmann::ordered_json(part.error);
    entry["plan"] = part.plan ? nlohmann::ordered_json::parse(render_plan_json(*part.plan))
                              : nlohmann::ordered_json();
    environments.push_back(std::move(entry));
  }
  root["environments"] = environments;
  root["summary"] = {
      {"environments", parts.size()}, {"noChanges", counts[0]},
      {"changes", counts[1]},         {"blocked", counts[2]},
      {"failed", counts[3]},          {"outcome", outcome_name(worst_outcome(parts))}};
  return root.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string render_plans_github(const std::vector<EnvironmentPlan>& parts) {
  std::string out;
  for (const auto& part : parts) {
    std::vector<Diagnostic> notes = part.plan ? plan_annotations(*part.plan) : part.diagnostics;
    if (!part.plan) notes.push_back({Severity::error, "plan", "failed: " + part.error, {}});
    for (auto& note : notes)
      note.message = fmt::format("[{}] {}", display_name(part), note.message);
    out += render_github_annotations(notes);
  }
  for (const auto& part : parts) {
    out += fmt::format("topicform plan {}: {}\n", display_name(part), visible(outcome_line(part)));
  }
  return out;
}

}  // namespace topicform
