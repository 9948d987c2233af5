// Each answer is checked for the fields it must have; registries differ in the optional ones
// (Apicurio's lookup answer has no schemaType, its verbose check no messages).
#include "registry/registry_answers.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/text/visible_text.hpp"

namespace topicform {
namespace {

using Json = nlohmann::json;

Result<Json> parsed(const std::string& body) {
  Json root = Json::parse(body, nullptr, false);
  if (root.is_discarded()) {
    return Error{fmt::format("answered something that is not JSON: {}", error_words(200, body))};
  }
  return root;
}

Result<int> integer_field(const std::string& body, const char* key) {
  auto root = parsed(body);
  if (!root) return root.error();
  auto it = root->is_object() ? root->find(key) : root->end();
  if (it == root->end() || !it->is_number_integer()) {
    return Error{fmt::format("answered without '{}': {}", key, error_words(200, body))};
  }
  return it->get<int>();
}

}  // namespace

Result<std::vector<int>> parse_versions(const std::string& body) {
  auto root = parsed(body);
  if (!root) return root.error();
  std::vector<int> versions;
  if (!root->is_array()) return Error{"answered a version list that is not a list"};
  for (const auto& v : *root) {
    if (!v.is_number_integer()) return Error{"answered a version that is not a number"};
    versions.push_back(v.get<int>());
  }
  return versions;
}

Result<bool> parse_latest(const std::string& body, SubjectState& state) {
  auto root = parsed(body);
  if (!root) return root.error();
  if (!root->is_object() || !root->contains("version") || !(*root)["version"].is_number_integer() ||
      !root->contains("schema") || !(*root)["schema"].is_string()) {
    return Error{fmt::format("answered a latest version without version and schema: {}",
                             error_words(200, body))};
  }
  state.latest_version = (*root)["version"].get<int>();
  state.latest_schema = (*root)["schema"].get<std::string>();
  state.latest_type = root->value("schemaType", std::string("AVRO"));  // Confluent omits AVRO
  if (root->contains("id") && (*root)["id"].is_number_integer())
    state.latest_id = (*root)["id"].get<int>();
  return true;
}

Result<std::string> parse_level(const std::string& body) {
  auto root = parsed(body);
  if (!root) return root.error();
  for (const char* key : {"compatibilityLevel", "compatibility"}) {
    if (root->is_object() && root->contains(key) && (*root)[key].is_string())
      return (*root)[key].get<std::string>();
  }
  return Error{fmt::format("answered no compatibility level: {}", error_words(200, body))};
}

Result<RegistryVerdict> parse_verdict(const std::string& body) {
  auto root = parsed(body);
  if (!root) return root.error();
  if (!root->is_object() || !root->contains("is_compatible") ||
      !(*root)["is_compatible"].is_boolean()) {
    return Error{fmt::format("answered no verdict: {}", error_words(200, body))};
  }
  RegistryVerdict verdict{(*root)["is_compatible"].get<bool>(), {}};
  if (root->contains("messages") && (*root)["messages"].is_array()) {
    for (const auto& m : (*root)["messages"])
      if (m.is_string()) verdict.reasons.push_back(visible(m.get<std::string>()));
  }
  return verdict;
}

Result<int> parse_version_of(const std::string& body) { return integer_field(body, "version"); }

Result<int> parse_id(const std::string& body) { return integer_field(body, "id"); }

int error_code(const std::string& body) {
  Json root = Json::parse(body, nullptr, false);
  if (!root.is_object() || !root.contains("error_code") || !root["error_code"].is_number_integer())
    return 0;
  return root["error_code"].get<int>();
}

std::string error_words(long status, const std::string& body) {
  Json root = Json::parse(body, nullptr, false);
  if (root.is_object() && root.contains("message") && root["message"].is_string()) {
    return fmt::format("{} ({})", visible(root["message"].get<std::string>().substr(0, 300)),
                       error_code(body) != 0 ? error_code(body) : status);
  }
  // A proxy in front of the registry (nginx, an ingress) answers with an HTML page: its title says
  // it in a line, where the page's first bytes would be markup.
  auto title = body.find("<title>");
  auto title_end = body.find("</title>", title == std::string::npos ? 0 : title);
  if (body.starts_with("<") && title != std::string::npos && title_end != std::string::npos &&
      title_end - title < 300) {
    std::string text = visible(body.substr(title + 7, title_end - title - 7));
    return fmt::format("HTTP {}: an HTML page, not the registry's answer: \"{}\"", status, text);
  }
  std::string start = visible(body.substr(0, 300));
  return start.empty() ? fmt::format("HTTP {} with an empty body", status)
                       : fmt::format("HTTP {}: {}", status, start);
}

}  // namespace topicform
