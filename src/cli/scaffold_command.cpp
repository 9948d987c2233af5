// `topicform schema` writes the published JSON Schemas; `topicform init` scaffolds a project
// around them. Both write new files only: an existing file is never overwritten.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/new_files.hpp"
#include "cli/plan_io.hpp"
#include "cli/scaffold_sources.hpp"
#include "manifest/published_schema.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace fs = std::filesystem;
namespace {

constexpr const char* kSchemaUsage = R"(Usage: topicform schema --out DIR

Writes the JSON Schemas of the manifests to DIR: topic.schema.json and settings.schema.json
(draft-07, no custom keywords, so any validator and editor takes them). Every field has a
description, an example and, where there is one, its default; durations and sizes have
patterns; every Kafka 4.x topic config key is listed with its type and range. Point a
manifest's first line at the file for completion, hover and checks in an editor:
  # yaml-language-server: $schema=../schema/topic.schema.json
The editor checks the shape; `topicform validate` also checks the design rules.

Existing files are replaced only by --force.

Exit status: 0 written, 1 bad usage or a file that cannot be written.

Options)";

constexpr const char* kInitUsage = R"(Usage: topicform init DIR

Scaffolds a topics-as-code project in DIR (created if missing; usually a repository's root):
  topics/topicform.yaml              the settings: naming, environments local and prod
  topics/orders/created.yaml         one example manifest
  schema/*.schema.json               the JSON Schemas, which the modelines point at
  .github/workflows/topics.yml       validate and plan on pull requests, apply on merge
Then: cd DIR && topicform validate. No existing file is overwritten: if one is there, nothing is
written.

Exit status: 0 written, 1 bad usage, a file already there or one that cannot be written.

Options)";

using Files = NewFiles;

int write_all(const fs::path& base, const Files& files, bool replace) {
  auto written = write_new_files(base, files, replace, true);
  return written ? kExitOk : fail(written.error().message);
}

Files schema_files(const fs::path& dir) {
  Files files;
  for (auto kind : {DocumentKind::topic, DocumentKind::settings}) {
    files[dir / published_schema_name(kind)] = published_schema(kind);
  }
  return files;
}

}  // namespace

int run_schema(const std::vector<std::string>& args) {
  std::string out;
  bool force = false;
  po::options_description visible(kSchemaUsage);
  visible.add_options()("help,h", "show this help")("out,o", po::value(&out)->value_name("DIR"),
                                                    "the folder to write the schemas to")(
      "force", po::bool_switch(&force), "replace schema files that exist");
  std::vector<std::string> operands;
  auto parsed = parse_arguments(args, visible, operands, "schema",
                                "Example:\n  topicform schema --out schema/\n");
  if (parsed != Parsed::run) return exit_code(parsed);
  if (out.empty() || operands != std::vector<std::string>{"topics"}) {
    return fail("give the folder as --out DIR (and nothing else); see 'topicform schema --help'");
  }
  return write_all(out, schema_files(out), force);
}

int run_init(const std::vector<std::string>& args) {
  po::options_description visible(kInitUsage);
  visible.add_options()("help,h", "show this help");
  std::vector<std::string> operands;
  bool defaulted = false;
  auto parsed = parse_arguments(args, visible, operands, "init",
                                "Example:\n  topicform init my-topics && cd my-topics && "
                                "topicform validate\n",
                                &defaulted);
  if (parsed != Parsed::run) return exit_code(parsed);
  if (defaulted || operands.size() != 1) {
    return fail("give one folder to scaffold: topicform init DIR");
  }
  fs::path dir = operands.front();
  Files files = schema_files(dir / "schema");
  files[dir / "topics" / "topicform.yaml"] = std::string(kScaffoldSettings);
  files[dir / "topics" / "orders" / "created.yaml"] = std::string(kScaffoldTopic);
  files[dir / ".github" / "workflows" / "topics.yml"] = std::string(kScaffoldWorkflow);
  return write_all(dir, files, false);
}

}  // namespace topicform
