// valijson over nlohmann::json (its yaml-cpp adapter cannot be used with 1.0); errors reworded.
#include "manifest/schema_check.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include "core/text/spelling.hpp"
#include "manifest/schema_sources.hpp"

namespace topicform {
namespace {

struct CompiledSchema {
  nlohmann::json source;
  valijson::Schema schema;
};

const CompiledSchema& compiled(DocumentKind kind) {
  auto build = [](std::string_view text) {
    auto* out = new CompiledSchema;  // lives for the whole run; valijson's Schema cannot move
    out->source = nlohmann::json::parse(text);
    valijson::SchemaParser parser;
    valijson::adapters::NlohmannJsonAdapter adapter(out->source);
    parser.populateSchema(adapter, out->schema);
    return out;
  };
  static const CompiledSchema* topic = build(kTopicSchema);
  static const CompiledSchema* settings = build(kSettingsSchema);
  static const CompiledSchema* meta = build(kMetaSchema);
  switch (kind) {
    case DocumentKind::topic:
      return *topic;
    case DocumentKind::settings:
      return *settings;
    case DocumentKind::json_schema:
      return *meta;
  }
  return *topic;
}

// The oneOf branch of `node` that declares property `part`, or `node` itself.
const nlohmann::json* branch_with(const nlohmann::json& node, const std::string& part) {
  if (node.contains("properties") || !node.contains("oneOf")) return &node;
  for (const auto& branch : node["oneOf"]) {
    if (branch.contains("properties") && branch["properties"].contains(part)) return &branch;
  }
  return &node;
}

// The schema node that describes `pointer`, following properties, items and local $refs.
const nlohmann::json* subschema(const nlohmann::json& root, const std::string& pointer) {
  const nlohmann::json* node = &root;
  auto resolve = [&](const nlohmann::json* n) {
    while (n->contains("$ref")) {
      std::string ref = (*n)["$ref"].get<std::string>();
      n = &root.at(nlohmann::json::json_pointer(ref.substr(1)));
    }
    return n;
  };
  node = resolve(node);
  std::size_t i = 0;
  while (i < pointer.size()) {
    std::size_t next = pointer.find('/', i + 1);
    std::string part =
        pointer.substr(i + 1, next == std::string::npos ? std::string::npos : next - i - 1);
    node = branch_with(*node, part);
    if (node->contains("properties") && (*node)["properties"].contains(part)) {
      node = &(*node)["properties"][part];
    } else if (node->contains("additionalProperties") &&
               (*node)["additionalProperties"].is_object()) {
      node = &(*node)["additionalProperties"];
    } else if (node->contains("items")) {
      node = &(*node)["items"];
    } else {
      return nullptr;
    }
    node = resolve(node);
    if (next == std::string::npos) break;
    i = next;
  }
  return node;
}

std::string json_type_name(const nlohmann::json& value) {
  if (value.is_null()) return "nothing";
  if (value.is_boolean()) return "a boolean";
  if (value.is_number_integer()) return "a whole number";
  if (value.is_number()) return "a number";
  if (value.is_string()) return "text";
  if (value.is_array()) return "a list";
  return "a mapping";
}

std::string expected_types(const nlohmann::json& schema) {
  static const std::map<std::string, std::string> kNames{
      {"string", "text"},           {"integer", "a whole number"}, {"number", "a number"},
      {"boolean", "true or false"}, {"array", "a list"},           {"object", "a mapping"}};
  std::vector<std::string> names;
  auto add = [&](const nlohmann::json& t) { names.push_back(kNames.at(t.get<std::string>())); };
  if (schema.contains("type")) {
    if (schema["type"].is_array()) {
      for (const auto& t : schema["type"]) add(t);
    } else {
      add(schema["type"]);
    }
  }
  return fmt::format("{}", fmt::join(names, " or "));
}

std::string path_name(const std::string& pointer) {
  return pointer.empty() ? "the document" : fmt::format("'{}'", display_path(pointer));
}

class ErrorMapper {
 public:
  ErrorMapper(const YamlDocument& document, const nlohmann::json& schema, std::string rule,
              std::vector<Diagnostic>& out)
      : m_document(document), m_schema(schema), m_rule(std::move(rule)), m_out(out) {}

  void map(const std::string& pointer, const std::string& description) {
    const nlohmann::json* sub = subschema(m_schema, pointer);
    const nlohmann::json& value = m_document.root.at(nlohmann::json::json_pointer(pointer));
    const NodeMarks& marks = m_document.at(pointer);
    if (description.starts_with("Object contains a property")) {
      return unknown_fields(pointer, sub, value);
    }
    if (description.starts_with("Missing required property '")) {
      std::string field = description.substr(27, description.find('\'', 27) - 27);
      return emit(pointer_child(pointer, field), marks.key_at,
                  fmt::format("{} lacks the required field '{}'", path_name(pointer), field));
    }
    // A child's failure is reported at the child; the parent's hint would misdescribe it.
    if (summarises_child(description)) return;
    // A range is more precise than the field's type hint.
    if (description.starts_with("Expected number")) {
      std::string bound = description.substr(16);
      // valijson prints bounds as doubles ("9000.000000"); the schema's are whole numbers.
      if (auto dot = bound.find(".000000"); dot != std::string::npos) bound.erase(dot, 7);
      return emit(pointer, marks.value_at,
                  fmt::format("{} must be {}, got {}", path_name(pointer), bound, value.dump()));
    }
    // A mapping whose own field is wrong is told at that field, not as the wrong shape.
    if (has_reported_below(pointer)) return;
    if (sub && sub->contains("x-expected")) {
      return emit(pointer, marks.value_at,
                  fmt::format("{} must be {}, got {}", path_name(pointer),
                              (*sub)["x-expected"].get<std::string>(), describe(value)));
    }
    if (description.starts_with("Value type not permitted") && sub) {
      return emit(pointer, marks.value_at,
                  fmt::format("{} must be {}, got {}", path_name(pointer), expected_types(*sub),
                              describe(value)));
    }
    if (description.starts_with("Failed to match against any enum values") && sub) {
      std::vector<std::string> choices;
      for (const auto& choice : (*sub)["enum"]) choices.push_back(choice.get<std::string>());
      return emit(pointer, marks.value_at,
                  fmt::format("{} must be one of {}, got {}", path_name(pointer),
                              fmt::join(choices, ", "), describe(value)));
    }
    if (is_wrapper(description)) return;
    emit(pointer, marks.value_at, fmt::format("{}: {}", path_name(pointer), description));
  }

