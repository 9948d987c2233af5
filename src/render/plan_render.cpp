// Plan renderers; each visits every action kind with no catch-all, so a new kind fails to compile.
#include "render/plan_render.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/access_json.hpp"
#include "core/visible_text.hpp"
#include "render/diagnostics_render.hpp"

namespace topicform {
namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

struct Counts {
  std::size_t create = 0, update = 0, remove = 0;
};

Counts count(const Plan& plan) {
  Counts c;
  for (const auto& action : plan.actions) {
    std::visit(Overloaded{[&](const CreateTopic&) { ++c.create; },
                          [&](const AddPartitions&) { ++c.update; },
                          [&](const AlterConfig&) { ++c.update; },
                          [&](const DeleteTopic&) { ++c.remove; }},
               action);
  }
  return c;
}

// ", 3 ACL bindings to grant, 1 to revoke" when the plan changes ACLs.
std::string access_summary(const Plan& plan) {
  if (plan.access.empty()) return "";
  return fmt::format(", {} ACL binding{} to grant, {} to revoke", plan.access.creates.size(),
                     plan.access.creates.size() == 1 ? "" : "s", plan.access.deletes.size());
}

// The ACLs on managed topics and groups that are not topicform's, one per line.
std::vector<std::string> unmanaged_acls(const Plan& plan) {
  std::vector<std::string> out;
  for (const auto& b : plan.access.unmanaged) out.push_back(describe_binding(b));
  out.insert(out.end(), plan.access.other.begin(), plan.access.other.end());
  return out;
}

std::string summary_line(const Plan& plan) {
  Counts c = count(plan);
  if (!plan.differs() && !plan.is_blocked()) {
    return "No changes: the cluster matches the manifests.";
  }
  std::string withheld =
      plan.withheld.empty()
          ? ""
          : fmt::format(", {} delete{} withheld (not allowed without --allow-delete)",
                        plan.withheld.size(), plan.withheld.size() == 1 ? "" : "s");
  return fmt::format("Plan: {} to create, {} to update, {} to delete, {} blocked{}{}.", c.create,
                     c.update, c.remove, plan.blocked.size(), withheld, access_summary(plan));
}

std::string config_text(const ConfigMap& configs) {
  std::vector<std::string> parts;
  for (const auto& [key, value] : configs) parts.push_back(fmt::format("{}={}", key, value));
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::string change_text(const ConfigChange& change) {
  return fmt::format("{}: {} -> {}", change.key, change.before.value_or("(default)"),
                     change.after.value_or("(default)"));
}

// The keys whose change can mark an AlterConfig destructive.
bool destroys(const std::string& key) {
  return key == "retention.ms" || key == "retention.bytes" || key == "cleanup.policy";
}

std::string withheld_text(const DeleteTopic& d) {
  return fmt::format("{}: delete withheld: deletes are not allowed without --allow-delete", d.name);
}

// One line (or a few) per action: the symbol, the topic, what happens.
std::vector<std::pair<char, std::string>> describe(const Action& action) {
  std::vector<std::pair<char, std::string>> lines;
  std::visit(
      Overloaded{
          [&](const CreateTopic& a) {
            lines.emplace_back(
                '+', fmt::format("{}: create with {} partition{}, replication "
                                 "factor {}{}{}",
                                 a.name, a.partitions, a.partitions == 1 ? "" : "s",
                                 a.replication_factor,
                                 a.dead_letter_of.empty()
                                     ? ""
                                     : fmt::format(" (dead letters of '{}')", a.dead_letter_of),
                                 a.configs.empty() ? "" : "; " + config_text(a.configs)));
          },
          [&](const AddPartitions& a) {
            lines.emplace_back('~', fmt::format("{}: partitions {} -> {}", a.name, a.from, a.to));
          },
          [&](const AlterConfig& a) {
            for (const auto& change : a.changes) {
              lines.emplace_back(
                  '~', fmt::format("{}: {}{}", a.name, change_text(change),
                                   a.destructive && destroys(change.key) ? " (destructive)" : ""));
            }
          },
          [&](const DeleteTopic& a) {
            lines.emplace_back('-', fmt::format("{}: delete, destroying its messages", a.name));
          }},
      action);
  return lines;
}

bool is_destructive(const Action& action) {
  return std::visit(Overloaded{[](const CreateTopic&) { return false; },
                               [](const AddPartitions&) { return false; },
                               [](const AlterConfig& a) { return a.destructive; },
                               [](const DeleteTopic&) { return true; }},
                    action);
}

std::string_view colour_of(char symbol) {
  switch (symbol) {
    case '+':
      return "\x1b[32m";
    case '~':
      return "\x1b[33m";
    case '-':
      return "\x1b[31m";
    default:
      return "\x1b[1;31m";
  }
}

nlohmann::ordered_json action_json(const Action& action) {
  nlohmann::ordered_json out;
  std::visit(
      Overloaded{
          [&](const CreateTopic& a) {
            out = {{"action", "create"},
                   {"topic", a.name},
                   {"partitions", a.partitions},
                   {"replicationFactor", a.replication_factor},
                   {"configs", a.configs},
                   {"deadLetterOf", a.dead_letter_of.empty()
                                        ? nlohmann::ordered_json(nullptr)
                                        : nlohmann::ordered_json(a.dead_letter_of)}};
          },
          [&](const AddPartitions& a) {
            out = {{"action", "add-partitions"}, {"topic", a.name}, {"from", a.from}, {"to", a.to}};
          },
          [&](const AlterConfig& a) {
            nlohmann::ordered_json changes = nlohmann::ordered_json::array();
            for (const auto& c : a.changes) {
              changes.push_back({{"key", c.key},
                                 {"before", c.before ? nlohmann::ordered_json(*c.before) : nullptr},
                                 {"after", c.after ? nlohmann::ordered_json(*c.after) : nullptr}});
            }
            out = {{"action", "alter-config"},
                   {"topic", a.name},
                   {"changes", changes},
                   {"desired", a.desired},
                   {"destructive", a.destructive}};
          },
          [&](const DeleteTopic& a) {
            out = {{"action", "delete"}, {"topic", a.name}, {"destructive", true}};
          }},
      action);
  return out;
}

std::string where(const Location& at) { return at.file.empty() ? "" : format_location(at); }

nlohmann::ordered_json access_json(const Plan& plan) {
  nlohmann::ordered_json grant = nlohmann::ordered_json::array();
  for (const auto& b : plan.access.creates) grant.push_back(binding_json(b));
  nlohmann::ordered_json revoke = nlohmann::ordered_json::array();
  for (const auto& b : plan.access.deletes) revoke.push_back(binding_json(b));
  return {{"grant", grant},
          {"revoke", revoke},
          {"unmanaged", unmanaged_acls(plan)},
          {"skipped", plan.access_skipped}};
}

}  // namespace

std::string render_plan_text(const Plan& plan, bool colour) {
  std::string out = fmt::format("topicform plan for environment '{}' (cluster {})\n\n",
                                plan.environment, plan.cluster_id);
  const char* reset = colour ? "\x1b[0m" : "";
  auto line = [&](char symbol, const std::string& text) {
    out +=
        fmt::format("  {}{}{} {}\n", colour ? colour_of(symbol) : "", symbol, reset, visible(text));
  };
  for (const auto& action : plan.actions) {
    for (const auto& [symbol, text] : describe(action)) line(symbol, text);
  }
  for (const auto& d : plan.withheld) line('-', withheld_text(d));
  for (const auto& [symbol, text] : describe_access_changes(plan.access)) line(symbol, text);
  for (const auto& b : plan.blocked) {
    line('!', fmt::format("{}{}blocked: {} [{}]", b.topic, b.topic.empty() ? "" : ": ", b.message,
                          b.rule));
  }
  if (plan.differs() || !plan.blocked.empty()) out += "\n";
  for (const auto& w : plan.warnings) {
    std::string at = where(w.at);
    out += fmt::format("{}{}warning: {} [{}]\n", at, at.empty() ? "" : ": ", visible(w.message),
                       w.rule);
  }
  if (!plan.unmanaged.empty()) {
    // A shared cluster can hold thousands: name a few, count the rest (JSON lists them all).
    constexpr std::size_t kShown = 10;
    std::vector<std::string> shown(
        plan.unmanaged.begin(),
        plan.unmanaged.begin() + static_cast<long>(std::min(kShown, plan.unmanaged.size())));
    std::string more = plan.unmanaged.size() > kShown
                           ? fmt::format(" and {} more", plan.unmanaged.size() - kShown)
                           : "";
    out += fmt::format("{} unmanaged topic{} on the cluster (listed, never touched): {}{}\n",
                       plan.unmanaged.size(), plan.unmanaged.size() == 1 ? "" : "s",
                       fmt::join(shown, ", "), more);
  }
  for (const auto& acl : unmanaged_acls(plan)) {
    out += fmt::format("unmanaged ACL (listed, never touched): {}\n", visible(acl));
  }
  if (!plan.access_skipped.empty()) out += fmt::format("note: {}\n", plan.access_skipped);
  out += summary_line(plan) + "\n";
  return out;
}

std::string render_plan_github(const Plan& plan) {
  std::vector<Diagnostic> notes;
  for (const auto& action : plan.actions) {
    Location at = std::visit([](const auto& a) { return a.at; }, action);
    for (const auto& [symbol, text] : describe(action)) {
      notes.push_back({Severity::info, "plan", fmt::format("{} {}", symbol, text), at});
    }
  }
  for (const auto& d : plan.withheld) {
    notes.push_back({Severity::info, "delete/explicit", "- " + withheld_text(d), d.at});
  }
  for (const auto& b : plan.access.creates) {
    auto at = plan.access.created_at.find(b);
    notes.push_back({Severity::info, "plan", "+ grant " + describe_binding(b),
                     at == plan.access.created_at.end() ? Location{} : at->second});
  }
  for (const auto& b : plan.access.deletes) {
    notes.push_back({Severity::info, "plan", "- revoke " + describe_binding(b), {}});
  }
  for (const auto& b : plan.blocked) {
    notes.push_back(
        {Severity::error, b.rule,
         fmt::format("{}{}blocked: {}", b.topic, b.topic.empty() ? "" : ": ", b.message), b.at});
  }
  for (const auto& w : plan.warnings) notes.push_back(w);
  return render_github_annotations(notes) + "topicform plan: " + summary_line(plan) + "\n";
}

std::string render_plan_json(const Plan& plan) {
  nlohmann::ordered_json root;
  root["version"] = 1;
  root["environment"] = plan.environment;
  root["clusterId"] = plan.cluster_id;
  nlohmann::ordered_json actions = nlohmann::ordered_json::array();
  for (const auto& action : plan.actions) actions.push_back(action_json(action));
  root["actions"] = actions;
  nlohmann::ordered_json blocked = nlohmann::ordered_json::array();
  for (const auto& b : plan.blocked) {
    blocked.push_back({{"topic", b.topic},
                       {"rule", b.rule},
                       {"message", b.message},
                       {"file", b.at.file},
                       {"line", b.at.line},
                       {"column", b.at.column}});
  }
  root["blocked"] = blocked;
  nlohmann::ordered_json warnings = nlohmann::ordered_json::array();
  for (const auto& w : plan.warnings) {
    warnings.push_back({{"rule", w.rule},
                        {"message", w.message},
                        {"file", w.at.file},
                        {"line", w.at.line},
                        {"column", w.at.column}});
  }
  root["warnings"] = warnings;
  root["unmanaged"] = plan.unmanaged;
  nlohmann::ordered_json withheld = nlohmann::ordered_json::array();
  for (const auto& d : plan.withheld) withheld.push_back(d.name);
  root["withheld"] = withheld;
  root["access"] = access_json(plan);
  Counts c = count(plan);
  root["summary"] = {{"create", c.create},
                     {"update", c.update},
                     {"delete", c.remove},
                     {"withheld", plan.withheld.size()},
                     {"blocked", plan.blocked.size()},
                     {"changes", plan.differs()}};
  return root.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string render_plan_markdown(const Plan& plan, std::size_t limit) {
  std::string head =
      fmt::format("### topicform plan: `{}`\n\n**{}**\n\n", plan.environment, summary_line(plan));
  std::string callouts;
  for (const auto& b : plan.blocked) {
    callouts += fmt::format("- :no_entry: **blocked** `{}`: {} (`{}`{})\n", b.topic, b.message,
                            b.rule, b.at.file.empty() ? "" : ", " + where(b.at));
  }
  for (const auto& action : plan.actions) {
    if (!is_destructive(action)) continue;
    for (const auto& [symbol, text] : describe(action)) {
      callouts += fmt::format("- :warning: **destructive** {}\n", text);
    }
  }
  if (!callouts.empty()) head += callouts + "\n";
  std::string details = "<details><summary>Details</summary>\n\n```diff\n";
  for (const auto& action : plan.actions) {
    for (const auto& [symbol, text] : describe(action))
      details += fmt::format("{} {}\n", symbol, text);
  }
  for (const auto& d : plan.withheld) details += fmt::format("- {}\n", withheld_text(d));
  for (const auto& [symbol, text] : describe_access_changes(plan.access))
    details += fmt::format("{} {}\n", symbol, text);
  for (const auto& w : plan.warnings)
    details += fmt::format("! warning: {} [{}]\n", w.message, w.rule);
  for (const auto& name : plan.unmanaged) details += fmt::format("  unmanaged: {}\n", name);
  for (const auto& acl : unmanaged_acls(plan)) details += fmt::format("  unmanaged ACL: {}\n", acl);
  if (!plan.access_skipped.empty()) details += fmt::format("  note: {}\n", plan.access_skipped);
  details += "```\n\n</details>\n";
  std::string out = head + details;
  if (out.size() <= limit) return out;
  const std::string notice =
      "```\n\n**The plan is cut here to fit a comment; run `topicform plan` for all of it.**\n\n"
      "</details>\n";
  std::size_t keep = limit > head.size() + notice.size() + 64 ? limit - notice.size() : head.size();
  std::string cut = out.substr(0, keep);
  if (auto newline = cut.rfind('\n'); newline != std::string::npos && newline > head.size()) {
    cut.resize(newline + 1);
  }
  return cut + notice;
}

}  // namespace topicform
