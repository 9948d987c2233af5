// `plan` over several environments: each planned on its own (concurrently), one report of all.
#include <unistd.h>

#include <iostream>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/environment_fanout.hpp"
#include "cli/job_summary.hpp"
#include "cli/plan_io.hpp"
#include "cli/plan_making.hpp"
#include "cli/report_formats.hpp"
#include "cli/terminal.hpp"
#include "log/log.hpp"
#include "render/environment_plans_render.hpp"
#include "render/plan_file.hpp"

namespace topicform {
namespace {

// One environment's part; `planned` is kept for --out. Never throws: what fails is the part's.
EnvironmentPlan plan_one(const CheckedProject& checked, const PlanOptions& options,
                         std::optional<Planned>& planned) {
  EnvironmentPlan part{checked.environment.name, std::nullopt, "", {}};
  auto failed = [&part](std::string why) {
    part.error = std::move(why);
    return part;
  };
  if (has_errors(checked.diagnostics)) {
    for (const auto& d : checked.diagnostics) {
      if (d.severity == Severity::error) part.diagnostics.push_back(d);
    }
    return failed("the manifests have errors; nothing was planned");
  }
  auto targets = checked_targets(checked, options.targets);
  if (!targets) return failed(targets.error().message);
  auto snapshot = snapshot_for(options, part.environment);
  if (!snapshot) return failed(snapshot.error().message);
  std::string label = fmt::format("environment '{}': ", part.environment);
  auto made = plan_from_cluster(checked, options, *targets, *snapshot, label);
  if (!made) return failed(made.error().message);
  part.plan = made->plan;
  planned = std::move(*made);
  return part;
}

// --out: every environment's plan in one file, written only when each has one, so a saved plan
// never leaves an environment out.
Result<bool> save_plans(const std::vector<std::unique_ptr<CheckedProject>>& checked,
                        const std::vector<EnvironmentPlan>& parts, const PlanOptions& options) {
  if (options.plan_out.empty()) return true;
  std::vector<SavedPlan> saved;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (!parts[i].plan) {
      return Error{
          fmt::format("no plan file written: environment '{}' has no plan", parts[i].environment)};
    }
    saved.push_back(SavedPlan{*parts[i].plan, digest_of(*checked[i]), absolute_paths(options.paths),
                              options.targets});
  }
  return write_text_file(options.plan_out, write_plans_file(saved), "plan");
}

using Plans = std::vector<EnvironmentPlan>;

const ReportFormats<Plans> kFormats = {
    {"text",
     [](std::ostream& out, const Plans& parts, bool colour) {
       out << render_plans_text(parts, colour);
     },
     {}},
    {"json",
     [](std::ostream& out, const Plans& parts, bool) { out << render_plans_json(parts); },
     {}},
    {"markdown",
     [](std::ostream& out, const Plans& parts, bool) { out << render_plans_markdown(parts); },
     {}},
    {"github",
     [](std::ostream& out, const Plans& parts, bool) { out << render_plans_github(parts); },
     [](const Plans& parts) { return render_plans_markdown(parts); }},
};

int exit_code_of(const std::vector<EnvironmentPlan>& parts, const PlanOptions& options) {
  switch (worst_outcome(parts)) {
    case PlanOutcome::failed:
    case PlanOutcome::blocked:
      return kExitFailure;
    case PlanOutcome::changes:
      return options.detailed_exitcode ? kExitChanges : kExitOk;
    case PlanOutcome::no_changes:
      return kExitOk;
  }
  return kExitFailure;
}

}  // namespace

int run_plan_environments(PlanOptions& options) {
  if (!options.snapshot_out.empty()) {
    return fail("--write-snapshot saves one cluster: give one --env to use it");
  }
  if (options.snapshots_in.empty()) {
    if (auto own = use_each_environments_cluster(options.connection); !own) {
      return fail(own.error().message);
    }
  }
  auto checked =
      load_and_check_each(options.paths, options.environments, options.settings, options.against);
  if (!checked) return fail(checked.error().message);
  report_each(*checked, options.colour);
  std::vector<EnvironmentPlan> parts(checked->size());
  std::vector<std::optional<Planned>> planned(checked->size());
  for_each_environment(
      *checked, [&](std::size_t i) { parts[i] = plan_one(*(*checked)[i], options, planned[i]); });
  auto saved = save_plans(*checked, parts, options);
  write_report(kFormats, options.format, parts, options.colour);
  if (!saved) return fail(saved.error().message);
  for (const auto& part : parts) {
    if (!part.plan) log_error(fmt::format("environment '{}': {}", part.environment, part.error));
  }
  return exit_code_of(parts, options);
}

}  // namespace topicform
