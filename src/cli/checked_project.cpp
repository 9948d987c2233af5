// load -> select environment -> every offline rule, with diagnostics sorted for output.
#include "cli/checked_project.hpp"

#include <unistd.h>

#include <iostream>

#include "cli/terminal.hpp"
#include "render/diagnostics_render.hpp"

namespace topicform {

std::unique_ptr<CheckedProject> load_and_check(const std::vector<std::string>& paths,
                                               const std::string& environment,
                                               const std::string& settings_file) {
  auto checked = std::make_unique<CheckedProject>();
  checked->project = load_project(paths, settings_file);
  checked->diagnostics = std::move(checked->project.diagnostics);
  RuleSink sink(checked->project.settings, checked->diagnostics);
  checked->environment = select_environment(checked->project.settings, environment, sink);
  checked->topics =
      check_topics(checked->project.topics, checked->project.settings, checked->environment, sink);
  sort_diagnostics(checked->diagnostics);
  return checked;
}

bool usable_after_report(const CheckedProject& checked, const std::string& colour) {
  if (!checked.diagnostics.empty()) {
    ValidationSummary summary{checked.project.files.size(), checked.topics.size(),
                              checked.environment.name};
    std::cerr << render_text(checked.diagnostics, summary, use_colour(colour, STDERR_FILENO));
  }
  return !has_errors(checked.diagnostics);
}

}  // namespace topicform
