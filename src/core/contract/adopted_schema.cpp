// The file ending says the type (json, avsc, proto), so the owner card need not: the loader infers
// it back the same way, and a registry level equal to the project's default is not repeated.
#include "core/contract/adopted_schema.hpp"

#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/text/visible_text.hpp"

namespace topicform {
namespace {

std::string ending_of(const std::string& type) {
  if (type == "AVRO") return ".avsc";
  if (type == "PROTOBUF") return ".proto";
  return ".json";
}

// A JSON document one property per line, as a person would write it; other text as registered.
std::string readable(const std::string& text, const std::string& type) {
  if (type == "PROTOBUF") return text.ends_with('\n') ? text : text + "\n";
  auto document = nlohmann::ordered_json::parse(text, nullptr, false);
  if (document.is_discarded()) return text.ends_with('\n') ? text : text + "\n";
  return document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// A name the registry gives a reference, as a file name: letters, digits, `_`, `-`, `.` and `/`,
// relative, never climbing.
bool safe_file_name(const std::string& name) {
  if (name.empty() || name.front() == '/' || name.size() > 255) return false;
  for (char c : name) {
    bool allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   c == '_' || c == '-' || c == '.' || c == '/';
    if (!allowed) return false;
  }
  for (const auto& part : std::filesystem::path(name))
    if (part == ".." || part == "." || part.empty()) return false;
  return true;
}

// `file` (relative to the import folder) as the manifest at `manifest_path` names it.
std::string as_named(const std::string& file, const std::string& manifest_path) {
  namespace fs = std::filesystem;
  fs::path folder = fs::path(manifest_path).parent_path();
  return folder.empty() ? file : fs::path(file).lexically_relative(folder).generic_string();
}

}  // namespace

Result<bool> add_referenced_files(
    AdoptedSchema& schema, const std::string& manifest_path, const std::string& type,
    const std::vector<std::pair<std::string, std::string>>& references) {
  std::string folder = schema.file.substr(0, schema.file.rfind('/') + 1);
  for (const auto& [name, text] : references) {
    if (!safe_file_name(name))
      return Error{fmt::format("the registry names a reference '{}', which is no safe file name",
                               visible(name))};
    AdoptedFile file{folder + name + (type == "AVRO" ? ".avsc" : ""), readable(text, type)};
    if (type == "AVRO") schema.listed.push_back(as_named(file.file, manifest_path));
    schema.uses.push_back(std::move(file));
  }
  return true;
}

std::optional<AdoptedSchema> adopted_schema(const std::string& topic,
                                            const std::string& manifest_path,
                                            const SubjectState& state,
                                            const std::string& default_level) {
  if (!state.exists || state.latest_version == 0) return std::nullopt;
  AdoptedSchema out;
  out.file = "schemas/" + topic + ending_of(state.latest_type);
  out.text = readable(state.latest_schema, state.latest_type);
  out.reference = as_named(out.file, manifest_path);
  if (state.level != default_level) out.level = state.level;
  return out;
}

}  // namespace topicform
