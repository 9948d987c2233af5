// The validator keeps checks that rules report more precisely (partitions >= 1, duration units)
// out of the compiled-in schema and marks them `x-editor`: an editor has no rules, so its schema
// carries them itself.
#include "manifest/published_schema.hpp"

#include <cstdint>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "core/model/topic_configs.hpp"

namespace topicform {
namespace {

using Json = nlohmann::ordered_json;

// Applies every `x-editor` object to the node holding it, then drops every `x-` keyword.
void publish_node(Json& node) {
  if (node.is_array()) {
    for (auto& item : node) publish_node(item);
    return;
  }
  if (!node.is_object()) return;
  if (node.contains("x-editor")) {
    Json editor = node["x-editor"];
    for (auto& [key, value] : editor.items()) node[key] = value;
  }
  for (auto it = node.begin(); it != node.end();) {
    it = it.key().starts_with("x-") ? node.erase(it) : std::next(it);
  }
  for (auto& [key, value] : node.items()) publish_node(value);
}

// A bound of `info` as JSON: a whole number unless the config is a real.
Json bound_json(const TopicConfigInfo& info, double x) {
  return info.type == ConfigType::real ? Json(x) : Json(static_cast<std::int64_t>(x));
}

Json number_schema(const TopicConfigInfo& info, const char* type) {
  Json number = {{"type", type}, {"minimum", bound_json(info, info.minimum)}};
  if (info.maximum < kNoUpperLimit) number["maximum"] = bound_json(info, info.maximum);
  const char* digits = info.type == ConfigType::real ? "^[0-9]+(\\.[0-9]+)?$" : "^-?[0-9]+$";
  return {{"anyOf", Json::array({number, {{"type", "string"}, {"pattern", digits}}})}};
}

// "^ *(compact|delete)( *, *(compact|delete))* *$": a comma-separated list of the choices.
std::string list_pattern(const TopicConfigInfo& info) {
  return fmt::format("^ *({0})( *, *({0}))* *$", fmt::join(info.choices, "|"));
}

// "a whole number from 1 to 2147483647", "one of CreateTime, LogAppendTime", for hovers.
std::string value_text(const TopicConfigInfo& info) {
  auto bound = [&](double x) {
    return info.type == ConfigType::real ? fmt::format("{}", x)
                                         : fmt::format("{}", static_cast<std::int64_t>(x));
  };
  std::string range = info.maximum < kNoUpperLimit
                          ? fmt::format(" from {} to {}", bound(info.minimum), bound(info.maximum))
                          : fmt::format(", at least {}", bound(info.minimum));
  switch (info.type) {
    case ConfigType::boolean:
      return "true or false";
    case ConfigType::integer:
    case ConfigType::long_integer:
      return "a whole number" + range;
    case ConfigType::real:
      return "a number" + range;
    case ConfigType::choice:
      return fmt::format("one of {}", fmt::join(info.choices, ", "));
    case ConfigType::list:
      return info.choices.empty()
                 ? "a comma-separated list"
                 : fmt::format("a comma-separated list of {}", fmt::join(info.choices, ", "));
    case ConfigType::text:
      break;
  }
  return "text";
}

Json config_schema(const TopicConfigInfo& info) {
  Json out;
  switch (info.type) {
    case ConfigType::boolean:
      out = {{"enum", Json::array({true, false, "true", "false"})}};
      break;
    case ConfigType::integer:
    case ConfigType::long_integer:
      out = number_schema(info, "integer");
      break;
    case ConfigType::real:
      out = number_schema(info, "number");
      break;
    case ConfigType::choice:
      out = {{"enum", Json(std::vector<std::string>(info.choices.begin(), info.choices.end()))}};
      break;
    case ConfigType::list:
      out = {{"type", "string"}};
      if (!info.choices.empty()) out["pattern"] = list_pattern(info);
      break;
    case ConfigType::text:
      out = {{"type", Json::array({"string", "number", "boolean"})}};
      break;
  }
  out["description"] = fmt::format("Kafka 4.x topic config: {}.", value_text(info));
  return out;
}

// The config mapping with every key Kafka 4.x knows, and nothing else (a typo is flagged).
void add_config_keys(Json& config) {
  Json properties = Json::object();
  for (const auto& info : topic_configs()) properties[std::string(info.key)] = config_schema(info);
  config["properties"] = properties;
  config["additionalProperties"] = false;
}

}  // namespace

std::string published_schema(DocumentKind kind) {
  Json schema = Json::parse(schema_text(kind));
  publish_node(schema);
  if (kind == DocumentKind::topic) add_config_keys(schema["definitions"]["config"]);
  return schema.dump(2) + "\n";
}

const char* published_schema_name(DocumentKind kind) {
  return kind == DocumentKind::topic ? "topic.schema.json" : "settings.schema.json";
}

}  // namespace topicform
