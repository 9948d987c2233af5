// `topicform validate`: load the manifests, run every offline rule, report, exit 0 or 1.
#include <unistd.h>

#include <iostream>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/checked_project.hpp"
#include "cli/command_options.hpp"
#include "cli/commands.hpp"
#include "cli/environment_fanout.hpp"
#include "cli/job_summary.hpp"
#include "cli/plan_io.hpp"
#include "cli/report_formats.hpp"
#include "cli/terminal.hpp"
#include "core/plan/environment_runs.hpp"
#include "render/diagnostics_render.hpp"
#include "render/environment_reports_render.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage = R"(Usage: topicform validate [PATH...] [options]

Checks topic manifests offline: YAML syntax, the JSON Schema in schema/, and every design rule
that needs no cluster (naming, partitions, replication, retention, cleanup, dead-letter topics,
owner cards, topic configs, message schemas). PATH is a manifest file or a folder read recursively for *.yaml and
*.yml (default: topics). A `kind: Settings` document among them sets the convention, rule
severities and environments.

Every problem is printed as  path:line:col: severity: message [rule-id]
`topicform rules` lists the rule ids; settings can change their severity:
  spec: {rules: {naming/past-tense: off}}

With --against REF (a branch, tag or commit, e.g. origin/main) each local JSON Schema is also
compared with its version at REF under its topic's compatibility mode (owner.schema's
compatibility, else the settings' schemas.compatibility, else BACKWARD), by Confluent's strict
rules; a break is a contract/compatibility error at the schema's line.

Exit status: 0 no errors (warnings allowed), 1 errors or bad usage.

Options)";

// One environment's validation, as the formats write it.
struct Validation {
  const std::vector<Diagnostic>& diagnostics;
  ValidationSummary summary;
};

const ReportFormats<Validation> kFormats = {
    {"text",
     [](std::ostream& out, const Validation& v, bool colour) {
       out << render_text(v.diagnostics, v.summary, colour);
     },
     {}},
    {"json",
     [](std::ostream& out, const Validation& v, bool) {
       out << render_json(v.diagnostics, v.summary);
     },
     {}},
    {"github",
     [](std::ostream& out, const Validation& v, bool) {
       out << render_github(v.diagnostics, v.summary);
     },
     [](const Validation& v) { return render_markdown_summary(v.diagnostics, v.summary); }},
};

// Several environments' validations in one document.
const ReportFormats<std::vector<EnvironmentDiagnostics>> kEnvironmentsFormats = {
    {"text",
     [](std::ostream& out, const std::vector<EnvironmentDiagnostics>& parts, bool colour) {
       out << render_validations_text(parts, colour);
     },
     {}},
    {"json",
     [](std::ostream& out, const std::vector<EnvironmentDiagnostics>& parts, bool) {
       out << render_validations_json(parts);
     },
     {}},
    {"github",
     [](std::ostream& out, const std::vector<EnvironmentDiagnostics>& parts, bool) {
       out << render_validations_github(parts);
     },
     [](const std::vector<EnvironmentDiagnostics>& parts) {
       return render_validations_markdown(parts);
     }},
};

int validate_environments(const ValidateOptions& options) {
  auto checked =
      load_and_check_each(options.paths, options.environments, options.settings, options.against);
  if (!checked) return fail(checked.error().message);
  std::vector<EnvironmentDiagnostics> parts;
  bool errors = false;
  for (const auto& one : *checked) {
    parts.push_back(
        {one->diagnostics,
         ValidationSummary{one->project.files.size(), one->topics.size(), one->environment.name}});
    errors = errors || has_errors(one->diagnostics);
  }
  write_report(kEnvironmentsFormats, options.format, parts, options.colour);
  return errors ? kExitFailure : kExitOk;
}

}  // namespace

Parsed parse_validate(const std::vector<std::string>& args, ValidateOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help");
  add_format_option(visible, options.format, format_names(kFormats),
                    "output: text, json (versioned, for programs) or github (workflow annotations, "
                    "and a Markdown job summary when GITHUB_STEP_SUMMARY is set)");
  add_environments_option(visible, options.environments,
                          "environment from the settings to check against (default: the "
                          "settings' default); repeat it, or say 'all', for several in one report");
  add_colour_option(visible, options.colour,
                    "auto (only on a terminal, off with NO_COLOR), always or never");
  add_settings_option(visible, options.settings);
  add_against_option(visible, options.against);
  return parse_arguments(args, visible, options.paths, "validate",
                         "Examples:\n  topicform validate topics/\n  topicform validate "
                         "--env prod --format github topics/\n  topicform validate --against "
                         "origin/main topics/\n");
}

int run_validate(const std::vector<std::string>& args) {
  ValidateOptions options;
  if (auto parsed = parse_validate(args, options); parsed != Parsed::run) return exit_code(parsed);

  if (reports_per_environment(options.environments)) return validate_environments(options);
  auto checked = load_and_check(options.paths, single_environment(options.environments),
                                options.settings, options.against);
  const auto& diagnostics = checked->diagnostics;
  ValidationSummary summary{checked->project.files.size(), checked->topics.size(),
                            checked->environment.name};
  write_report(kFormats, options.format, Validation{diagnostics, summary}, options.colour);
  int code = has_errors(diagnostics) ? kExitFailure : kExitOk;
  free_at_exit(std::move(checked));
  return code;
}

}  // namespace topicform
