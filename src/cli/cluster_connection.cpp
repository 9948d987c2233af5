// Connection options shared by plan and apply; property values are never echoed (secrets).
#include "cli/cluster_connection.hpp"

#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "core/model/units.hpp"
#include "core/text/env_references.hpp"
#include "registry/http_registry.hpp"

namespace topicform {
namespace po = boost::program_options;

void add_connection_options(po::options_description& options, ConnectionOptions& into,
                            bool waits_for_brokers) {
  std::string timeout_help =
      "how long the cluster may stay silent: each request waits this long, and once nothing has "
      "answered for this long the command stops (a request in flight may take up to 10s more); "
      "30s, 2m, 500ms, a bare number is seconds";
  if (waits_for_brokers) timeout_help += "; with --wait-for-brokers, how long to wait for them";
  options.add_options()("bootstrap-server", po::value(&into.bootstrap),
                        "host:port[,host:port...] (else KAFKA_BOOTSTRAP_SERVERS, else settings)")(
      "command-config", po::value(&into.command_configs)->value_name("FILE")->composing(),
      "a Java-style properties file of client settings (SASL, SSL); a Plain or SCRAM "
      "sasl.jaas.config is understood, and ${env:NAME} in a value reads the environment; "
      "ENV=FILE applies it to environment ENV only (repeatable, for runs over several)")(
      "property,X", po::value(&into.properties)->composing(),
      "a librdkafka client property key=value (also ${env:NAME})")(
      "timeout",
      po::value(&into.timeout)->default_value(DurationMs{30'000}, "30s")->value_name("DURATION"),
      timeout_help.c_str());
}

Bootstrap bootstrap_of(const ConnectionOptions& options, const Environment& environment) {
  if (!options.settings_bootstrap_only) {
    if (!options.bootstrap.empty()) return {options.bootstrap, "--bootstrap-server"};
    if (const char* servers = std::getenv("KAFKA_BOOTSTRAP_SERVERS"); servers && *servers) {
      return {servers, "KAFKA_BOOTSTRAP_SERVERS"};
    }
  }
  return {environment.bootstrap_servers,
          fmt::format("bootstrapServers of environment '{}' in the settings", environment.name)};
}

std::string command_config_for(const ConnectionOptions& options, const std::string& environment) {
  std::string for_all;
  for (const auto& value : options.command_configs) {
    if (!environment.empty() && value.rfind(environment + "=", 0) == 0) {
      return value.substr(environment.size() + 1);
    }
    // A file whose own name holds '=' is still a file for every environment.
    bool named = value.find('=') != std::string::npos && !std::filesystem::exists(value);
    if (!named && for_all.empty()) for_all = value;
  }
  return for_all;
}

Result<KafkaOptions> kafka_options(const ConnectionOptions& options,
                                   const Environment& environment) {
  KafkaOptions kafka;
  kafka.timeout_ms = options.timeout.ms;
  auto bootstrap = bootstrap_of(options, environment);
  // ${env:NAME} keeps each environment's addresses in its own pipeline variable.
  auto servers = expand_env_references(bootstrap.servers, bootstrap.source);
  if (!servers) return servers.error();
  kafka.bootstrap_servers = *servers;
  kafka.bootstrap_source = bootstrap.source;
  if (auto path = command_config_for(options, environment.name); !path.empty()) {
    auto file = read_properties_file(path);
    if (!file) return file.error();
    kafka.properties = *file;
  }
  auto flags = parse_property_flags(options.properties);
  if (!flags) return flags.error();
  for (const auto& [key, value] : *flags) kafka.properties[key] = value;
  if (auto resolved = resolve_client_properties(kafka.properties); !resolved) {
    return resolved.error();
  }
  if (options.settings_bootstrap_only && kafka.properties.count("bootstrap.servers")) {
    return Error{
        "bootstrap.servers in the client properties names one cluster for every "
        "environment: with several environments each uses its own bootstrapServers"};
  }
  if (options.settings_bootstrap_only && kafka.bootstrap_servers.empty()) {
    return Error{fmt::format("no cluster: environment '{}' has no bootstrapServers in the settings",
                             environment.name)};
  }
  if (kafka.bootstrap_servers.empty() && !kafka.properties.count("bootstrap.servers")) {
    return Error{
        "no cluster: give --bootstrap-server, KAFKA_BOOTSTRAP_SERVERS or a "
        "bootstrapServers setting for the environment"};
  }
  return kafka;
}

Result<std::unique_ptr<KafkaAdmin>> connect_kafka(const ConnectionOptions& options,
                                                  const Environment& environment) {
  auto kafka = kafka_options(options, environment);
  if (!kafka) return kafka.error();
  return KafkaAdmin::connect(*kafka);
}

void add_registry_option(boost::program_options::options_description& options,
                         ConnectionOptions& into) {
  options.add_options()(
      "skip-registry", boost::program_options::bool_switch(&into.skip_registry),
      "leave the environment's schema registry alone: only the topics are planned, applied or "
      "checked (without it a registry that cannot be read fails the run)");
}

Result<std::unique_ptr<SchemaRegistry>> connect_registry(const ConnectionOptions& options,
                                                         const Environment& environment) {
  if (!environment.schema_registry || options.skip_registry) {
    return std::unique_ptr<SchemaRegistry>();
  }
  auto registry = open_registry(*environment.schema_registry, options.timeout.ms);
  if (!registry) return registry.error();
  return std::unique_ptr<SchemaRegistry>(std::move(*registry));
}

std::string registry_skipped(const ConnectionOptions& options) {
  if (!options.skip_registry) return "";
  return "--skip-registry: the schema registry was not read, and nothing is written to it";
}

}  // namespace topicform
