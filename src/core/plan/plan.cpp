// Plain-text forms of plan entries: what a saved plan and a fresh one are compared by.
#include "core/plan/plan.hpp"

#include <fmt/format.h>

#include "core/ground/fnv1a.hpp"

namespace topicform {
namespace {

std::string join_configs(const ConfigMap& configs) {
  std::string out;
  for (const auto& [key, value] : configs) {
    out += fmt::format("{}{}={}", out.empty() ? "" : ",", key, value);
  }
  return out;
}

struct Describe {
  std::string operator()(const CreateTopic& a) const {
    return fmt::format("create {} partitions={} replicationFactor={} configs={{{}}}", a.name,
                       a.partitions, a.replication_factor, join_configs(a.configs));
  }
  std::string operator()(const AddPartitions& a) const {
    return fmt::format("add-partitions {} {} -> {}", a.name, a.from, a.to);
  }
  std::string operator()(const AlterConfig& a) const {
    return fmt::format("alter-config {} configs={{{}}}{}", a.name, join_configs(a.desired),
                       a.destructive ? " (destructive)" : "");
  }
  std::string operator()(const DeleteTopic& a) const { return "delete " + a.name; }
};

}  // namespace

const std::string& action_topic(const Action& action) {
  return std::visit([](const auto& a) -> const std::string& { return a.name; }, action);
}

const Location& action_location(const Action& action) {
  return std::visit([](const auto& a) -> const Location& { return a.at; }, action);
}

std::string describe_action(const Action& action) { return std::visit(Describe{}, action); }

std::string describe_blocked(const BlockedChange& blocked) {
  return fmt::format("blocked {} [{}] {}", blocked.topic.empty() ? "(cluster)" : blocked.topic,
                     blocked.rule, blocked.message);
}

std::string describe_schema_change(const SchemaChange& change) {
  switch (change.kind) {
    case SchemaChange::Kind::set_level:
      return fmt::format("set-level {} {} (was {})", change.subject, change.level,
                         change.level_before.empty() ? "unset" : change.level_before);
    case SchemaChange::Kind::register_version: {
      // The digest tells which text, and is no secret.
      std::string line = fmt::format("register {} after version {} {} #{:016x}", change.subject,
                                     change.latest_before, change.type, fnv1a(change.schema));
      for (const auto& r : change.references) {
        line += fmt::format(" {}={}@{}", r.name, r.subject,
                            r.version == 0 ? std::string("new") : std::to_string(r.version));
      }
      return line;
    }
    case SchemaChange::Kind::soft_delete:
      return fmt::format("soft-delete {} (latest version {})", change.subject,
                         change.latest_before);
  }
  return "";
}

std::vector<std::pair<char, std::string>> schema_change_lines(
    const std::vector<SchemaChange>& changes) {
  std::vector<std::pair<char, std::string>> out;
  for (const auto& c : changes) {
    switch (c.kind) {
      case SchemaChange::Kind::set_level:
        out.emplace_back('~',
                         fmt::format("schema subject {}: compatibility {} -> {}", c.subject,
                                     c.level_before.empty() ? "unset" : c.level_before, c.level));
        break;
      case SchemaChange::Kind::register_version:
        if (!c.referenced_as.empty()) {
          out.emplace_back(
              '+', fmt::format("schema subject {}: register {} (referenced by {}'s {} "
                               "schema) as version {}",
                               c.subject, c.referenced_as, c.topic, c.type, c.latest_before + 1));
          break;
        }
        out.emplace_back('+', fmt::format("schema subject {}: register {}'s {} schema as version "
                                          "{}",
                                          c.subject, c.topic, c.type, c.latest_before + 1));
        break;
      case SchemaChange::Kind::soft_delete:
        out.emplace_back('-', fmt::format("schema subject {}: soft-delete (its {} versions stay "
                                          "readable by id; never hard-deleted)",
                                          c.subject, c.latest_before));
        break;
    }
  }
  return out;
}

}  // namespace topicform
