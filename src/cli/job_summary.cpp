// Outside GitHub Actions the variable is unset and nothing happens.
#include "cli/job_summary.hpp"

#include <cstdlib>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "log/log.hpp"

namespace topicform {

void append_job_summary(const std::string& markdown) {
  const char* path = std::getenv("GITHUB_STEP_SUMMARY");
  if (!path || !*path) return;
  std::ofstream out(path, std::ios::app);
  out << markdown << "\n";
  if (!out) log_warn(fmt::format("cannot write the job summary '{}'", path));
}

}  // namespace topicform
