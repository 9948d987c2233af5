// Plan renderers; each visits every action kind with no catch-all, so a new kind fails to compile.
#include "render/plan_render.hpp"

#include <algorithm>
#include <functional>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/access/access_json.hpp"
#include "core/model/config_value_text.hpp"
#include "core/text/markdown_text.hpp"
#include "core/text/visible_text.hpp"
#include "render/diagnostics_render.hpp"

namespace topicform {
namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

// Text gathered and written to a stream in large pieces: through std::cout, a write per line
// locked and copied half a million times for a plan of a hundred thousand topics.
class Chunked {
 public:
  explicit Chunked(std::ostream& stream) : m_stream(stream) {}
  ~Chunked() { flush(); }
  Chunked(const Chunked&) = delete;
  Chunked& operator=(const Chunked&) = delete;

  Chunked& operator<<(std::string_view text) {
    m_text += text;
    if (m_text.size() >= kPiece) flush();
    return *this;
  }
  void flush() {
    m_stream.write(m_text.data(), static_cast<std::streamsize>(m_text.size()));
    m_text.clear();
  }

 private:
  static constexpr std::size_t kPiece = 1 << 16;
  std::ostream& m_stream;
  std::string m_text;
};

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
  std::string out;
  if (!plan.access.empty()) {
    out = fmt::format(", {} ACL binding{} to grant, {} to revoke", plan.access.creates.size(),
                      plan.access.creates.size() == 1 ? "" : "s", plan.access.deletes.size());
  }
  if (!plan.schemas.empty()) {
    out += fmt::format(", {} schema registry change{}", plan.schemas.size(),
                       plan.schemas.size() == 1 ? "" : "s");
  }
  return out;
}

// The ACLs on managed topics and groups that are not topicform's, one per line.
std::vector<std::string> unmanaged_acls(const Plan& plan) {
  std::vector<std::string> out;
  for (const auto& b : plan.access.unmanaged) out.push_back(describe_binding(b));
  out.insert(out.end(), plan.access.other.begin(), plan.access.other.end());
  return out;
}

// The keys whose change can mark an AlterConfig destructive.
bool destroys(const std::string& key) {
  return key == "retention.ms" || key == "retention.bytes" || key == "cleanup.policy";
}

std::string withheld_text(const DeleteTopic& d) {
  return fmt::format("{}: delete withheld: deletes are not allowed without --allow-delete", d.name);
}

// One line of a plan: the symbol and what happens; a detail line belongs to the line above it
// (a created topic's settings, one per line so none runs to 200 characters).
struct PlanLine {
  char symbol;
  std::string text;
  bool detail = false;
};

std::vector<PlanLine> describe_create(const CreateTopic& a) {
  std::vector<PlanLine> lines;
  lines.push_back(
      {'+', fmt::format("{}: create with {} partition{}, replication factor {}{}", a.name,
                        a.partitions, a.partitions == 1 ? "" : "s", a.replication_factor,
                        a.dead_letter_of.empty()
                            ? ""
                            : fmt::format(" (dead letters of '{}')", a.dead_letter_of))});
  for (const auto& [key, value] : a.configs) {
    lines.push_back({'+', fmt::format("{} = {}", key, readable_value(key, value)), true});
  }
  return lines;
}

bool is_destructive_change(const AlterConfig& a, const ConfigChange& change) {
  return a.destructive && destroys(change.key);
}

// "orders.created: retention.ms: 7d -> 3d (604800000 -> 259200000)".
std::string change_line(const AlterConfig& a, const ConfigChange& c) {
  return fmt::format("{}: {}", a.name, readable_change(c.key, c.before, c.after));
}

std::string delete_line(const DeleteTopic& d) {
  return fmt::format("{}: delete, destroying its messages", d.name);
}

