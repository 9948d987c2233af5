// `topicform import`: reads the cluster, writes a manifest for each topic no manifest manages,
// then plans the result against what it read to show that adoption changes nothing.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/cluster_connection.hpp"
#include "cli/command_options.hpp"
#include "cli/commands.hpp"
#include "cli/new_files.hpp"
#include "cli/plan_io.hpp"
#include "cluster/snapshot.hpp"
#include "core/model/topic_names.hpp"
#include "core/plan/adoption.hpp"
#include "core/rules/rule_catalog.hpp"
#include "core/text/natural_order.hpp"
#include "engine/registry_references.hpp"
#include "log/log.hpp"
#include "manifest/manifest_writer.hpp"
#include "manifest/strimzi_resources.hpp"
#include "render/diagnostics_render.hpp"
#include "render/plan_render.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace fs = std::filesystem;
namespace {

constexpr const char* kUsage = R"(Usage: topicform import --out DIR [PATH...] [options]

Adopts an existing cluster: reads it and writes one manifest for each topic that no manifest
manages, as DIR/<domain>/<rest>.yaml (orders.created -> DIR/orders/created.yaml). Each manifest
states exactly what the cluster has - partitions, replication, retention in human units,
cleanup policy, every other config - so `topicform plan` over the result shows no changes.

- <name>.dead is written as the topic's `deadLetter:` when it is what topicform would derive,
  else as a manifest of its own; a topic without one says why (`enabled: false`).
- Consumer groups with committed offsets on a topic become its owner card's consumers. The rest
  of the card (team, producer, key, kind, description) is for people: `validate` warns until it
  is filled in.
- Manifests say `adopted: true`: a live topic cannot be renamed or rebuilt by a rule, so the
  design rules (names included) only warn on them.
- Kafka's internal topics are skipped, and names starting with '_' unless --include names them.
- With a Schema Registry (the environment's schemaRegistry, or --schema-registry URL), each
  topic whose subject <name>-value holds a version gets that version as DIR/schemas/<name>.json
  (.avsc, .proto) and its owner card names it, with the subject's level where it is not the
  project's default; --skip-registry leaves the registry alone.
- With --from strimzi DIR, the topics are read from a folder of Strimzi KafkaTopic resources
  (kafka.strimzi.io/v1 or v1beta2) instead of a cluster: a team on Strimzi moves its topics
  under topicform's rules without recreating them. Resources labelled for another cluster than
  the environment's kubernetes.cluster are skipped; the topicform.dev/ annotations that
  `topicform export` writes give back the owner card. It needs the project's settings.
- No file is overwritten: if one is there, nothing is written.
- Without settings (in DIR or above it, or --settings), DIR/topicform.yaml is written too: an
  environment for the cluster that was read, its broker count and its cluster id pinned.

The topics already managed are those of PATH... (default: the folder of the settings, else DIR).
The cluster: as for plan (--cluster-snapshot FILE, --bootstrap-server, KAFKA_BOOTSTRAP_SERVERS,
the environment's bootstrapServers). Reading every group's offsets takes one request per group.

Exit status: 0 written (or nothing to adopt), 1 bad usage, a cluster that cannot be read, a file
already there, or a snapshot without the configs of the topics to adopt.

Options)";

// An option that takes exactly two words (`--from strimzi DIR`).
class TwoWords : public po::typed_value<std::vector<std::string>> {
 public:
  explicit TwoWords(std::vector<std::string>* into) : typed_value(into) {}
  unsigned min_tokens() const override { return 2; }
  unsigned max_tokens() const override { return 2; }
};

// The project whose manifests are managed already, and the paths it was loaded from; an empty
// project (no paths) when there is none yet.
struct Existing {
  std::unique_ptr<CheckedProject> checked;
  std::vector<std::string> paths;
};

Existing existing_project(const ImportOptions& options) {
  std::vector<std::string> paths = options.paths;
  std::string settings = options.settings;
  if (settings.empty()) settings = find_settings_file({options.out}).value_or("");
  if (options.paths_defaulted) {
    std::error_code ec;
    if (!settings.empty()) {
      paths = {fs::path(settings).parent_path().string()};
    } else if (fs::is_directory(options.out, ec)) {
      paths = {options.out};
    } else {
      return {std::make_unique<CheckedProject>(), {}};
    }
  }
  auto checked = load_and_check(paths, options.environment, settings);
  drop_no_manifests(checked->diagnostics);
  return {std::move(checked), paths};
}

bool has_settings(const CheckedProject& checked) {
  return !checked.project.settings.at.file.empty();
}

// The topics of the Strimzi resources in `folder` labelled for the environment's cluster (all,
// when the settings name none), as a cluster holding exactly those.
Result<ClusterState> read_resources(const std::string& folder, const Environment& environment,
                                    std::vector<StrimziTopic>& taken) {
  StrimziResources resources = read_strimzi_resources(folder);
  if (has_errors(resources.diagnostics)) {
    sort_diagnostics(resources.diagnostics);
    for (const auto& d : resources.diagnostics) log_info(diagnostic_line(d));
    return Error{fmt::format("the resources in {} have errors (listed above)", folder)};
  }
  const std::string& cluster = environment.kubernetes.cluster;
  std::size_t elsewhere = 0;
  for (auto& topic : resources.topics) {
    if (cluster.empty() || topic.cluster == cluster) {
      taken.push_back(std::move(topic));
    } else {
      ++elsewhere;
    }
  }
  if (elsewhere > 0)
    log_info(fmt::format("skipped {} resource(s) labelled for another cluster than {}", elsewhere,
                         cluster));
  return strimzi_cluster_state(taken, cluster.empty() ? "strimzi" : cluster);
}

// The owner card each resource's topicform.dev/ annotations give back.
void add_annotated_owners(Adoption& adoption, const std::vector<StrimziTopic>& resources) {
  std::map<std::string, const StrimziTopic*> by_name;
  for (const auto& resource : resources) by_name[resource.name] = &resource;
  auto annotation = [](const StrimziTopic& resource, const std::string& key) {
    auto it = resource.annotations.find("topicform.dev/" + key);
    return it == resource.annotations.end() ? std::string() : it->second;
  };
  for (auto& topic : adoption.topics) {
    const StrimziTopic& resource = *by_name.at(topic.name);
    topic.team = annotation(resource, "team");
    topic.producer = annotation(resource, "producer");
    topic.schema_subject = annotation(resource, "schema-subject");
  }
}

Result<ClusterState> read_cluster(const ImportOptions& options, const Environment& environment) {
  ReadRequest request;
  request.every_topic = true;
  request.context = false;
  request.dead_messages = false;
  request.committed_groups = true;
  if (!options.snapshot_in.empty()) return load_snapshot_file(options.snapshot_in);
  auto admin = connect_kafka(options.connection, environment);
  if (!admin) return admin.error();
  auto state = (*admin)->read(request);
  if (options.stats) log_info(format_request_counts((*admin)->requests(), "writes"));
  return state;
}

// The environment of the settings file written for the adopted cluster; read from a snapshot,
// only a --bootstrap-server given names the cluster.
AdoptedEnvironment environment_of(const Adoption& adoption, const ClusterState& state,
                                  const ImportOptions& options) {
  std::string servers = options.snapshot_in.empty()
                            ? bootstrap_of(options.connection, Environment{}).servers
                            : options.connection.bootstrap;
  return adopted_environment(adoption, state, options.environment, servers);
}

NewFiles adoption_files(const Adoption& adoption, const ClusterState& state,
                        const ImportOptions& options, bool write_settings) {
  NewFiles files;
  fs::path out = options.out;
  for (const auto& topic : adoption.topics) {
    files[out / topic.path] = adopted_manifest_text(topic, state.cluster_id);
    if (!topic.schema) continue;
    files[out / topic.schema->file] = topic.schema->text;
    for (const auto& used : topic.schema->uses) files[out / used.file] = used.text;
  }
  if (write_settings) {
    AdoptedEnvironment environment = environment_of(adoption, state, options);
    environment.schema_registry_url = options.schema_registry;
    files[out / "topicform.yaml"] = adopted_settings_text(environment);
  }
  return files;
}

// The registry import reads schemas from: --schema-registry, else the environment's; none with
// --skip-registry.
Result<std::unique_ptr<SchemaRegistry>> import_registry(const ImportOptions& options,
                                                        const Environment& environment) {
  if (options.schema_registry.empty() || options.connection.skip_registry)
    return connect_registry(options.connection, environment);
  Environment given = environment;
  given.schema_registry = RegistrySettings{};
  given.schema_registry->url = options.schema_registry;
  return connect_registry(options.connection, given);
}

// The files an adopted schema's registered version references, read version by version.
std::string add_uses(AdoptedTopic& topic, const SubjectState& state, SchemaRegistry& registry,
                     VersionReads& reads) {
  if (!topic.schema || state.latest_references.empty()) return "";
  auto registered = registered_schema(state, registry, reads);
  if (!registered) return registered.error().message;
  auto added =
      add_referenced_files(*topic.schema, topic.path, state.latest_type, registered->references);
  return added ? "" : added.error().message;
}

// Each adopted topic's subject <name>-value, read concurrently; a version found becomes the
// topic's schema file. A registry that cannot be read stops the import: half-filled owner cards
// would read as topics without a contract.
std::string add_schemas(Adoption& adoption, const ImportOptions& options,
                        const CheckedProject& existing) {
  auto registry = import_registry(options, existing.environment);
  if (!registry) return registry.error().message;
  if (*registry == nullptr) return "";
  std::vector<AdoptedTopic*> sources;
  std::vector<std::string> subjects;
  for (auto& topic : adoption.topics) {
    if (is_dead_letter_name(topic.name)) continue;
    sources.push_back(&topic);
    subjects.push_back(value_subject(topic.name));
  }
  auto states = (*registry)->read_subjects(subjects);
  if (!states) return states.error().message;
  const std::string& level = existing.project.settings.contract.compatibility;
  VersionReads reads;  // a file many schemas use is read once
  for (std::size_t i = 0; i < sources.size(); ++i) {
    sources[i]->schema = adopted_schema(sources[i]->name, sources[i]->path, (*states)[i], level);
    if (auto failed = add_uses(*sources[i], (*states)[i], **registry, reads); !failed.empty())
      return failed;
  }
  if (options.stats)
    log_info(fmt::format("schema registry requests: {}", (*registry)->requests().reads));
  return "";
}

// stdout: each adopted topic and its file.
void print_adopted(const Adoption& adoption, const std::string& out) {
  for (const auto& topic : adoption.topics) {
    std::string with = topic.dead_topic.empty() ? "" : fmt::format(" (with {})", topic.dead_topic);
    std::cout << fmt::format("+ {}{}  {}\n", topic.name, with,
                             (fs::path(out) / topic.path).string());
    if (!topic.schema) continue;
    std::cout << fmt::format("  schema  {}\n", (fs::path(out) / topic.schema->file).string());
    for (const auto& used : topic.schema->uses)
      std::cout << fmt::format("  uses    {}\n", (fs::path(out) / used.file).string());
  }
  std::cout.flush();
}

// The warnings of the adopted manifests, by rule, for the summary; the names whose naming rules
// fail are listed, as those stay as they are.
std::string warning_summary(const std::vector<Diagnostic>& diagnostics, const Adoption& adoption,
                            const std::string& folder) {
  std::map<std::string, std::string> topic_of;  // canonical file -> topic
  std::error_code ec;
  for (const auto& topic : adoption.topics) {
    topic_of[fs::weakly_canonical(fs::path(folder) / topic.path, ec).string()] = topic.name;
  }
  std::map<std::string, int> by_rule;
  std::set<std::string, NaturalLess> badly_named;
  for (const auto& d : diagnostics) {
    auto adopted = topic_of.find(fs::weakly_canonical(d.at.file.str(), ec).string());
    if (adopted == topic_of.end()) continue;
    ++by_rule[d.rule];
    if (rule_family(d.rule) == "naming") badly_named.insert(adopted->second);
  }
  if (by_rule.empty()) return "";
  std::vector<std::string> counts;
  for (const auto& [rule, n] : by_rule) counts.push_back(fmt::format("{} {}", n, rule));
  std::string out = fmt::format(
      "warnings in the adopted manifests: {}; 'topicform validate' lists "
      "them\n",
      fmt::join(counts, ", "));
  if (!badly_named.empty()) {
    out += fmt::format(
        "{} of them name a topic against the naming rules (a live topic keeps its "
        "name; renaming it is a migration): {}\n",
        badly_named.size(), fmt::join(badly_named, ", "));
  }
  return out;
}

// Plans the project with the adopted manifests against the cluster as it was read: the first
// plan after adoption should have nothing to do, and if it has, the user hears it now.
int check_adopted(const Existing& before, const ImportOptions& options, const Adoption& adoption,
                  const ClusterState& state) {
  std::vector<std::string> paths = before.paths;
  paths.push_back(options.out);
  auto after = load_and_check(paths, options.environment, options.settings);
  if (auto summary = warning_summary(after->diagnostics, adoption, options.out); !summary.empty())
    log_info(summary);
  if (has_errors(after->diagnostics)) {
    usable_after_report(*after, "auto");
    return fail("the adopted manifests have errors (listed above): fix them before planning");
  }
  std::vector<std::string> names;
  for (const auto& topic : adoption.topics) {
    names.push_back(topic.name);
    if (!topic.dead_topic.empty()) names.push_back(topic.dead_topic);
  }
  Targets adopted(names, true);
  SnapshotReader reader(state);  // the cluster as it was read
  auto planned = make_plan(desired_of(*after, &adopted), {}, {reader, nullptr});
  if (!planned) return fail(planned.error().message);
  if (planned->plan.differs()) {
    log_info("the first plan will still change the adopted topics:\n" +
             render_plan_text(planned->plan, false));
    return kExitOk;
  }
  bool one = names.size() == 1;
  log_info(fmt::format(
      "adopted {} topic{} from cluster {}: 'topicform plan {}' has nothing to change in {}",
      names.size(), one ? "" : "s", state.cluster_id, options.out, one ? "it" : "them"));
  return kExitOk;
}

// Why nothing was adopted; a pattern that matches part of a name, not a whole one, says so
// ('^orders\.' finds nothing: names are matched whole, as Kafka's own tools match them).
std::string nothing_to_adopt(const ImportOptions& options, const ClusterState& state) {
  if (options.include.empty()) {
    return "nothing to adopt: every topic on the cluster is managed already\n";
  }
  std::string out =
      fmt::format("nothing to adopt: no unmanaged topic matches --include '{}'", options.include);
  auto pattern = Pattern::compile(options.include);
  for (const auto& [name, topic] : state.topics) {
    // A managed topic the pattern names whole was not adopted for being managed, not for the
    // pattern; only a name the pattern matches in part says something about the pattern.
    if (topic.internal || !pattern || pattern->full_match(name) || !pattern->partial_match(name))
      continue;
    return out + fmt::format(
                     " as a whole name; it matches part of '{}' (names are matched whole, as "
                     "Kafka's tools match them: add '.*' to match the rest)\n",
                     name);
  }
  return out + "\n";
}

Result<Adoption> adopt(const Existing& existing, const ImportOptions& options,
                       const ClusterState& state) {
  AdoptionScope scope;
  for (const auto& topic : existing.checked->topics) scope.managed.insert(topic.name);
  scope.settings = &existing.checked->project.settings;
  if (!options.from.empty()) scope.absent = "had no resource";
  std::optional<Pattern> include;
  if (!options.include.empty()) {
    auto compiled = Pattern::compile(options.include);
    if (!compiled) return Error{fmt::format("--include: {}", compiled.error().message)};
    include = std::move(*compiled);
    scope.include = &*include;
  }
  Adoption adoption = plan_adoption(state, scope);
  if (!adoption.configs_unknown.empty()) {
    return Error{fmt::format(
        "the snapshot has no configs for {} topic(s) to adopt ({}...): a plan's snapshot holds "
        "only the managed topics'; save one with 'topicform import --write-snapshot FILE'",
        adoption.configs_unknown.size(), adoption.configs_unknown.front())};
  }
  return adoption;
}

}  // namespace

Parsed parse_import(const std::vector<std::string>& args, ImportOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help")(
      "out,o", po::value(&options.out)->value_name("DIR"), "the folder to write manifests to")(
      "include",
      po::value(&options.include)->value_name("REGEX")->notifier([&](const std::string&) {
        options.include_given = true;
      }),
      "adopt only topics whose whole name matches (RE2)")(
      "cluster-snapshot", po::value(&options.snapshot_in),
      "read a snapshot file that 'import --write-snapshot' saved instead of a live cluster")(
      "write-snapshot", po::value(&options.snapshot_out),
      "also save the cluster state that was read to FILE")(
      "schema-registry", po::value(&options.schema_registry)->value_name("URL"),
      "read each topic's schema from this registry (Confluent's API), when the environment "
      "names none")("from", new TwoWords(&options.from),
                    "strimzi DIR: read the topics from Strimzi KafkaTopic resources in DIR, not "
                    "from a cluster")("stats", po::bool_switch(&options.stats),
                                      "print the number of admin requests sent, on stderr");
  add_environment_option(visible, options.environment,
                         "environment from the settings (or the name of the one written)");
  add_settings_option(visible, options.settings);
  add_connection_options(visible, options.connection);
  add_registry_option(visible, options.connection);
  Parsed parsed = parse_arguments(
      args, visible, options.paths, "import",
      "Examples:\n  topicform import --bootstrap-server 127.0.0.1:9092 --out topics/\n"
      "  topicform import --include 'orders\\..*' --out topics/ topics/\n",
      &options.paths_defaulted);
  if (parsed == Parsed::run && options.out.empty()) {
    fail("give the folder to write to as --out DIR; see 'topicform import --help'");
    return Parsed::usage_error;
  }
  if (parsed == Parsed::run && !options.from.empty() && options.from[0] != "strimzi") {
    fail(fmt::format("--from {}: the resources import reads are strimzi (--from strimzi DIR)",
                     options.from[0]));
    return Parsed::usage_error;
  }
  // An empty pattern would be "every topic", a typo's most dangerous reading.
  if (parsed == Parsed::run && options.include_given && options.include.empty()) {
    fail("--include '' matches every topic: give a pattern, or leave --include out to adopt all");
    return Parsed::usage_error;
  }
  return parsed;
}

