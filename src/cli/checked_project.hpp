// Loading and checking manifests, shared by every command that starts from them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "core/ground/result.hpp"
#include "core/plan/targets.hpp"
#include "core/rules/check.hpp"
#include "manifest/project_loader.hpp"

namespace topicform {

struct CheckedProject {
  Project project;  // owns the specs that `topics` point into
  Environment environment;
  std::vector<EffectiveTopic> topics;
  std::vector<Diagnostic> diagnostics;  // sorted
};

// Never returns null; the pointer keeps `topics` valid when the result is moved.
// `settings_file`: --settings, empty for the settings found (project_loader.hpp); `against`: a
// Git revision whose schemas each local schema is compared with (--against), or "".
std::unique_ptr<CheckedProject> load_and_check(const std::vector<std::string>& paths,
                                               const std::string& environment,
                                               const std::string& settings_file = "",
                                               const std::string& against = "");

// A project already read, checked for `environment` as load_and_check does.
std::unique_ptr<CheckedProject> check_loaded(Project project, const std::string& environment,
                                             const std::vector<std::string>& paths,
                                             const std::string& against = "");

// For commands that go on to use the manifests: prints their diagnostics on stderr (colour as
// --color says) and returns whether they are usable, i.e. none is an error.
bool usable_after_report(const CheckedProject& checked, const std::string& colour);

// Hands a command's large state (a checked project, a plan) to the process's exit, which frees it
// all at once: freeing a hundred thousand topics value by value took a twentieth of plan's time,
// as compilers find of their syntax trees. For commands that finish and exit, never for a loop.
// The state stays reachable, so leak checkers do not count it.
template <class T>
void free_at_exit(T state) {
  static auto* kept = new std::vector<std::unique_ptr<T>>();
  kept->push_back(std::make_unique<T>(std::move(state)));
}

// --settings FILE, for every command that reads manifests.
void add_settings_option(boost::program_options::options_description& options, std::string& into);

// --against REF, for validate and plan.
void add_against_option(boost::program_options::options_description& options, std::string& into);

// --target NAME, repeatable, for the commands that can narrow a run to topics by name.
void add_target_option(boost::program_options::options_description& options,
                       std::vector<std::string>& into);

// The targets of a run over `checked`; an error names a pattern that selects no topic of the
// project (a typo would otherwise plan nothing and report no changes).
Result<Targets> checked_targets(const CheckedProject& checked,
                                const std::vector<std::string>& patterns);

// The project of a command that renders the topics the targets select (docs, export).
struct SelectedProject {
  std::unique_ptr<CheckedProject> checked;  // its `topics` are moved out when all are selected
  std::vector<EffectiveTopic> topics;       // of the project's topics, those the targets select
};

// Loads and checks the project, reports its diagnostics (usable_after_report) and selects the
// targets' topics; an error when the manifests have errors or a target selects no topic, ending
// in `; <nothing_done>` ("nothing was exported").
Result<SelectedProject> load_selected(const std::vector<std::string>& paths,
                                      const std::string& environment, const std::string& settings,
                                      const std::vector<std::string>& patterns,
                                      const std::string& colour, const std::string& nothing_done);

}  // namespace topicform
