// load -> select environment -> every offline rule, with diagnostics sorted for output.
#include "cli/checked_project.hpp"

#include <unistd.h>

#include <chrono>
#include <iostream>

#include <fmt/format.h>

#include "cli/terminal.hpp"
#include "core/contract/against.hpp"
#include "core/text/url_text.hpp"
#include "core/text/visible_text.hpp"
#include "log/log.hpp"
#include "manifest/git_history.hpp"
#include "render/diagnostics_render.hpp"

namespace topicform {

namespace {

// The schemas at `revision` of the manifests' repository, compared with the working tree's.
void compare_with_revision(CheckedProject& checked, const std::vector<std::string>& paths,
                           const std::string& revision, RuleSink& sink) {
  const Settings& settings = checked.project.settings;
  std::string anchor = !settings.at.file.empty() ? settings.at.file.str()
                       : paths.empty()           ? std::string(".")
                                                 : paths.front();
  auto earlier = read_at_revision(revision, anchor, history_requests(checked.topics, settings));
  if (!earlier) {
    sink.report("contract/against", Location{anchor, 0, 0},
                fmt::format("--against {}: {}", revision, earlier.error().message));
    return;
  }
  check_against(checked.topics, settings, revision, *earlier, sink);
}

// Where the run's settings came from, the environment chosen and what was read, at debug.
void log_loaded(const CheckedProject& checked, std::chrono::steady_clock::time_point started) {
  const Settings& settings = checked.project.settings;
  const Environment& env = checked.environment;
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                  started)
                .count();
  log_debug(fmt::format("settings: {}", settings.at.file.empty()
                                            ? std::string("none (defaults)")
                                            : visible(settings.at.file.str())));
  log_debug(fmt::format(
      "environment '{}': bootstrap servers {}, schema registry {}", visible(env.name),
      env.bootstrap_servers.empty() ? "not set" : visible(env.bootstrap_servers),
      env.schema_registry ? visible(url_for_messages(env.schema_registry->url)) : "none"));
  log_debug(fmt::format("phase load and check: {} file(s), {} topic(s), {} finding(s) in {} ms",
                        checked.project.files.size(), checked.topics.size(),
                        checked.diagnostics.size(), ms));
}

}  // namespace

std::unique_ptr<CheckedProject> check_loaded(Project project, const std::string& environment,
                                             const std::vector<std::string>& paths,
                                             const std::string& against) {
  auto checked = std::make_unique<CheckedProject>();
  checked->project = std::move(project);
  checked->diagnostics = std::move(checked->project.diagnostics);
  RuleSink sink(checked->project.settings, checked->diagnostics);
  checked->environment = select_environment(checked->project.settings, environment, sink);
  checked->topics =
      check_topics(checked->project.topics, checked->project.settings, checked->environment, sink);
  if (!against.empty()) compare_with_revision(*checked, paths, against, sink);
  sort_diagnostics(checked->diagnostics);
  return checked;
}

std::unique_ptr<CheckedProject> load_and_check(const std::vector<std::string>& paths,
                                               const std::string& environment,
                                               const std::string& settings_file,
                                               const std::string& against) {
  auto started = std::chrono::steady_clock::now();
  auto checked = check_loaded(load_project(paths, settings_file), environment, paths, against);
  set_log_field("environment", checked->environment.name);
  if (log_enabled(LogLevel::debug)) log_loaded(*checked, started);
  return checked;
}

bool usable_after_report(const CheckedProject& checked, const std::string& colour) {
  if (!checked.diagnostics.empty()) {
    ValidationSummary summary{checked.project.files.size(), checked.topics.size(),
                              checked.environment.name};
    log_info(render_text(checked.diagnostics, summary,
                         !log_is_json() && use_colour(colour, STDERR_FILENO)));
  }
  return !has_errors(checked.diagnostics);
}

void add_settings_option(boost::program_options::options_description& options, std::string& into) {
  options.add_options()("settings", boost::program_options::value(&into)->value_name("FILE"),
                        "the settings file (default: the one among the manifests, else the "
                        "nearest topicform.yaml in the folder of a path or above it)");
}

void add_against_option(boost::program_options::options_description& options, std::string& into) {
  options.add_options()(
      "against", boost::program_options::value(&into)->value_name("REF"),
      "also compare each local JSON Schema with its version at the Git revision REF (e.g. "
      "origin/main), under its topic's compatibility mode; read with git, no checkout");
}

void add_target_option(boost::program_options::options_description& options,
                       std::vector<std::string>& into) {
  options.add_options()(
      "target,t", boost::program_options::value(&into)->value_name("NAME")->composing(),
      "only the topics whose name matches NAME (repeatable; * and ? match any characters / one), "
      "each with its .dead topic; the whole project is still read, so nothing else is touched");
}

Result<Targets> checked_targets(const CheckedProject& checked,
                                const std::vector<std::string>& patterns) {
  Targets targets{patterns};
  auto unmatched = unmatched_targets(targets, checked.topics);
  if (unmatched.empty()) return targets;
  return Error{fmt::format(
      "--target '{}' matches no topic of the manifests{}", unmatched.front(),
      unmatched.size() > 1 ? fmt::format(" (nor do {} more targets)", unmatched.size() - 1) : "")};
}

Result<SelectedProject> load_selected(const std::vector<std::string>& paths,
                                      const std::string& environment, const std::string& settings,
                                      const std::vector<std::string>& patterns,
                                      const std::string& colour, const std::string& nothing_done) {
  auto checked = load_and_check(paths, environment, settings);
  if (!usable_after_report(*checked, colour))
    return Error{"the manifests have errors; " + nothing_done};
  auto targets = checked_targets(*checked, patterns);
  if (!targets) return Error{targets.error().message + "; " + nothing_done};
  // Without targets every topic is selected: moved, as a copy of each costs as much as reading it.
  auto topics =
      targets->all() ? std::move(checked->topics) : selected_topics(*targets, checked->topics);
  return SelectedProject{std::move(checked), std::move(topics)};
}

}  // namespace topicform
