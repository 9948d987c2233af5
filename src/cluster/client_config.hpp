// librdkafka client properties from files and flags, and which of them must never be printed.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/ground/result.hpp"

namespace topicform {

using ClientProperties = std::map<std::string, std::string>;

// Java-style properties (`key=value` or `key: value`, `#`/`!` comments), as kafka-*.sh take.
Result<ClientProperties> read_properties_file(const std::string& path);

// `key=value` items of `-X` flags.
Result<ClientProperties> parse_property_flags(const std::vector<std::string>& flags);

// Passwords, JAAS configs, secrets, keys: their values are shown as "[hidden]".
// Makes a Java client's properties usable by librdkafka, in place: `${env:NAME}` in any value is
// replaced by that environment variable (so secrets can stay out of files), and a Plain or SCRAM
// `sasl.jaas.config` becomes `sasl.username`/`sasl.password`. Errors name keys, never values.
Result<bool> resolve_client_properties(ClientProperties& properties);

bool is_secret_property(const std::string& key);

}  // namespace topicform