// The lines of an action, in the order it writes.
std::vector<PlanLine> describe(const Action& action) {
  std::vector<PlanLine> lines;
  std::visit(
      Overloaded{
          [&](const CreateTopic& a) { lines = describe_create(a); },
          [&](const AddPartitions& a) {
            lines.push_back({'~', fmt::format("{}: partitions {} -> {}", a.name, a.from, a.to)});
          },
          [&](const AlterConfig& a) {
            for (const auto& c : a.changes) {
              lines.push_back(
                  {'~', change_line(a, c) + (is_destructive_change(a, c) ? " (destructive)" : "")});
            }
          },
          [&](const DeleteTopic& a) {
            lines.push_back({'-', delete_line(a)});
          }},
      action);
  return lines;
}

// What a reviewer must see before approving: deletes and the config changes that destroy data.
std::vector<std::string> destructive_lines(const Action& action) {
  std::vector<std::string> out;
  std::visit(Overloaded{[](const CreateTopic&) {}, [](const AddPartitions&) {},
                        [&](const AlterConfig& a) {
                          for (const auto& c : a.changes) {
                            if (!is_destructive_change(a, c)) continue;
                            out.push_back(change_line(a, c));
                          }
                        },
                        [&](const DeleteTopic& a) { out.push_back(delete_line(a)); }},
             action);
  return out;
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

const char* kind_name(SchemaChange::Kind kind) {
  switch (kind) {
    case SchemaChange::Kind::set_level:
      return "set-level";
    case SchemaChange::Kind::register_version:
      return "register";
    case SchemaChange::Kind::soft_delete:
      return "soft-delete";
  }
  return "";
}

// A version 0 is one the same apply registers first: null until then.
nlohmann::ordered_json references_json(const std::vector<SubjectReference>& references) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& r : references) {
    out.push_back({{"name", r.name},
                   {"subject", r.subject},
                   {"version", r.version == 0 ? nlohmann::ordered_json()
                                              : nlohmann::ordered_json(r.version)}});
  }
  return out;
}

nlohmann::ordered_json schemas_json(const Plan& plan) {
  nlohmann::ordered_json changes = nlohmann::ordered_json::array();
  for (const auto& c : plan.schemas) {
    changes.push_back({{"kind", kind_name(c.kind)},
                       {"topic", c.topic},
                       {"subject", c.subject},
                       {"type", c.type},
                       {"level", c.level},
                       {"levelBefore", c.level_before},
                       {"latestBefore", c.latest_before},
                       {"schema", c.schema},
                       {"references", references_json(c.references)},
                       {"referencedAs", c.referenced_as},
                       {"file", c.at.file.str()},
                       {"line", c.at.line},
                       {"column", c.at.column}});
  }
  return {{"changes", changes}, {"skipped", plan.schemas_skipped}};
}

}  // namespace

std::string plan_markdown_hazards(const Plan& plan) {
  std::string out;
  for (const auto& b : plan.blocked) {
    out += fmt::format("- :no_entry: **blocked** `{}`: {} (`{}`{})\n", b.topic,
                       markdown_text(b.message), b.rule,
                       b.at.file.empty() ? "" : ", `" + where(b.at) + "`");
  }
  for (const auto& action : plan.actions) {
    for (const auto& text : destructive_lines(action)) {
      out += fmt::format("- :warning: **destructive** {}\n", markdown_text(text));
    }
  }
  return out;
}

namespace {

// Outside the folded details, so a reviewer sees them without opening it: what is blocked, what
// destroys data, and every warning (a drift reset among them).
std::string markdown_callouts(const Plan& plan) {
  std::string out = plan_markdown_hazards(plan);
  for (const auto& w : plan.warnings) {
    out += fmt::format("- :warning: {} (`{}`{})\n", markdown_text(w.message), w.rule,
                       w.at.file.empty() ? "" : ", `" + where(w.at) + "`");
  }
  return out;
}

// The diff block's lines. GitHub colours `+` green, `-` red and `!` orange, so an update is
// written with `!` (a `~` line would stay grey). The actions stop once the block is longer than
// `limit`: the comment is cut there anyway, and a plan of a hundred thousand creates would
// otherwise be written out in full only to be cut.
std::string markdown_diff(const Plan& plan, std::size_t limit) {
  std::string out;
  auto line = [&](char symbol, const std::string& text) {
    out += fmt::format("{} {}\n", symbol == '~' ? '!' : symbol, text);
  };
  for (const auto& action : plan.actions) {
    if (out.size() > limit) break;
    for (const auto& l : describe(action)) line(l.symbol, l.detail ? "    " + l.text : l.text);
  }
  for (const auto& d : plan.withheld) line('-', withheld_text(d));
  for (const auto& [symbol, text] : describe_access_changes(plan.access)) line(symbol, text);
  for (const auto& [symbol, text] : schema_change_lines(plan.schemas)) line(symbol, text);
  for (const auto& name : plan.unmanaged) out += fmt::format("  unmanaged: {}\n", name);
  for (const auto& acl : unmanaged_acls(plan)) out += fmt::format("  unmanaged ACL: {}\n", acl);
  if (!plan.access_skipped.empty()) out += fmt::format("  note: {}\n", plan.access_skipped);
  if (!plan.schemas_skipped.empty()) out += fmt::format("  note: {}\n", plan.schemas_skipped);
  return out;
}

}  // namespace

