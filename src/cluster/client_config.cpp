// Properties parsing kept to what kafka-*.sh command-config files use in practice.
#include "cluster/client_config.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <string_view>

#include <fmt/format.h>

#include "core/text/env_references.hpp"

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

namespace {

// `name="value"` (or single quotes) inside a JAAS line, the name at the start or after a space.
std::string jaas_option(const std::string& jaas, const std::string& name) {
  for (std::size_t at = jaas.find(name); at != std::string::npos; at = jaas.find(name, at + 1)) {
    if (at > 0 && !std::isspace(static_cast<unsigned char>(jaas[at - 1]))) continue;
    std::size_t i = at + name.size();
    while (i < jaas.size() && std::isspace(static_cast<unsigned char>(jaas[i]))) ++i;
    if (i >= jaas.size() || jaas[i] != '=') continue;
    ++i;
    while (i < jaas.size() && std::isspace(static_cast<unsigned char>(jaas[i]))) ++i;
    if (i >= jaas.size() || (jaas[i] != '"' && jaas[i] != '\'')) continue;
    std::size_t close = jaas.find(jaas[i], i + 1);
    if (close == std::string::npos) return "";
    return jaas.substr(i + 1, close - i - 1);
  }
  return "";
}

}  // namespace

Result<bool> resolve_client_properties(ClientProperties& properties) {
  for (auto& [key, value] : properties) {
    auto expanded = expand_env_references(value, fmt::format("client property '{}'", key));
    if (!expanded) return expanded.error();
    value = *expanded;
  }
  auto jaas = properties.find("sasl.jaas.config");
  if (jaas == properties.end()) return true;
  const std::string& text = jaas->second;
  if (text.find("PlainLoginModule") == std::string::npos &&
      text.find("ScramLoginModule") == std::string::npos) {
    return Error{
        "client property 'sasl.jaas.config': only the Plain and SCRAM login modules can be "
        "translated; give librdkafka's sasl.* properties instead"};
  }
  std::string username = jaas_option(text, "username");
  std::string password = jaas_option(text, "password");
  if (username.empty()) {
    return Error{"client property 'sasl.jaas.config' has no username=\"...\""};
  }
  properties.try_emplace("sasl.username", username);
  properties.try_emplace("sasl.password", password);
  properties.erase(jaas);
  return true;
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
