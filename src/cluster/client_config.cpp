// Properties parsing kept to what kafka-*.sh command-config files use in practice.
#include "cluster/client_config.hpp"

#include <fstream>

#include <fmt/format.h>

namespace topicform {
namespace {

std::string trim(const std::string& text) {
  auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

}  // namespace

Result<ClientProperties> read_properties_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{fmt::format("cannot read command config '{}'", path)};
  ClientProperties properties;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    std::string text = trim(line);
    if (text.empty() || text[0] == '#' || text[0] == '!') continue;
    auto separator = text.find_first_of("=:");
    if (separator == std::string::npos) {
      return Error{fmt::format("{}:{}: expected key=value", path, number)};
    }
    properties[trim(text.substr(0, separator))] = trim(text.substr(separator + 1));
  }
  return properties;
}

Result<ClientProperties> parse_property_flags(const std::vector<std::string>& flags) {
  ClientProperties properties;
  for (const auto& flag : flags) {
    auto separator = flag.find('=');
    if (separator == std::string::npos || separator == 0) {
      return Error{fmt::format("-X expects key=value, got '{}'", flag)};
    }
    properties[flag.substr(0, separator)] = flag.substr(separator + 1);
  }
  return properties;
}

bool is_secret_property(const std::string& key) {
  for (const char* word : {"password", "secret", "jaas", "key", "token", "credential"}) {
    if (key.find(word) != std::string::npos && key != "ssl.key.location" &&
        key != "ssl.keystore.location") {
      return true;
    }
  }
  return false;
}

}  // namespace topicform
