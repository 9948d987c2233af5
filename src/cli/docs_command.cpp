// `topicform docs`: the topic catalogue from the manifests, written to a folder; needs no cluster.
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/checked_project.hpp"
#include "cli/cluster_connection.hpp"
#include "cli/command_options.hpp"
#include "cli/commands.hpp"
#include "cli/new_files.hpp"
#include "cli/plan_io.hpp"
#include "cli/terminal.hpp"
#include "docs/asyncapi.hpp"
#include "docs/html_catalogue.hpp"
#include "docs/markdown_catalogue.hpp"
#include "log/log.hpp"
#include "manifest/read_file.hpp"
#include "render/diagnostics_render.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace fs = std::filesystem;
namespace {

constexpr const char* kUsage = R"(Usage: topicform docs [PATH...] --out DIR [options]

Generates the topic catalogue from the manifests (no cluster needed): who owns each topic, who
writes and reads it, its key and ordering, how long messages live, its config and where failures
land. The manifests are validated first; with errors nothing is written.

Formats:
  markdown   README.md (index by domain and by team, Mermaid diagrams) and topics/<name>.md
  html       index.html with a search box, and topics/<name>.html; self-contained, works offline
  asyncapi   asyncapi.json: an AsyncAPI 3.0 document with Kafka bindings

Every format copies the local schema files the manifests name into DIR/schemas/ and links them,
so the folder can be published as it is. Each topic's schema subject is shown with its type and
compatibility mode; with --registry the environment's Schema Registry is read for each subject's
latest version, which the pages link and asyncapi.json's payloads reference by schema id.

Output is byte-identical for the same manifests, so it can be committed and diffed. A list of
the files written is kept in DIR/.topicform-docs; pages of topics that are gone are removed.

Exit status: 0 written, 1 errors in the manifests, bad usage or a file that cannot be written.

Options)";

// A path as the pages show it: relative to `root` when inside it, else absolute.
std::function<std::string(const std::string&)> from_root(const fs::path& root) {
  return [root](const std::string& path) {
    std::error_code ec;
    fs::path full = fs::weakly_canonical(fs::absolute(path, ec), ec);
    if (ec) return path;
    fs::path relative = full.lexically_relative(root);
    bool inside = !relative.empty() && *relative.begin() != "..";
    return inside ? relative.generic_string() : full.generic_string();
  };
}

// The latest version of each topic's subject, read from the environment's registry.
std::string add_registered(Catalogue& catalogue, const CheckedProject& checked,
                           DurationMs timeout) {
  if (!checked.environment.schema_registry) {
    return fmt::format("--registry: environment '{}' names no schemaRegistry",
                       checked.environment.name);
  }
  ConnectionOptions connection;
  connection.timeout = timeout;
  auto registry = connect_registry(connection, checked.environment);
  if (!registry) return registry.error().message;
  std::vector<std::string> subjects;
  for (const auto& entry : catalogue.topics)
    if (!entry.subject.empty()) subjects.push_back(entry.subject);
  auto states = (*registry)->read_subjects(subjects);
  if (!states) return states.error().message;
  std::size_t next = 0;
  for (auto& entry : catalogue.topics) {
    if (entry.subject.empty()) continue;
    const SubjectState& state = (*states)[next++];
    entry.registered = {state.latest_version, state.latest_id, (*registry)->address()};
  }
  return "";
}

}  // namespace

Parsed parse_docs(const std::vector<std::string>& args, DocsOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help");
  add_format_option(visible, options.format, {"markdown", "html", "asyncapi"});
  visible.add_options()("out,o", po::value(&options.out),
                        "folder to write the catalogue to (created if missing)")(
      "registry", po::bool_switch(&options.registry),
      "read the environment's schema registry: each subject's latest version and schema id")(
      "timeout", po::value(&options.timeout)->default_value(DurationMs{30'000}, "30s"),
      "with --registry: how long the registry may take to answer");
  add_environment_option(visible, options.environment,
                         "environment whose figures the pages show (default: the settings' "
                         "default)");
  add_colour_option(visible, options.colour,
                    "colour of diagnostics: auto (only on a terminal, off with NO_COLOR), always "
                    "or never");
  add_settings_option(visible, options.settings);
  add_target_option(visible, options.targets);
  auto parsed =
      parse_arguments(args, visible, options.paths, "docs",
                      "Examples:\n  topicform docs topics/ --out catalogue/\n  topicform docs "
                      "topics/ --format html --out public/topics\n  topicform docs topics/ "
                      "--format asyncapi --env prod --out api/\n");
  if (parsed != Parsed::run) return parsed;
  if (options.out.empty()) {
    log_error("--out DIR is required\nsee 'topicform docs --help'");
    return Parsed::usage_error;
  }
  return parsed;
}

int run_docs(const std::vector<std::string>& args) {
  DocsOptions options;
  if (auto parsed = parse_docs(args, options); parsed != Parsed::run) return exit_code(parsed);
  auto project = load_selected(options.paths, options.environment, options.settings,
                               options.targets, options.colour, "no catalogue was written");
  if (!project) return fail(project.error().message);
  const CheckedProject& checked = *project->checked;
  Catalogue catalogue =
      build_catalogue(project->topics, checked.project.settings, checked.environment);
  show_paths(catalogue, from_root(project_root(options.paths)));
  // Only the files the loader accepted (regular, bounded, inside the project) are read.
  std::map<std::string, std::string> accepted;
  for (const auto& entry : catalogue.topics) {
    const std::string& file = entry.topic.spec->owner.schema_file;
    if (!file.empty()) accepted[entry.schema] = file;
  }
  auto not_files = publish_schemas(catalogue, [&](const std::string& shown) {
    auto it = accepted.find(shown);
    return it == accepted.end() ? std::nullopt : read_regular_file(it->second);
  });
  if (!not_files.empty()) {
    log_info(fmt::format("docs: shown as written, not copied (no such file here): {}",
                         fmt::join(not_files, ", ")));
  }
  if (options.registry) {
    if (auto error = add_registered(catalogue, checked, options.timeout); !error.empty())
      return fail(error + "; no catalogue was written");
  }
  DocFiles files = options.format == "html"       ? render_html_catalogue(catalogue)
                   : options.format == "asyncapi" ? render_asyncapi(catalogue)
                                                  : render_markdown_catalogue(catalogue);
  files.insert(catalogue.schema_files.begin(), catalogue.schema_files.end());
  if (auto error = write_generated_folder(options.out, files, ".topicform-docs"); !error.empty())
    return fail(error);
  log_info(fmt::format("docs: wrote {} file(s) for {} topic(s) to {}", files.size(),
                       catalogue.topics.size(), options.out));
  return kExitOk;
}

}  // namespace topicform
