// librdkafka client properties from files and flags, and which of them must never be printed.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace topicform {

using ClientProperties = std::map<std::string, std::string>;

// Java-style properties (`key=value` or `key: value`, `#`/`!` comments), as kafka-*.sh take.
Result<ClientProperties> read_properties_file(const std::string& path);

// `key=value` items of `-X` flags.
Result<ClientProperties> parse_property_flags(const std::vector<std::string>& flags);

// Passwords, JAAS configs, secrets, keys: their values are shown as "[hidden]".
bool is_secret_property(const std::string& key);

}  // namespace topicform
