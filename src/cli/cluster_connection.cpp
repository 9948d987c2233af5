// Connection options shared by plan and apply; property values are never echoed (secrets).
#include "cli/cluster_connection.hpp"

#include <cstdlib>

namespace topicform {
namespace po = boost::program_options;

void add_connection_options(po::options_description& options, ConnectionOptions& into) {
  options.add_options()("bootstrap-server", po::value(&into.bootstrap),
                        "host:port[,host:port...] (else KAFKA_BOOTSTRAP_SERVERS, else settings)")(
      "command-config", po::value(&into.command_config),
      "a Java-style properties file of client settings (SASL, SSL)")(
      "property,X", po::value(&into.properties)->composing(), "a client property key=value")(
      "timeout", po::value(&into.timeout_seconds)->default_value(30),
      "seconds to wait for each cluster request");
}

Result<std::unique_ptr<KafkaAdmin>> connect_kafka(const ConnectionOptions& options,
                                                  const Environment& environment) {
  KafkaOptions kafka;
  kafka.timeout_ms = options.timeout_seconds * 1000;
  kafka.bootstrap_servers = options.bootstrap;
  if (kafka.bootstrap_servers.empty()) {
    const char* from_env = std::getenv("KAFKA_BOOTSTRAP_SERVERS");
    kafka.bootstrap_servers = from_env && *from_env ? from_env : environment.bootstrap_servers;
  }
  if (!options.command_config.empty()) {
    auto file = read_properties_file(options.command_config);
    if (!file) return file.error();
    kafka.properties = *file;
  }
  auto flags = parse_property_flags(options.properties);
  if (!flags) return flags.error();
  for (const auto& [key, value] : *flags) kafka.properties[key] = value;
  if (kafka.bootstrap_servers.empty() && !kafka.properties.count("bootstrap.servers")) {
    return Error{
        "no cluster: give --bootstrap-server, KAFKA_BOOTSTRAP_SERVERS or a "
        "bootstrapServers setting for the environment"};
  }
  return KafkaAdmin::connect(kafka);
}

}  // namespace topicform
