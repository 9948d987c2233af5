// Problems found in the user's files, with their severity, rule id and location.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/location.hpp"

namespace topicform {

enum class Severity { info, warning, error };

std::string_view to_string(Severity severity);
std::optional<Severity> parse_severity(std::string_view text);

struct Diagnostic {
  Severity severity = Severity::error;
  std::string rule;
  std::string message;
  Location at;

  friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

// Orders by file, line, column, then rule, so output is stable whatever order rules ran in.
void sort_diagnostics(std::vector<Diagnostic>& diagnostics);

bool has_errors(const std::vector<Diagnostic>& diagnostics);

}  // namespace topicform
