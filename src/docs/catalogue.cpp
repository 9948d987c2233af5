// Gathers each source topic with its dead topic, domain, owner and per-environment figures.
#include "docs/catalogue.hpp"

#include "core/contract/registry_subjects.hpp"
#include "core/model/schema_reference.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "core/model/units.hpp"
#include "core/plan/access_plan.hpp"
#include "core/rules/rules.hpp"

namespace topicform {
namespace {

std::string domain_of(const EffectiveTopic& topic) {
  if (auto it = topic.spec->labels.find("domain"); it != topic.spec->labels.end()) {
    return it->second;
  }
  return topic.name.substr(0, topic.name.find('.'));
}

// The subject, mode and type the registry would hold for the topic (registry_subjects decides).
void add_contract(CatalogueTopic& entry, const Settings& settings) {
  auto desired = desired_subjects({entry.topic}, settings);
  auto declared = declared_subjects({entry.topic}, desired);
  if (declared.empty()) return;
  entry.subject = declared.front().subject;
  if (declared.front().desired == nullptr) return;
  entry.compatibility = declared.front().desired->level;
  entry.schema_type = declared.front().desired->type;
}

// A schema reference names a file when it has a folder or a schema file's extension; anything
// else (`orders-value`, `com.acme.Order`) is a registry subject or a type name, kept as written.
// A relative schema path is written relative to its manifest; show it from the project root.
std::string resolve_schema(const std::string& schema, const std::string& manifest) {
  if (!names_local_schema(schema)) return schema;
  auto joined = std::filesystem::path(manifest).parent_path() / schema;
  return joined.lexically_normal().generic_string();
}

EnvironmentFigures figures(const std::string& environment, const EffectiveTopic& topic) {
  EnvironmentFigures out{environment, topic.partitions.value, topic.replication_factor.value,
                         retention_text(topic), std::nullopt};
  out.min_insync_replicas = topic.config_integer("min.insync.replicas");
  return out;
}

// Who may write and read each topic and its `.dead`, as the owner cards grant it.
void add_access(Catalogue& catalogue, const std::vector<EffectiveTopic>& topics,
                const AccessSettings& access) {
  std::map<std::string, std::vector<AclBinding>> by_topic;
  for (const auto& [binding, at] : desired_bindings(topics, access)) {
    if (binding.resource == AclResource::topic) by_topic[binding.name].push_back(binding);
  }
  for (auto& entry : catalogue.topics) {
    entry.access = by_topic[entry.name()];
    if (entry.dead) {
      const auto& dead = by_topic[entry.dead->name];
      entry.access.insert(entry.access.end(), dead.begin(), dead.end());
    }
  }
}

}  // namespace

bool CatalogueTopic::environments_differ() const {
  return std::adjacent_find(
             environments.begin(), environments.end(), [](const auto& a, const auto& b) {
               return a.partitions != b.partitions ||
                      a.replication_factor != b.replication_factor || a.retention != b.retention ||
                      a.min_insync_replicas != b.min_insync_replicas;
             }) != environments.end();
}

std::string RegisteredSchema::schema_url() const {
  return id > 0 ? fmt::format("{}/schemas/ids/{}/schema", url, id) : "";
}

Catalogue build_catalogue(const std::vector<EffectiveTopic>& topics, const Settings& settings,
                          const Environment& environment) {
  Catalogue catalogue;
  catalogue.environment = environment.name;
  catalogue.environments = settings.environments;
  // Findings were reported when the topics were checked; resolving again only repeats them.
  std::vector<Diagnostic> ignored;
  RuleSink quiet(settings, ignored);
  for (const auto& topic : topics) {
    if (topic.is_dead) {
      if (!catalogue.topics.empty() && catalogue.topics.back().topic.spec == topic.spec) {
        catalogue.topics.back().dead = topic;
      }
      continue;
    }
    if (topic.spec->deleted.value) continue;
    CatalogueTopic entry;
    entry.topic = topic;
    entry.domain = domain_of(topic);
    entry.manifest = topic.spec->document.file;
    entry.schema = resolve_schema(topic.spec->owner.schema.value, entry.manifest);
    add_contract(entry, settings);
    entry.storage_bytes = estimate_storage_bytes(topic);
    for (const auto& [name, env] : settings.environments) {
      entry.environments.push_back(name == environment.name
                                       ? figures(name, topic)
                                       : figures(name, resolve_topic(*topic.spec, env, quiet)));
    }
    catalogue.topics.push_back(std::move(entry));
  }
  std::stable_sort(catalogue.topics.begin(), catalogue.topics.end(),
                   [](const auto& a, const auto& b) { return natural_less(a.name(), b.name()); });
  catalogue.access = environment.access;
  if (environment.access) add_access(catalogue, topics, *environment.access);
  for (std::size_t i = 0; i < catalogue.topics.size(); ++i) {
    const auto& entry = catalogue.topics[i];
    catalogue.by_domain[entry.domain].push_back(i);
    const std::string& team = entry.spec().owner.team.value;
    catalogue.by_team[team.empty() ? "(no team)" : team].push_back(i);
  }
  return catalogue;
}

namespace {

// A copied .proto builds only beside what it imports: each project file it imports is copied
// at its import path next to it, unless another file holds that place (the first stays).
void copy_imports(const CatalogueTopic& entry, std::map<std::string, std::string>& files) {
  const auto& proto = entry.spec().owner.proto_schema;
  if (!proto) return;
  std::string folder = entry.schema_copy.substr(0, entry.schema_copy.rfind('/') + 1);
  for (const auto& imported : proto->imported) files.emplace(folder + imported.name, imported.text);
}

}  // namespace

std::vector<std::string> publish_schemas(
    Catalogue& catalogue,
    const std::function<std::optional<std::string>(const std::string&)>& read) {
  std::set<std::string> local;
  for (const auto& entry : catalogue.topics) {
    if (names_local_schema(entry.schema)) local.insert(entry.schema);
  }
  std::map<std::string, std::string> copy_of;  // schema -> its copy
  std::set<std::string> taken;
  std::vector<std::string> unread;
  for (const auto& schema : local) {  // in path order, so the -2, -3 suffixes are stable
    auto content = read(schema);
    if (!content) {
      unread.push_back(schema);
      continue;
    }
    std::filesystem::path file(schema);
    std::string stem = page_name(file.stem().string());
    std::string extension = page_name(file.extension().string());
    std::string name = "schemas/" + stem + extension;
    for (int n = 2; taken.count(name); ++n)
      name = fmt::format("schemas/{}-{}{}", stem, n, extension);
    taken.insert(name);
    copy_of[schema] = name;
    catalogue.schema_files[name] = std::move(*content);
  }
  for (auto& entry : catalogue.topics) {
    if (auto it = copy_of.find(entry.schema); it != copy_of.end()) {
      entry.schema_copy = it->second;
      copy_imports(entry, catalogue.schema_files);
    }
  }
  return unread;
}

void show_paths(Catalogue& catalogue, const std::function<std::string(const std::string&)>& shown) {
  for (auto& entry : catalogue.topics) {
    entry.manifest = shown(entry.manifest);
    if (names_local_schema(entry.schema)) entry.schema = shown(entry.schema);
  }
}

std::string retention_text(const EffectiveTopic& topic) {
  // A retention written as `config: {retention.ms: ...}` is stated too.
  auto ms = topic.config_integer("retention.ms");
  if (!topic.retention_stated || !ms) return "broker default";
  return format_duration_ms(*ms);
}

std::string page_name(const std::string& topic) {
  std::string out;
  for (char c : topic) {
    bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '.' || c == '-' || c == '_';
    out += safe ? c : '_';
  }
  return out;
}

}  // namespace topicform
