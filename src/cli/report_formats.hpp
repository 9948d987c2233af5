// Each report kind's --format choices as one table: a format's name, how the report is written to
// stdout, and the Markdown a CI job summary gets beside it (GitHub's format).
#pragma once

#include <unistd.h>

#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "cli/job_summary.hpp"
#include "cli/terminal.hpp"

namespace topicform {

template <class Report>
struct ReportFormat {
  std::string name;
  std::function<void(std::ostream& out, const Report& report, bool colour)> write;
  std::function<std::string(const Report& report)> job_summary;  // empty: none
};

// The first row is the default format.
template <class Report>
using ReportFormats = std::vector<ReportFormat<Report>>;

// What --format accepts, the default first.
template <class Report>
std::vector<std::string> format_names(const ReportFormats<Report>& formats) {
  std::vector<std::string> names;
  for (const auto& format : formats) names.push_back(format.name);
  return names;
}

// Writes `report` to stdout in `format` (parsing let only the table's names through), coloured
// as --color `colour` says for stdout, and appends its job summary when the format has one.
template <class Report>
void write_report(const ReportFormats<Report>& formats, const std::string& format,
                  const Report& report, const std::string& colour) {
  const ReportFormat<Report>* chosen = &formats.front();
  for (const auto& row : formats)
    if (row.name == format) chosen = &row;
  chosen->write(std::cout, report, use_colour(colour, STDOUT_FILENO));
  std::cout.flush();
  if (chosen->job_summary) append_job_summary(chosen->job_summary(report));
}

}  // namespace topicform
