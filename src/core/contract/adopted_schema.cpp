// The file ending says the type (json, avsc, proto), so the owner card need not: the loader infers
// it back the same way, and a registry level equal to the project's default is not repeated.
#include "core/contract/adopted_schema.hpp"

#include <filesystem>

#include <nlohmann/json.hpp>

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

}  // namespace

std::optional<AdoptedSchema> adopted_schema(const std::string& topic,
                                            const std::string& manifest_path,
                                            const SubjectState& state,
                                            const std::string& default_level) {
  if (!state.exists || state.latest_version == 0) return std::nullopt;
  AdoptedSchema out;
  out.file = "schemas/" + topic + ending_of(state.latest_type);
  out.text = readable(state.latest_schema, state.latest_type);
  namespace fs = std::filesystem;
  fs::path folder = fs::path(manifest_path).parent_path();
  out.reference =
      folder.empty() ? out.file : fs::path(out.file).lexically_relative(folder).generic_string();
  if (state.level != default_level) out.level = state.level;
  return out;
}

}  // namespace topicform
