// Several environments in one run: one read of the manifests, then each environment on its own.
#include "cli/environment_fanout.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "cli/terminal.hpp"
#include "core/ground/parallel_for.hpp"
#include "core/plan/environment_runs.hpp"
#include "log/log.hpp"
#include "render/diagnostics_render.hpp"

namespace topicform {

void add_environments_option(boost::program_options::options_description& options,
                             std::vector<std::string>& into, const char* what) {
  options.add_options()(
      "env,e", boost::program_options::value(&into)->value_name("NAME")->composing(), what);
}

std::string single_environment(const std::vector<std::string>& given) {
  return given.empty() ? "" : given.front();
}

Result<std::vector<std::unique_ptr<CheckedProject>>> load_and_check_each(
    const std::vector<std::string>& paths, const std::vector<std::string>& given,
    const std::string& settings_file, const std::string& against) {
  Project project = load_project(paths, settings_file);
  auto names = chosen_environments(given, project.settings);
  if (!names) return names.error();
  std::vector<std::unique_ptr<CheckedProject>> checked(names->size());
  // Rules run on every CPU already; two environments at a time keep the copies few.
  parallel_for(names->size(), 2, [&](std::size_t i) {
    checked[i] = check_loaded(project, (*names)[i], paths, against);
  });
  return checked;
}

Result<bool> use_each_environments_cluster(ConnectionOptions& options) {
  if (!options.bootstrap.empty()) {
    return Error{
        "--bootstrap-server names one cluster: with several environments each one's "
        "bootstrapServers in the settings is used; give one --env to use the flag"};
  }
  if (const char* servers = std::getenv("KAFKA_BOOTSTRAP_SERVERS"); servers && *servers) {
    log_warn(
        "KAFKA_BOOTSTRAP_SERVERS is not used: with several environments each one's "
        "bootstrapServers in the settings is used");
  }
  options.settings_bootstrap_only = true;
  return true;
}

void for_each_environment(const std::vector<std::unique_ptr<CheckedProject>>& checked,
                          const std::function<void(std::size_t)>& work) {
  constexpr unsigned kAtOnce = 8;  // environments read at the same time
  auto threads = static_cast<unsigned>(std::min<std::size_t>(checked.size(), kAtOnce));
  parallel_for(checked.size(), threads, [&](std::size_t i) {
    ThreadLogField field("environment", checked[i]->environment.name);
    work(i);
  });
}

bool report_each(const std::vector<std::unique_ptr<CheckedProject>>& checked,
                 const std::string& colour) {
  std::vector<Diagnostic> all;
  std::vector<std::string> names;
  for (const auto& one : checked) {
    names.push_back(one->environment.name);
    all.insert(all.end(), one->diagnostics.begin(), one->diagnostics.end());
  }
  if (all.empty()) return true;
  sort_diagnostics(all);  // each once
  const CheckedProject& first = *checked.front();
  ValidationSummary summary{first.project.files.size(), first.topics.size(),
                            fmt::format("{}", fmt::join(names, ", "))};
  log_info(render_text(all, summary, !log_is_json() && use_colour(colour, STDERR_FILENO)));
  return !has_errors(all);
}

}  // namespace topicform