std::string plan_summary_line(const Plan& plan) {
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

// ", only topics matching 'a.*', 'b'" for a narrowed plan.
std::string targets_text(const Plan& plan) {
  if (plan.targets.empty()) return "";
  std::vector<std::string> quoted;
  for (const auto& t : plan.targets) quoted.push_back("'" + t + "'");
  return fmt::format(", only topics matching {}", fmt::join(quoted, ", "));
}

namespace {

// A shared cluster can hold thousands: name a few, count the rest (JSON lists them all).
std::string unmanaged_topics_line(const Plan& plan) {
  if (plan.unmanaged.empty()) return "";
  constexpr std::size_t kShown = 10;
  std::vector<std::string> shown(
      plan.unmanaged.begin(),
      plan.unmanaged.begin() + static_cast<long>(std::min(kShown, plan.unmanaged.size())));
  std::string more = plan.unmanaged.size() > kShown
                         ? fmt::format(" and {} more", plan.unmanaged.size() - kShown)
                         : "";
  return fmt::format("{} unmanaged topic{} on the cluster (listed, never touched): {}{}\n",
                     plan.unmanaged.size(), plan.unmanaged.size() == 1 ? "" : "s",
                     visible(fmt::format("{}", fmt::join(shown, ", "))), more);
}

}  // namespace

namespace {

// The warnings, what is listed and never touched, why parts were not looked at, and the summary.
void write_plan_notes(Chunked& out, const Plan& plan) {
  for (const auto& w : plan.warnings) {
    std::string at = where(w.at);
    out << fmt::format("{}{}warning: {} [{}]\n", at, at.empty() ? "" : ": ", visible(w.message),
                       w.rule);
  }
  out << unmanaged_topics_line(plan);
  for (const auto& acl : unmanaged_acls(plan)) {
    out << fmt::format("unmanaged ACL (listed, never touched): {}\n", visible(acl));
  }
  if (!plan.access_skipped.empty()) out << fmt::format("note: {}\n", plan.access_skipped);
  if (!plan.schemas_skipped.empty()) out << fmt::format("note: {}\n", plan.schemas_skipped);
  out << plan_summary_line(plan) << "\n";
}

}  // namespace

void write_plan_text(std::ostream& stream, const Plan& plan, bool colour) {
  Chunked out(stream);
  out << fmt::format("topicform plan for environment '{}' (cluster {}){}\n\n",
                     visible(plan.environment), visible(plan.cluster_id),
                     visible(targets_text(plan)));
  const char* reset = colour ? "\x1b[0m" : "";
  auto line = [&](char symbol, const std::string& text) {
    out << fmt::format("  {}{}{} {}\n", colour ? colour_of(symbol) : "", symbol, reset,
                       visible(text));
  };
  for (const auto& action : plan.actions) {
    for (const auto& l : describe(action)) {
      if (l.detail) {
        out << fmt::format("      {}\n", visible(l.text));
      } else {
        line(l.symbol, l.text);
      }
    }
  }
  for (const auto& d : plan.withheld) line('-', withheld_text(d));
  for (const auto& [symbol, text] : describe_access_changes(plan.access)) line(symbol, text);
  for (const auto& [symbol, text] : schema_change_lines(plan.schemas)) line(symbol, text);
  for (const auto& b : plan.blocked) {
    line('!', fmt::format("{}{}blocked: {} [{}]", b.topic, b.topic.empty() ? "" : ": ", b.message,
                          b.rule));
  }
  if (plan.differs() || !plan.blocked.empty()) out << "\n";
  write_plan_notes(out, plan);
}

std::string render_plan_text(const Plan& plan, bool colour) {
  std::ostringstream out;
  write_plan_text(out, plan, colour);
  return std::move(out).str();
}

namespace {

// An action's notes: one per line it writes, its detail lines joined to the line above.
std::vector<Diagnostic> action_annotations(const Action& action) {
  std::vector<Diagnostic> notes;
  Location at = action_location(action);
  for (const auto& l : describe(action)) {
    if (l.detail) {
      notes.back().message += "\n  " + l.text;
    } else {
      notes.push_back({Severity::info, "plan", fmt::format("{} {}", l.symbol, l.text), at});
    }
  }
  return notes;
}

// Every annotation of the plan, in order, to `emit`: a plan's actions are never all held as
// annotations at once.
void for_each_annotation(const Plan& plan, const std::function<void(const Diagnostic&)>& emit) {
  for (const auto& action : plan.actions) {
    for (const auto& note : action_annotations(action)) emit(note);
  }
  for (const auto& d : plan.withheld) {
    emit({Severity::info, "delete/explicit", "- " + withheld_text(d), d.at});
  }
  for (const auto& b : plan.access.creates) {
    auto at = plan.access.created_at.find(b);
    emit({Severity::info, "plan", "+ grant " + describe_binding(b),
          at == plan.access.created_at.end() ? Location{} : at->second});
  }
  for (const auto& b : plan.access.deletes) {
    emit({Severity::info, "plan", "- revoke " + describe_binding(b), {}});
  }
  auto schema_lines = schema_change_lines(plan.schemas);
  for (std::size_t i = 0; i < schema_lines.size(); ++i) {
    emit({Severity::info, "plan",
          fmt::format("{} {}", schema_lines[i].first, schema_lines[i].second), plan.schemas[i].at});
  }
  for (const auto& b : plan.blocked) {
    emit({Severity::error, b.rule,
          fmt::format("{}{}blocked: {}", b.topic, b.topic.empty() ? "" : ": ", b.message), b.at});
  }
  for (const auto& w : plan.warnings) emit(w);
}

}  // namespace

std::vector<Diagnostic> plan_annotations(const Plan& plan) {
  std::vector<Diagnostic> notes;
  for_each_annotation(plan, [&](const Diagnostic& note) { notes.push_back(note); });
  return notes;
}

void write_plan_github(std::ostream& stream, const Plan& plan) {
  Chunked out(stream);
  for_each_annotation(plan, [&](const Diagnostic& note) { out << github_annotation(note); });
  out << "topicform plan: " << plan_summary_line(plan) << "\n";
}

std::string render_plan_github(const Plan& plan) {
  std::ostringstream out;
  write_plan_github(out, plan);
  return std::move(out).str();
}

namespace {

std::string dump_json(const nlohmann::ordered_json& value) {
  return value.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

// `root` (a plan's JSON, dumped with an empty "actions" array) with `actions` in that array, as
// the dump of the whole would have them: each action is made, dumped and written on its own, so a
// plan of a hundred thousand creates is never held as JSON values (that tree took more memory
// than the plan itself) nor as one string.
void write_with_actions(std::ostream& stream, const std::string& root,
                        const std::vector<Action>& actions) {
  Chunked out(stream);
  static const std::string kEmpty = "\n  \"actions\": [],";
  std::size_t at = root.find(kEmpty);
  if (actions.empty() || at == std::string::npos) {
    out << root << "\n";
    return;
  }
  out << std::string_view(root).substr(0, at);
  out << "\n  \"actions\": [";
  std::string indented;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    std::string one = dump_json(action_json(actions[i]));
    indented.assign(i == 0 ? "\n    " : ",\n    ");
    for (std::size_t from = 0, newline = 0; from < one.size(); from = newline + 1) {
      newline = std::min(one.find('\n', from), one.size());
      indented.append(one, from, newline - from);
      if (newline < one.size()) indented += "\n    ";  // one level deeper than its own dump
    }
    out << indented;
  }
  out << "\n  ],";
  out << std::string_view(root).substr(at + kEmpty.size());
  out << "\n";
}

}  // namespace

void write_plan_json(std::ostream& out, const Plan& plan) {
  nlohmann::ordered_json root;
  root["version"] = 1;
  root["environment"] = plan.environment;
  root["clusterId"] = plan.cluster_id;
  root["targets"] = plan.targets;
  root["actions"] = nlohmann::ordered_json::array();  // written in place below, one at a time
  nlohmann::ordered_json blocked = nlohmann::ordered_json::array();
  for (const auto& b : plan.blocked) {
    blocked.push_back({{"topic", b.topic},
                       {"rule", b.rule},
                       {"message", b.message},
                       {"file", b.at.file.str()},
                       {"line", b.at.line},
                       {"column", b.at.column}});
  }
  root["blocked"] = blocked;
  nlohmann::ordered_json warnings = nlohmann::ordered_json::array();
  for (const auto& w : plan.warnings) {
    warnings.push_back({{"rule", w.rule},
                        {"message", w.message},
                        {"file", w.at.file.str()},
                        {"line", w.at.line},
                        {"column", w.at.column}});
  }
  root["warnings"] = warnings;
  root["unmanaged"] = plan.unmanaged;
  nlohmann::ordered_json withheld = nlohmann::ordered_json::array();
  for (const auto& d : plan.withheld) withheld.push_back(d.name);
  root["withheld"] = withheld;
  root["access"] = access_json(plan);
  root["schemas"] = schemas_json(plan);
  Counts c = count(plan);
  root["summary"] = {{"create", c.create},
                     {"update", c.update},
                     {"delete", c.remove},
                     {"withheld", plan.withheld.size()},
                     {"blocked", plan.blocked.size()},
                     {"changes", plan.differs()}};
  write_with_actions(out, dump_json(root), plan.actions);
}

std::string render_plan_json(const Plan& plan) {
  std::ostringstream out;
  write_plan_json(out, plan);
  return std::move(out).str();
}

// `text` cut to at most `size` characters, after its last whole line.
std::string cut_at_line(const std::string& text, std::size_t size) {
  std::string cut = text.substr(0, size);
  if (auto newline = cut.rfind('\n'); newline != std::string::npos) cut.resize(newline + 1);
  return cut;
}

std::string render_plan_markdown(const Plan& plan, std::size_t limit) {
  std::string head = fmt::format(
      "### topicform plan: {}{}\n\n**{}**\n\n", markdown_code(visible(plan.environment)),
      markdown_text(visible(targets_text(plan))), plan_summary_line(plan));
  std::string callouts = markdown_callouts(plan);
  if (!callouts.empty()) head += callouts + "\n";
  std::string diff = markdown_diff(plan, limit);
  std::string details = diff.empty() ? ""
                                     : "<details><summary>Details</summary>\n\n```diff\n" + diff +
                                           "```\n\n</details>\n";
  if (head.size() + details.size() <= limit) return head + details;
  const std::string cut_notice =
      "**The plan is cut here to fit a comment; run `topicform plan` for all of it.**\n";
  const std::string in_details = "```\n\n" + cut_notice + "\n</details>\n";
  if (head.size() + in_details.size() + 64 < limit) {
    return cut_at_line(head + details, limit - in_details.size()) + in_details;
  }
  return cut_at_line(head, limit > cut_notice.size() + 1 ? limit - cut_notice.size() - 1 : 0) +
         "\n" + cut_notice;
}

std::string render_plan_failure_markdown(const std::string& environment, const std::string& reason,
                                         const std::vector<Diagnostic>& diagnostics) {
  std::string out =
      fmt::format("### topicform plan: {}: failed\n\n**{}.**\n",
                  markdown_code(visible(environment)), markdown_text(visible(reason)));
  return out + render_markdown_table(diagnostics);
}

}  // namespace topicform
