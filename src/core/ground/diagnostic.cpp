// Severity names and the stable ordering of diagnostics.
#include "core/ground/diagnostic.hpp"

#include <algorithm>
#include <tuple>

namespace topicform {

std::string_view to_string(Severity severity) {
  switch (severity) {
    case Severity::info:
      return "info";
    case Severity::warning:
      return "warning";
    case Severity::error:
      return "error";
  }
  return "error";
}

std::optional<Severity> parse_severity(std::string_view text) {
  if (text == "info") return Severity::info;
  if (text == "warning") return Severity::warning;
  if (text == "error") return Severity::error;
  return std::nullopt;
}

bool diagnostic_order(const Diagnostic& a, const Diagnostic& b) {
  return std::tie(a.at.file, a.at.line, a.at.column, a.rule, a.message) <
         std::tie(b.at.file, b.at.line, b.at.column, b.rule, b.message);
}

bool holds(const std::vector<Diagnostic>& sorted, const Diagnostic& d) {
  auto [first, last] = std::equal_range(sorted.begin(), sorted.end(), d, diagnostic_order);
  return std::find(first, last, d) != last;
}

void sort_diagnostics(std::vector<Diagnostic>& diagnostics) {
  std::stable_sort(diagnostics.begin(), diagnostics.end(), diagnostic_order);
  diagnostics.erase(std::unique(diagnostics.begin(), diagnostics.end()), diagnostics.end());
}

bool has_errors(const std::vector<Diagnostic>& diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::error; });
}

}  // namespace topicform
