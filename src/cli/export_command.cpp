// `topicform export`: the manifests of one environment as the KafkaTopic resources of a
// Kubernetes operator, written to a folder or to stdout; needs no cluster.
#include <iostream>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/checked_project.hpp"
#include "cli/command_options.hpp"
#include "cli/commands.hpp"
#include "cli/new_files.hpp"
#include "cli/plan_io.hpp"
#include "log/log.hpp"
#include "render/kubernetes_resources.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage = R"(Usage: topicform export --out DIR|- [PATH...] [options]

Writes each topic of one environment as the KafkaTopic resource of a Kubernetes operator, for
teams whose operator creates the topics: topicform validates and comments on the pull request,
export renders, Argo CD or Flux applies, the operator writes.

Formats:
  strimzi    kafka.strimzi.io/v1 (Strimzi 1.0; v1beta2 is gone), labelled strimzi.io/cluster
  confluent  platform.confluent.io/v1beta1 (Confluent for Kubernetes), with its cluster reference

Each resource holds the environment's values - overrides applied, the `.dead` topics derived,
exactly the configs `apply` sets - and the owner card as annotations (topicform.dev/team,
producer, consumers, schema-subject). Its name is the topic's when Kubernetes takes it; a name
with '_' or capitals becomes a valid one with a short digest added, and the topic's own name is
always in the spec. The environment's `kubernetes:` settings give the cluster (required for
Strimzi), the namespace, and labels and annotations to add.

With --out DIR: one <name>.yaml per topic and a kustomization.yaml listing them, written all
or nothing (no link followed); the files of topics that are gone are removed (the list is kept
in DIR/.topicform-export). With --out -: one multi-document YAML stream on stdout, for
`kubectl apply -f -` and Argo CD plugins. Output is byte-identical for the same manifests.

A derived `.dead` topic whose message limit follows the broker's gets Kafka's default
message.max.bytes plus the dead-letter headers' room unless the environment states
maxMessageBytes: export reads no cluster.

Exit status: 0 written, 1 errors in the manifests, bad usage, a value a resource cannot hold or
a file that cannot be written.

Options)";

OperatorFormat format_of(const std::string& name) {
  return name == "confluent" ? OperatorFormat::confluent : OperatorFormat::strimzi;
}

GeneratedFiles folder_files(const std::vector<TopicResource>& resources,
                            const Environment& environment) {
  GeneratedFiles files;
  for (const auto& resource : resources) files[resource.file] = resource.text;
  files["kustomization.yaml"] = kustomization_text(resources, environment);
  return files;
}

}  // namespace

Parsed parse_export(const std::vector<std::string>& args, ExportOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help");
  add_format_option(visible, options.format, {"strimzi", "confluent"},
                    "the operator's resources: strimzi (default) or confluent");
  visible.add_options()("out,o", po::value(&options.out)->value_name("DIR"),
                        "folder to write the resources to (created if missing), or - for stdout");
  add_environment_option(visible, options.environment,
                         "environment whose values the resources hold (default: the settings' "
                         "default)");
  add_colour_option(visible, options.colour,
                    "colour of diagnostics: auto (only on a terminal, off with NO_COLOR), always "
                    "or never");
  add_settings_option(visible, options.settings);
  add_target_option(visible, options.targets);
  auto parsed = parse_arguments(
      args, visible, options.paths, "export",
      "Examples:\n  topicform export topics/ --env prod --out deploy/topics/\n  topicform export "
      "topics/ --format confluent --env prod --out -\n  topicform export --env prod --out - | "
      "kubectl apply -f -\n");
  if (parsed == Parsed::run && options.out.empty()) {
    log_error("--out DIR (or - for stdout) is required\nsee 'topicform export --help'");
    return Parsed::usage_error;
  }
  return parsed;
}

int run_export(const std::vector<std::string>& args) {
  ExportOptions options;
  if (auto parsed = parse_export(args, options); parsed != Parsed::run) return exit_code(parsed);
  auto project = load_selected(options.paths, options.environment, options.settings,
                               options.targets, options.colour, "nothing was exported");
  if (!project) return fail(project.error().message);
  const CheckedProject& checked = *project->checked;
  auto resources = topic_resources(project->topics, checked.environment, format_of(options.format));
  if (!resources) return fail(resources.error().message + "; nothing was exported");
  if (options.out == "-") {
    std::cout << resource_stream(*resources) << std::flush;
    free_at_exit(std::move(*project));
    return std::cout ? kExitOk : fail("stdout could not be written");
  }
  GeneratedFiles files = folder_files(*resources, checked.environment);
  if (auto error = write_generated_folder(options.out, files, ".topicform-export"); !error.empty())
    return fail(error);
  free_at_exit(std::move(*project));
  log_info(fmt::format("export: wrote {} {} resource(s) for environment {} to {}",
                       resources->size(), options.format, checked.environment.name, options.out));
  return kExitOk;
}

}  // namespace topicform