int run_import(const std::vector<std::string>& args) {
  ImportOptions options;
  if (auto parsed = parse_import(args, options); parsed != Parsed::run) return exit_code(parsed);
  Existing existing = existing_project(options);
  // The project's own warnings are for validate; only errors stop an import.
  if (has_errors(existing.checked->diagnostics)) {
    usable_after_report(*existing.checked, "auto");
    return fail(
        "the project's manifests have errors; fix them first, as they say which topics "
        "are managed already");
  }
  std::vector<StrimziTopic> resources;
  bool from_resources = !options.from.empty();
  if (from_resources && !has_settings(*existing.checked)) {
    return fail(
        "import --from strimzi needs the project's settings (the environment the "
        "resources are for): run 'topicform init DIR' first, or give --settings FILE");
  }
  auto state = from_resources
                   ? read_resources(options.from[1], existing.checked->environment, resources)
                   : read_cluster(options, existing.checked->environment);
  if (!state) return fail(state.error().message);
  if (!options.snapshot_out.empty()) {
    auto saved = write_text_file(options.snapshot_out, write_snapshot(*state), "snapshot");
    if (!saved) return fail(saved.error().message);
  }
  auto adoption = adopt(existing, options, *state);
  if (!adoption) return fail(adoption.error().message);
  for (const auto& skipped : adoption->skipped) log_info("skipped " + skipped);
  if (adoption->topics.empty()) {
    log_info(nothing_to_adopt(options, *state));
    return kExitOk;
  }
  if (from_resources) {
    add_annotated_owners(*adoption, resources);
  } else if (auto read = add_schemas(*adoption, options, *existing.checked); !read.empty()) {
    return fail(read + "; nothing was written");
  }
  NewFiles files = adoption_files(*adoption, *state, options, !has_settings(*existing.checked));
  if (auto written = write_new_files(options.out, files, false, false); !written) {
    return fail(written.error().message);
  }
  print_adopted(*adoption, options.out);
  return check_adopted(existing, options, *adoption, *state);
}

}  // namespace topicform