 private:
  bool has_reported_below(const std::string& pointer) const {
    return std::any_of(m_seen.begin(), m_seen.end(),
                       [&](const std::string& key) { return key.starts_with(pointer + "/"); });
  }

  static bool summarises_child(const std::string& description) {
    return description.starts_with("Failed to validate against schema associated with") ||
           description.starts_with("Failed to validate item #") ||
           description.starts_with("Failed to validate against additional properties");
  }

  static bool is_wrapper(const std::string& description) {
    return description.starts_with("Failed to validate against schema associated with") ||
           description.starts_with("Failed to validate item #") ||
           description.starts_with("Failed to validate against child schema") ||
           description.starts_with("Failed to validate against any child schemas") ||
           description.starts_with("Failed to validate against exactly one") ||
           description.starts_with("Failed to validate against additional properties");
  }

  static std::string describe(const nlohmann::json& value) {
    if (value.is_string()) return fmt::format("'{}'", value.get<std::string>());
    if (value.is_primitive() && !value.is_null()) return value.dump();
    return json_type_name(value);
  }

  void unknown_fields(const std::string& pointer, const nlohmann::json* sub,
                      const nlohmann::json& value) {
    if (!sub || !value.is_object()) return;
    std::vector<std::string> known;
    if (sub->contains("properties")) {
      for (const auto& [name, schema] : (*sub)["properties"].items()) known.push_back(name);
    }
    for (const auto& [name, child] : value.items()) {
      if (std::find(known.begin(), known.end(), name) != known.end()) continue;
      std::string hint;
      std::vector<std::string_view> candidates(known.begin(), known.end());
      if (auto close = closest_word(name, candidates, 2)) {
        hint = fmt::format(": did you mean '{}'?", *close);
      } else if (!known.empty()) {
        hint = fmt::format(" (known: {})", fmt::join(known, ", "));
      }
      std::string child_pointer = pointer_child(pointer, name);
      emit(child_pointer, m_document.at(child_pointer).key_at,
           fmt::format("unknown field '{}' in {}{}", name, path_name(pointer), hint));
    }
  }

  void emit(const std::string& key, const Location& at, std::string message) {
    if (!m_seen.insert(key + "\n" + message).second) return;
    m_out.push_back(Diagnostic{Severity::error, m_rule, std::move(message), at});
  }

  const YamlDocument& m_document;
  const nlohmann::json& m_schema;
  std::string m_rule;
  std::vector<Diagnostic>& m_out;
  std::set<std::string> m_seen;
};

std::string context_to_pointer(const std::vector<std::string>& context) {
  std::string pointer;
  for (const auto& part : context) {
    if (part == "<root>") continue;
    pointer = pointer_child(pointer, part.size() >= 2 ? part.substr(1, part.size() - 2) : part);
  }
  return pointer;
}

}  // namespace

std::string_view schema_text(DocumentKind kind) {
  switch (kind) {
    case DocumentKind::topic:
      return kTopicSchema;
    case DocumentKind::settings:
      return kSettingsSchema;
    case DocumentKind::json_schema:
      return kMetaSchema;
  }
  return kTopicSchema;
}

bool check_schema(const YamlDocument& document, DocumentKind kind,
                  std::vector<Diagnostic>& diagnostics) {
  const CompiledSchema& schema = compiled(kind);
  valijson::Validator validator;
  valijson::adapters::NlohmannJsonAdapter target(document.root);
  // Without a place for errors valijson stops at the first one and describes none: valid
  // manifests, nearly all of them, are checked that way, and only an invalid one twice.
  if (validator.validate(schema.schema, target, nullptr)) return true;
  valijson::ValidationResults results;
  if (validator.validate(schema.schema, target, &results)) return true;
  // Errors come outermost first; the mapper drops wrappers and repeats of one message per path.
  std::vector<std::pair<std::string, std::string>> errors;
  valijson::ValidationResults::Error error;
  while (results.popError(error)) {
    errors.emplace_back(context_to_pointer(error.context), error.description);
  }
  std::string rule =
      kind == DocumentKind::json_schema ? "contract/schema-invalid" : "manifest/schema";
  // Deepest first: a field's own error is found before its parent's shape is blamed.
  std::stable_sort(errors.begin(), errors.end(), [](const auto& a, const auto& b) {
    return std::count(a.first.begin(), a.first.end(), '/') >
           std::count(b.first.begin(), b.first.end(), '/');
  });
  ErrorMapper mapper(document, schema.source, rule, diagnostics);
  std::size_t before = diagnostics.size();
  for (const auto& [pointer, description] : errors) {
    if (!document.root.contains(nlohmann::json::json_pointer(pointer))) continue;
    mapper.map(pointer, description);
  }
  if (diagnostics.size() == before) {
    diagnostics.push_back(Diagnostic{Severity::error, rule,
                                     "the document does not match the schema", document.start});
  }
  return false;
}

}  // namespace topicform
