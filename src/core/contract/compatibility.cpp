// Modes by the registry's names, and the versions each one compares a new schema with.
#include "core/contract/compatibility.hpp"

#include <array>
#include <set>
#include <utility>

namespace topicform {
namespace {

constexpr std::array<std::pair<CompatibilityMode, std::string_view>, 7> kModes{{
    {CompatibilityMode::backward, "BACKWARD"},
    {CompatibilityMode::backward_transitive, "BACKWARD_TRANSITIVE"},
    {CompatibilityMode::forward, "FORWARD"},
    {CompatibilityMode::forward_transitive, "FORWARD_TRANSITIVE"},
    {CompatibilityMode::full, "FULL"},
    {CompatibilityMode::full_transitive, "FULL_TRANSITIVE"},
    {CompatibilityMode::none, "NONE"},
}};

}  // namespace

bool mode_checks(CompatibilityMode mode, Direction direction) {
  switch (mode) {
    case CompatibilityMode::backward:
    case CompatibilityMode::backward_transitive:
      return direction == Direction::backward;
    case CompatibilityMode::forward:
    case CompatibilityMode::forward_transitive:
      return direction == Direction::forward;
    case CompatibilityMode::full:
    case CompatibilityMode::full_transitive:
      return true;
    case CompatibilityMode::none:
      return false;
  }
  return false;
}

std::optional<CompatibilityMode> parse_compatibility(std::string_view text) {
  for (const auto& [mode, name] : kModes)
    if (name == text) return mode;
  return std::nullopt;
}

std::string compatibility_name(CompatibilityMode mode) {
  for (const auto& [each, name] : kModes)
    if (each == mode) return std::string(name);
  return "NONE";
}

bool is_transitive(CompatibilityMode mode) {
  return mode == CompatibilityMode::backward_transitive ||
         mode == CompatibilityMode::forward_transitive ||
         mode == CompatibilityMode::full_transitive;
}

std::size_t first_compared(CompatibilityMode mode, std::size_t versions) {
  return is_transitive(mode) || versions == 0 ? 0 : versions - 1;
}

const char* who_cannot_read(bool backward) {
  return backward ? "the new schema cannot read what the earlier one wrote"
                  : "readers of the earlier schema cannot read what the new one writes";
}

std::vector<SchemaBreak> schema_breaks(const std::vector<const nlohmann::json*>& earlier,
                                       const nlohmann::json& next, CompatibilityMode mode) {
  std::vector<SchemaBreak> out;
  if (earlier.empty() || mode == CompatibilityMode::none) return out;
  std::size_t first = first_compared(mode, earlier.size());
  std::set<std::pair<std::string, std::string>> told;
  for (std::size_t i = earlier.size(); i-- > first;) {  // the latest first
    for (Direction direction : {Direction::backward, Direction::forward}) {
      if (!mode_checks(mode, direction)) continue;
      auto differences = direction == Direction::backward ? diff_schemas(*earlier[i], next)
                                                          : diff_schemas(next, *earlier[i]);
      for (const auto& difference : differences) {
        if (is_compatible(difference.kind)) continue;
        SchemaBreak told_break = describe_break(difference, direction);
        if (!told.insert({told_break.new_at, told_break.message}).second) continue;
        out.push_back(std::move(told_break));
      }
    }
  }
  return out;
}

}  // namespace topicform
