// Compatibility modes and the breaks a new schema version makes under one, in words.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/contract/schema_diff.hpp"

namespace topicform {

enum class CompatibilityMode {
  backward,
  backward_transitive,
  forward,
  forward_transitive,
  full,
  full_transitive,
  none
};

// "BACKWARD", "FULL_TRANSITIVE", ... (the registry's names); nullopt for anything else.
std::optional<CompatibilityMode> parse_compatibility(std::string_view text);
std::string compatibility_name(CompatibilityMode mode);
bool is_transitive(CompatibilityMode mode);

// backward: a consumer on the new schema reads messages written with an earlier one;
// forward: a consumer on an earlier schema reads messages written with the new one.
enum class Direction { backward, forward };

// Whether `mode` asks for `direction`: BACKWARD and FORWARD one each, FULL both, NONE neither.
bool mode_checks(CompatibilityMode mode, Direction direction);

// The index of the first of `versions` earlier versions (oldest first) that `mode` compares with:
// every one in a transitive mode, else the latest.
std::size_t first_compared(CompatibilityMode mode, std::size_t versions);

// Who cannot read what when a BACKWARD (`backward`) or FORWARD check fails, in the words every
// format's breaks use.
const char* who_cannot_read(bool backward);

// One incompatible difference, told in the user's terms (what changed from the earlier version
// to the new one), with what would make it compatible.
struct SchemaBreak {
  SchemaDifference difference;
  Direction direction;
  std::string new_at;  // JSON pointer into the new schema, for the diagnostic's line
  std::string message;
  std::string hint;
};

// The breaks of `next` against `earlier` (oldest first) under `mode`: the latest alone, or every
// one for a transitive mode. Each difference is told once, even when several versions show it.
std::vector<SchemaBreak> schema_breaks(const std::vector<const nlohmann::json*>& earlier,
                                       const nlohmann::json& next, CompatibilityMode mode);

// The words for one incompatible difference found in `direction`.
SchemaBreak describe_break(const SchemaDifference& difference, Direction direction);

}  // namespace topicform
