// How plan and apply reach a cluster: flags, environment variable, settings, client properties.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "cli/duration_flag.hpp"
#include "cluster/kafka_admin.hpp"
#include "core/contract/schema_registry.hpp"
#include "core/model/settings.hpp"

namespace topicform {

struct ConnectionOptions {
  std::string bootstrap;
  std::vector<std::string> command_configs;  // --command-config: FILE, or ENV=FILE
  std::vector<std::string> properties;
  DurationMs timeout{30'000};  // --timeout: how long the cluster may stay silent
  bool skip_registry = false;  // --skip-registry: plan and apply leave the registry alone
  // A run over several environments: each reaches the one its settings name, so neither
  // --bootstrap-server nor KAFKA_BOOTSTRAP_SERVERS (one cluster for all) is used.
  bool settings_bootstrap_only = false;
};

// The flags that reach a cluster; `waits_for_brokers` adds what --timeout means to
// --wait-for-brokers (apply only).
void add_connection_options(boost::program_options::options_description& options,
                            ConnectionOptions& into, bool waits_for_brokers = false);

struct Bootstrap {
  std::string servers;  // empty when nothing names any
  std::string source;   // where they came from, for errors: "KAFKA_BOOTSTRAP_SERVERS"
};

// The one lookup of the cluster: --bootstrap-server, else KAFKA_BOOTSTRAP_SERVERS (when not
// empty), else the environment's bootstrapServers (only that with settings_bootstrap_only).
Bootstrap bootstrap_of(const ConnectionOptions& options, const Environment& environment);

// The --command-config file for `environment`: its ENV=FILE, else the one given without a name,
// else "".
std::string command_config_for(const ConnectionOptions& options, const std::string& environment);

// The client options of a connection (bootstrap servers as connect_kafka finds them, the
// properties with their ${env:...} resolved), for clients beside the admin one.
Result<KafkaOptions> kafka_options(const ConnectionOptions& options,
                                   const Environment& environment);

// Bootstrap servers: --bootstrap-server, else KAFKA_BOOTSTRAP_SERVERS, else the environment's.
Result<std::unique_ptr<KafkaAdmin>> connect_kafka(const ConnectionOptions& options,
                                                  const Environment& environment);

// --skip-registry, for plan and apply.
void add_registry_option(boost::program_options::options_description& options,
                         ConnectionOptions& into);

// The environment's Schema Registry, null when it names none or --skip-registry was given;
// requests end within --timeout.
Result<std::unique_ptr<SchemaRegistry>> connect_registry(const ConnectionOptions& options,
                                                         const Environment& environment);

// Why a plan leaves the environment's registry alone (--skip-registry), or "" when it reads it.
std::string registry_skipped(const ConnectionOptions& options);

}  // namespace topicform
