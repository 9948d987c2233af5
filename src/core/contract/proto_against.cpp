// A FORWARD check compares the other way round, so a break's place in the new file is then its
// place in the "original" of the comparison.
#include "core/contract/proto_against.hpp"

#include <set>
#include <tuple>

#include <fmt/format.h>

namespace topicform {
namespace {

struct DirectedBreak {
  ProtoChange change;
  bool backward = true;
  Location at;  // in the new file
};

std::vector<DirectedBreak> directed_breaks(const ProtoDocument& now, const ProtoDocument& earlier,
                                           CompatibilityMode mode, ProtoRules rules) {
  std::vector<DirectedBreak> out;
  for (Direction direction : {Direction::backward, Direction::forward}) {
    if (!mode_checks(mode, direction)) continue;
    bool backward = direction == Direction::backward;
    auto changes =
        backward ? proto_changes(earlier, now, rules) : proto_changes(now, earlier, rules);
    for (auto& change : changes) {
      if (!change.breaking) continue;
      Location at = backward ? change.update_at : change.original_at;
      out.push_back({std::move(change), backward, at});
    }
  }
  return out;
}

// An RPC is called, not read: its words say who calls what the other version lacks.
const char* who_cannot_call(bool backward) {
  return backward ? "callers of the earlier schema find that RPC gone or changed in the new one"
                  : "callers of the new schema find that RPC gone or changed in the earlier one";
}

std::string in_words(const DirectedBreak& found) {
  const ProtoChange& c = found.change;
  bool rpc = c.kind.rfind("RPC_", 0) == 0;
  return fmt::format("{} at {}{}: {}", c.kind, c.path,
                     c.detail.empty() ? "" : " (" + c.detail + ")",
                     rpc ? who_cannot_call(found.backward) : who_cannot_read(found.backward));
}

// Fields that read as before (number, name, type) but whose comment says something else.
void report_meaning(const std::string& topic, const ProtoDocument& before, const ProtoDocument& now,
                    const std::string& revision, FindingSink& sink) {
  for (const auto& message : now.messages) {
    const ProtoMessage* was = before.message(message.full_name);
    if (was == nullptr) continue;
    for (const auto& field : message.fields) {
      auto old = std::find_if(was->fields.begin(), was->fields.end(),
                              [&](const ProtoField& f) { return f.number == field.number; });
      if (old == was->fields.end() || old->name != field.name || old->type != field.type ||
          old->type_name != field.type_name || old->comment == field.comment ||
          old->comment.empty() || field.comment.empty())
        continue;
      sink.report("contract/meaning-changed", field.at,
                  fmt::format("'{}' of '{}' keeps its number, name and type but its comment "
                              "changed since {}, from {} to {}: if its meaning or unit changed, "
                              "consumers misread every new message; add a field with a new name "
                              "and number instead",
                              field.name, topic, revision, nlohmann::json(old->comment).dump(),
                              nlohmann::json(field.comment).dump()));
    }
  }
}

}  // namespace

ProtoRules proto_rules_of(const OwnerCard& owner, const Settings& settings) {
  const std::string& name = owner.schema_protobuf_rules.present ? owner.schema_protobuf_rules.value
                                                                : settings.contract.protobuf_rules;
  return parse_proto_rules(name).value_or(ProtoRules::confluent);
}

void judge_proto(const std::string& topic, const ProtoDocument& now,
                 const std::vector<ProtoDocument>& versions, CompatibilityMode mode,
                 ProtoRules rules, const std::string& revision, FindingSink& sink) {
  if (versions.empty()) return;
  std::set<std::tuple<std::string, std::string, bool>> told;  // once across versions
  for (std::size_t i = versions.size(); i-- > first_compared(mode, versions.size());) {
    for (const auto& found : directed_breaks(now, versions[i], mode, rules)) {
      if (!told.insert({found.change.kind, found.change.path, found.backward}).second) continue;
      sink.report("contract/compatibility", found.at,
                  fmt::format("'{}' is not {} compatible with {} by {} Protobuf rules: {}; to "
                              "keep it compatible, {}",
                              topic, compatibility_name(mode), revision, proto_rules_name(rules),
                              in_words(found), proto_fix_for(found.change.kind)));
    }
  }
  report_meaning(topic, versions.back(), now, revision, sink);
}

std::vector<std::string> proto_breaks_in_words(const ProtoDocument& now,
                                               const ProtoDocument& earlier, CompatibilityMode mode,
                                               ProtoRules rules) {
  std::vector<std::string> out;
  for (const auto& found : directed_breaks(now, earlier, mode, rules))
    out.push_back(in_words(found));
  return out;
}

}  // namespace topicform
