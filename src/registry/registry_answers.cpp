// Each answer is checked for the fields it must have; registries differ in the optional ones
// (Apicurio's lookup answer has no schemaType, its verbose check no messages).
#include "registry/registry_answers.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/model/json_numbers.hpp"
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

// Confluent's error code in an answer already read, or 0.
int code_in(const Json& root) { return json_whole_member<int>(root, "error_code").value_or(0); }

Result<int> integer_field(const std::string& body, const char* key) {
  auto root = parsed(body);
  if (!root) return root.error();
  auto whole = json_whole_member<int>(*root, key);
  if (!whole) return Error{fmt::format("answered without '{}': {}", key, error_words(200, body))};
  return *whole;
}

// Registries number versions from 1; anything lower is an answer not to act on (a plan would
// promise "version 0" and apply would write before the registry refused).
Result<int> version_number(std::optional<int> version, const std::string& body) {
  if (version && *version >= 1) return *version;
  return Error{fmt::format("answered a version that is not a whole number from 1: {}",
                           error_words(200, body))};
}

// A version's "references" ([{"name", "subject", "version"}], absent for none).
Result<std::vector<SubjectReference>> references_in(const Json& root, const std::string& body) {
  std::vector<SubjectReference> out;
  auto list = root.find("references");
  if (list == root.end() || list->is_null()) return out;
  if (!list->is_array()) return Error{"answered references that are not a list"};
  for (const auto& item : *list) {
    auto version = version_number(json_whole_member<int>(item, "version"), body);
    if (!version) return version.error();
    if (!item.contains("name") || !item["name"].is_string() || !item.contains("subject") ||
        !item["subject"].is_string())
      return Error{
          fmt::format("answered a reference without name and subject: {}", error_words(200, body))};
    out.push_back({item["name"].get<std::string>(), item["subject"].get<std::string>(), *version});
  }
  return out;
}

// The schema type an answer gives: Confluent omits it for AVRO.
Result<std::string> type_in(const Json& root, const std::string& body) {
  auto type = root.find("schemaType");
  if (type == root.end()) return std::string("AVRO");
  if (!type->is_string())
    return Error{
        fmt::format("answered a schema type that is not a word: {}", error_words(200, body))};
  return type->get<std::string>();
}

}  // namespace

Result<std::vector<int>> parse_versions(const std::string& body) {
  auto root = parsed(body);
  if (!root) return root.error();
  std::vector<int> versions;
  if (!root->is_array()) return Error{"answered a version list that is not a list"};
  for (const auto& v : *root) {
    auto version = version_number(json_whole<int>(v), body);
    if (!version) return version.error();
    versions.push_back(*version);
  }
  return versions;
}

Result<bool> parse_latest(const std::string& body, SubjectState& state) {
  auto root = parsed(body);
  if (!root) return root.error();
  auto whole = json_whole_member<int>(*root, "version");
  if (!whole || !root->contains("schema") || !(*root)["schema"].is_string()) {
    return Error{fmt::format("answered a latest version without version and schema: {}",
                             error_words(200, body))};
  }
  auto version = version_number(whole, body);
  if (!version) return version.error();
  auto read = parse_schema_version(body);
  if (!read) return read.error();
  state.latest_version = *version;
  state.latest_schema = std::move(read->schema);
  state.latest_type = std::move(read->type);
  state.latest_references = std::move(read->references);
  if (auto id = json_whole_member<int>(*root, "id")) state.latest_id = *id;
  return true;
}

Result<SchemaText> parse_schema_version(const std::string& body) {
  auto root = parsed(body);
  if (!root) return root.error();
  if (!root->is_object() || !root->contains("schema") || !(*root)["schema"].is_string())
    return Error{fmt::format("answered a version without its schema: {}", error_words(200, body))};
  auto type = type_in(*root, body);
  if (!type) return type.error();
  auto references = references_in(*root, body);
  if (!references) return references.error();
  return SchemaText{(*root)["schema"].get<std::string>(), *type, *references};
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

Result<int> parse_version_of(const std::string& body) {
  auto version = integer_field(body, "version");
  if (!version) return version;
  return version_number(*version, body);
}

Result<int> parse_id(const std::string& body) { return integer_field(body, "id"); }

int error_code(const std::string& body) { return code_in(Json::parse(body, nullptr, false)); }

std::string error_words(long status, const std::string& body) {
  Json root = Json::parse(body, nullptr, false);
  if (root.is_object() && root.contains("message") && root["message"].is_string()) {
    long code = code_in(root);
    return fmt::format("{} ({})", visible(root["message"].get<std::string>().substr(0, 300)),
                       code != 0 ? code : status);
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
