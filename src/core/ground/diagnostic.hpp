// Problems found in the user's files, with their severity, rule id and location.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ground/location.hpp"

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

// The order of output: by file, line, column, rule, then message.
bool diagnostic_order(const Diagnostic& a, const Diagnostic& b);

// Orders by diagnostic_order, so output is stable whatever order rules ran in, and drops repeats.
void sort_diagnostics(std::vector<Diagnostic>& diagnostics);

// Whether `sorted` (as sort_diagnostics leaves it) holds `d`, found by binary search.
bool holds(const std::vector<Diagnostic>& sorted, const Diagnostic& d);

bool has_errors(const std::vector<Diagnostic>& diagnostics);

}  // namespace topicform
