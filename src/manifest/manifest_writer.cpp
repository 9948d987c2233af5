// YAML text for adopted manifests and their settings, written by hand in the layout of the
// examples (block mappings, short flow lists) so that a diff of a later edit stays small.
#include "manifest/manifest_writer.hpp"

#include <set>

#include <fmt/format.h>

#include "core/model/topic_names.hpp"
#include "core/model/units.hpp"
#include "core/text/yaml_scalar.hpp"

namespace topicform {
namespace {

std::string flow_list(const std::vector<std::string>& items) {
  std::vector<std::string> scalars;
  for (const auto& item : items) scalars.push_back(yaml_scalar(item));
  return fmt::format("[{}]", fmt::join(scalars, ", "));
}

std::string dead_letter_text(const AdoptedDeadLetter& dead) {
  if (!dead.derived) {
    return fmt::format("  deadLetter:\n    enabled: false\n    reason: {}\n",
                       yaml_scalar(dead.reason));
  }
  std::vector<std::string> fields;
  if (dead.retention) fields.push_back("retention: " + yaml_scalar(*dead.retention));
  if (dead.partitions) fields.push_back(fmt::format("partitions: {}", *dead.partitions));
  if (!dead.config.empty()) {
    std::vector<std::string> configs;
    for (const auto& [key, value] : dead.config) {
      configs.push_back(fmt::format("{}: {}", yaml_scalar(key), yaml_config_scalar(value)));
    }
    fields.push_back(fmt::format("config: {{{}}}", fmt::join(configs, ", ")));
  }
  return fmt::format("  deadLetter: {{{}}}\n", fmt::join(fields, ", "));
}

// The owner card as the resource's annotations gave it (team, producer, schema subject).
std::string annotated_owner(const AdoptedTopic& topic) {
  std::string out;
  if (!topic.team.empty()) out += fmt::format("    team: {}\n", yaml_scalar(topic.team));
  if (!topic.producer.empty())
    out += fmt::format("    producer: {}\n", yaml_scalar(topic.producer));
  if (!topic.schema_subject.empty())
    out += fmt::format("    schema: {{subject: {}}}\n", yaml_scalar(topic.schema_subject));
  return out;
}

// What the adopted manifest still lacks: the annotations may have given team and producer.
std::string to_complete(const AdoptedTopic& topic) {
  std::vector<std::string> owner;
  if (topic.team.empty()) owner.push_back("team");
  if (topic.producer.empty()) owner.push_back("producer");
  std::string fields = owner.empty() ? "key" : fmt::format("{} and key", fmt::join(owner, ", "));
  return fmt::format(
      "  # To complete: description and kind above, and the owner card's {}\n"
      "  # (validate warns about each until it is set).\n",
      fields);
}

// The owner card's schema: the file alone when nothing else differs from the defaults.
std::string schema_line(const AdoptedSchema& schema) {
  if (schema.level.empty() && schema.listed.empty())
    return fmt::format("    schema: {}  # the registry's latest version\n",
                       yaml_scalar(schema.reference));
  std::string fields = "file: " + yaml_scalar(schema.reference);
  if (!schema.level.empty()) fields += ", compatibility: " + yaml_scalar(schema.level);
  if (!schema.listed.empty()) fields += ", references: " + flow_list(schema.listed);
  return fmt::format("    schema: {{{}}}  # as the registry holds it\n", fields);
}

std::string owner_text(const AdoptedTopic& topic) {
  std::string out = to_complete(topic) + "  owner:\n" + annotated_owner(topic);
  if (topic.consumers.empty() && !topic.schema && out.ends_with("owner:\n"))
    return out.substr(0, out.size() - 1) + " {}\n";
  if (!topic.consumers.empty()) {
    out += fmt::format("    consumers: {}  # groups with committed offsets on the topic\n",
                       flow_list(topic.consumers));
  }
  if (topic.schema) out += schema_line(*topic.schema);
  return out;
}

}  // namespace

std::string adopted_manifest_text(const AdoptedTopic& topic, const std::string& cluster_id) {
  std::string out = fmt::format(
      "# Adopted from cluster {} by `topicform import`: the settings are the cluster's.\n"
      "apiVersion: topicform/v1\nkind: Topic\nmetadata:\n  name: {}\n",
      yaml_scalar(cluster_id), yaml_scalar(topic.name));
  if (!topic.domain.empty())
    out += fmt::format("  labels: {{domain: {}}}\n", yaml_scalar(topic.domain));
  out += "spec:\n  adopted: true\n";
  out += fmt::format("  partitions: {}\n  replicationFactor: {}\n", topic.partitions,
                     topic.replication_factor);
  if (topic.retention) out += fmt::format("  retention: {}\n", yaml_scalar(*topic.retention));
  if (topic.retention_bytes) {
    out += fmt::format("  retentionBytes: {}\n", yaml_scalar(*topic.retention_bytes));
  }
  if (!topic.cleanup_policy.empty()) {
    out += fmt::format("  cleanupPolicy: {}\n", flow_list(topic.cleanup_policy));
  }
  if (!topic.config.empty()) {
    out += "  config:\n";
    for (const auto& [key, value] : topic.config) {
      out += fmt::format("    {}: {}\n", yaml_scalar(key), yaml_config_scalar(value));
    }
  }
  bool is_dead = is_dead_letter_name(topic.name);
  if (!is_dead) out += dead_letter_text(topic.dead_letter);
  return out + owner_text(topic);
}

std::string adopted_settings_text(const AdoptedEnvironment& environment) {
  std::string servers =
      environment.bootstrap_servers.empty()
          ? ""
          : fmt::format("      bootstrapServers: {}\n", yaml_scalar(environment.bootstrap_servers));
  if (!environment.schema_registry_url.empty()) {
    servers += fmt::format("      schemaRegistry: {{url: {}}}\n",
                           yaml_scalar(environment.schema_registry_url));
  }
  return fmt::format(
      "# Written by `topicform import` for the cluster it adopted; the environment pins its id,\n"
      "# so a plan against another cluster (or a recreated one) is refused.\n"
      "apiVersion: topicform/v1\nkind: Settings\nspec:\n"
      "  defaultEnvironment: {0}\n  environments:\n    {0}:\n{1}"
      "      clusterId: {2}\n      brokers: {3}\n"
      "      replicationFactor: {{default: {4}, minimum: {5}}}\n",
      yaml_scalar(environment.name), servers, yaml_scalar(environment.cluster_id),
      environment.brokers, environment.replication_factor, environment.minimum_replication_factor);
}

}  // namespace topicform
