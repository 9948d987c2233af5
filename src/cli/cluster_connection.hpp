// How plan and apply reach a cluster: flags, environment variable, settings, client properties.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "cluster/kafka_admin.hpp"
#include "core/settings.hpp"

namespace topicform {

struct ConnectionOptions {
  std::string bootstrap;
  std::string command_config;
  std::vector<std::string> properties;
  std::string timeout = "30s";  // a duration; a bare number is seconds
};

// --timeout in milliseconds, or an error naming the bad value.
Result<int> timeout_ms(const ConnectionOptions& options);

void add_connection_options(boost::program_options::options_description& options,
                            ConnectionOptions& into);

// Bootstrap servers: --bootstrap-server, else KAFKA_BOOTSTRAP_SERVERS, else the environment's.
Result<std::unique_ptr<KafkaAdmin>> connect_kafka(const ConnectionOptions& options,
                                                  const Environment& environment);

}  // namespace topicform
