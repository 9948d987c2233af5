// JSON is checked with nlohmann's event parser first, so a hostile file is refused at its depth
// or size before any tree is built; the YAML reader then supplies the marks (JSON is YAML).
#include "manifest/message_schema_reader.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/contract/local_ref.hpp"
#include "manifest/schema_check.hpp"
#include "manifest/yaml_document.hpp"

namespace topicform {
namespace {

using Json = nlohmann::json;

Location location_of(std::string_view text, std::size_t offset, const std::string& file) {
  offset = std::min(offset, text.size());
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return Location{file, line, static_cast<int>(offset - line_start) + 1};
}

// Counts depth and nodes; stops at the first excess or syntax error and remembers where.
class BoundedJson : public nlohmann::json_sax<Json> {
 public:
  std::string problem;
  std::size_t at = 0;

  bool null() override { return node(); }
  bool boolean(bool) override { return node(); }
  bool number_integer(number_integer_t) override { return node(); }
  bool number_unsigned(number_unsigned_t) override { return node(); }
  bool number_float(number_float_t, const string_t&) override { return node(); }
  bool string(string_t&) override { return node(); }
  bool binary(binary_t&) override { return node(); }
  bool start_object(std::size_t) override { return open(); }
  bool key(string_t&) override { return true; }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& error) override {
    std::string what = error.what();
    auto colon = what.rfind(": ");
    problem = "is not JSON: " + (colon == std::string::npos ? what : what.substr(colon + 2));
    at = position == 0 ? 0 : position - 1;
    return false;
  }

 private:
  bool node() {
    if (++m_nodes <= kMaxNodesPerDocument) return true;
    problem = fmt::format("holds more than {} values", kMaxNodesPerDocument);
    return false;
  }
  bool open() {
    if (++m_depth <= kMaxDepth) return node();
    problem = fmt::format("nests deeper than {} levels", kMaxDepth);
    return false;
  }
  bool close() {
    --m_depth;
    return true;
  }
  int m_depth = 0;
  std::size_t m_nodes = 0;
};

}  // namespace

namespace {

// Where each node was written, from the YAML reader; none when it reads the text otherwise.
std::unordered_map<std::string, Location> marks_of(std::string_view text, const std::string& file,
                                                   YamlDocument& document) {
  std::vector<Diagnostic> ignored;
  auto documents = parse_yaml_documents(text, file, ignored);
  std::unordered_map<std::string, Location> marks;
  if (documents.size() != 1) return marks;
  document.marks = std::move(documents[0].marks);
  for (const auto& [pointer, node] : document.marks) marks[pointer] = node.key_at;
  return marks;
}

// Whether following `node`'s chain of local $refs comes back to a node already passed.
bool loops(const Json& root, const Json& node) {
  std::vector<const Json*> passed{&node};
  const Json* at = &node;
  while (at->is_object() && at->contains("$ref") && (*at)["$ref"].is_string()) {
    at = local_ref_target(root, (*at)["$ref"].get<std::string>());
    if (at == nullptr) return false;
    if (std::find(passed.begin(), passed.end(), at) != passed.end()) return true;
    passed.push_back(at);
  }
  return false;
}

// Every local $ref must name a node of the file; a remote one is never fetched.
void check_refs(const MessageSchema& schema, std::vector<Diagnostic>& diagnostics,
                const std::string& pointer, const Json& node) {
  if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i)
      check_refs(schema, diagnostics, pointer + "/" + std::to_string(i), node[i]);
    return;
  }
  if (!node.is_object()) return;
  if (auto ref = node.find("$ref"); ref != node.end() && ref->is_string()) {
    std::string target = ref->get<std::string>();
    std::string at = pointer_child(pointer, "$ref");
    bool local = target.starts_with("#");
    bool resolves = local_ref_target(schema.root, target) != nullptr;
    if (!local) {
      diagnostics.push_back(
          {Severity::warning, "contract/remote-ref",
           fmt::format("$ref '{}' is never fetched: what it names is not "
                       "checked for compatibility; a changed reference is a break",
                       target),
           schema.at(at)});
    } else if (!resolves) {
      diagnostics.push_back({Severity::error, "contract/schema-invalid",
                             fmt::format("$ref '{}' names nothing in this file", target),
                             schema.at(at)});
    } else if (loops(schema.root, node)) {
      diagnostics.push_back({Severity::error, "contract/schema-invalid",
                             fmt::format("$ref '{}' leads back to itself through $refs alone: it "
                                         "never reaches a schema",
                                         target),
                             schema.at(at)});
    }
  }
  for (const auto& [key, child] : node.items()) {
    if (key != "enum" && key != "const" && key != "default" && key != "examples")
      check_refs(schema, diagnostics, pointer_child(pointer, key), child);
  }
}

}  // namespace

std::optional<nlohmann::json> parse_bounded_json(std::string_view text, const std::string& file,
                                                 std::vector<Diagnostic>& diagnostics) {
  BoundedJson bounds;
  if (!Json::sax_parse(text.begin(), text.end(), &bounds) || !bounds.problem.empty()) {
    diagnostics.push_back({Severity::error, "contract/schema-invalid",
                           fmt::format("schema file {}", bounds.problem),
                           location_of(text, bounds.at, file)});
    return std::nullopt;
  }
  return Json::parse(text);
}

namespace {

// The JSON of a schema file with the place of each node; null when it is not bounded strict JSON.
std::shared_ptr<MessageSchema> marked_json(std::string_view text, const std::string& file,
                                           std::vector<Diagnostic>& diagnostics,
                                           YamlDocument& document) {
  auto root = parse_bounded_json(text, file, diagnostics);
  if (!root) return nullptr;
  auto schema = std::make_shared<MessageSchema>();
  schema->file = file;
  schema->root = std::move(*root);
  schema->marks = marks_of(text, file, document);
  return schema;
}

}  // namespace

std::optional<AvroSchema> read_avro_file(std::string_view text, const std::string& file,
                                         std::vector<Diagnostic>& diagnostics) {
  YamlDocument document;
  auto json = marked_json(text, file, diagnostics, document);
  if (!json) return std::nullopt;
  return read_avro(*json, diagnostics);
}

std::shared_ptr<const AvroDocument> read_avro_document(
    std::string_view text, const std::string& file, std::vector<Diagnostic>& diagnostics,
    const std::vector<const AvroSchema*>& references) {
  YamlDocument document;
  auto json = marked_json(text, file, diagnostics, document);
  if (!json) return nullptr;
  auto avro = read_avro(*json, diagnostics, references);
  if (!avro) return nullptr;
  auto out = std::make_shared<AvroDocument>();
  static_cast<MessageSchema&>(*out) = std::move(*json);
  out->avro = std::move(*avro);
  return out;
}

std::shared_ptr<const MessageSchema> read_message_schema(std::string_view text,
                                                         const std::string& file,
                                                         std::vector<Diagnostic>& diagnostics) {
  YamlDocument document;
  auto schema = marked_json(text, file, diagnostics, document);
  if (!schema) return nullptr;
  document.root = schema->root;
  document.start = Location{file, 1, 1};
  // JSON the YAML reader reads otherwise leaves no marks: every place is then the file's start.
  document.marks.try_emplace("", NodeMarks{document.start, document.start});
  std::size_t before = diagnostics.size();
  check_schema(document, DocumentKind::json_schema, diagnostics);
  check_refs(*schema, diagnostics, "", schema->root);
  for (std::size_t i = before; i < diagnostics.size(); ++i)
    if (diagnostics[i].severity == Severity::error) return nullptr;
  return schema;
}

}  // namespace topicform
