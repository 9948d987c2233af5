// Paths are compared after symlinks, so neither `../..` nor a link inside the project can lead out.
#include "manifest/schema_files.hpp"

#include <filesystem>
#include <map>
#include <set>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/model/schema_reference.hpp"
#include "manifest/message_schema_reader.hpp"
#include "manifest/proto_reader.hpp"
#include "manifest/read_file.hpp"

namespace topicform {
namespace {

namespace fs = std::filesystem;

// Property names anywhere in a JSON schema, for owner/no-secrets. Not JSON: none.
std::vector<std::string> schema_field_names(const std::string& text) {
  std::vector<std::string> names;
  nlohmann::json schema = nlohmann::json::parse(text, nullptr, false);
  if (schema.is_discarded()) return names;
  std::vector<const nlohmann::json*> stack{&schema};
  while (!stack.empty()) {
    const nlohmann::json* node = stack.back();
    stack.pop_back();
    if (node->is_object()) {
      if (node->contains("properties") && (*node)["properties"].is_object()) {
        for (const auto& [name, sub] : (*node)["properties"].items()) names.push_back(name);
      }
      for (const auto& [name, sub] : node->items()) stack.push_back(&sub);
    } else if (node->is_array()) {
      for (const auto& sub : *node) stack.push_back(&sub);
    }
  }
  return names;
}

// Why `file` (canonical) must not be read, or "" when it may; `exists` says whether it is there.
std::string refusal(const fs::path& file, const std::vector<std::string>& roots, bool& exists) {
  std::error_code ec;
  exists = fs::exists(file, ec);
  if (!inside_roots(file.string(), roots)) {
    return "is outside the project: only files under the folder of the settings file (or of "
           "the paths given) are read";
  }
  if (!exists) return "";
  if (!fs::is_regular_file(file, ec)) return "is not a regular file";
  if (auto size = fs::file_size(file, ec); ec || size > kMaxSchemaFileBytes) {
    return fmt::format("is larger than {} bytes", kMaxSchemaFileBytes);
  }
  return "";
}

// What a schema reference leads to; the same for every manifest that names the same file.
struct ResolvedSchema {
  std::string why;   // why it must not be read, or ""
  std::string file;  // canonical; "" when absent or unreadable
  std::vector<std::string> fields;
  std::shared_ptr<const MessageSchema> schema;      // a JSON file that is a valid JSON Schema
  std::shared_ptr<const AvroDocument> avro;         // an .avsc that is a valid Avro schema
  std::shared_ptr<const ProtoDocument> proto;       // a .proto that parses and builds
  std::shared_ptr<const ProtoRebuilder> rebuilder;  // builds a registry's copy of that .proto
  std::string text;                                 // an Avro or Protobuf file's text
  std::vector<Diagnostic> findings;                 // what reading it as a schema found
};

// `shown` names the file in diagnostics as the manifest's path leads to it.
ResolvedSchema resolve(const fs::path& joined, const std::string& shown,
                       const std::vector<std::string>& roots,
                       const std::vector<const AvroSchema*>& references) {
  std::error_code ec;
  fs::path file = fs::weakly_canonical(joined, ec);
  bool exists = false;
  ResolvedSchema resolved;
  resolved.why = ec ? "cannot be resolved" : refusal(file, roots, exists);
  if (!resolved.why.empty() || !exists) return resolved;
  auto text = read_regular_file(file.string());
  if (!text) return resolved;
  resolved.file = file.string();
  if (file.extension() == ".json") {
    resolved.fields = schema_field_names(*text);
    resolved.schema = read_message_schema(*text, shown, resolved.findings);
  } else if (file.extension() == ".avsc") {
    resolved.avro = read_avro_document(*text, shown, resolved.findings, references);
    resolved.text = *text;
  } else if (file.extension() == ".proto") {
    std::string name = file.filename().string();
    auto files = project_proto_files(file.parent_path().string(), roots, name, shown, *text);
    resolved.proto = read_proto_document(name, *files, resolved.findings);
    if (resolved.proto) {
      resolved.rebuilder = project_proto_rebuilder(file.parent_path().string(), roots, name,
                                                   shown + " (the registry's version)");
      for (const auto& message : resolved.proto->messages)
        for (const auto& field : message.fields) resolved.fields.push_back(field.name);
    }
    resolved.text = *text;
  }
  return resolved;
}

// Where a schema named in a manifest lies: the absolute path it names, and as diagnostics show it.
struct SchemaPlace {
  bool resolved = false;  // false: the path could not be made absolute
  fs::path absolute;
  std::string normal;  // `absolute` without `.` and `..` parts
  std::string shown;
};

SchemaPlace place_of(const std::string& written_text, const std::string& manifest) {
  fs::path written(written_text);
  fs::path joined = written.is_absolute() ? written : fs::path(manifest).parent_path() / written;
  std::error_code ec;
  fs::path absolute = fs::absolute(joined, ec);
  if (ec) return {};
  return {true, absolute, absolute.lexically_normal().string(), joined.lexically_normal().string()};
}

// Thousands of manifests in one folder name the same schema: the path work (std::filesystem
// splits a path into its parts at every step) is done once per folder and name.
class SchemaPlaces {
 public:
  const SchemaPlace& operator()(const std::string& written, const std::string& manifest) {
    std::string key = manifest.substr(0, manifest.rfind('/') + 1) + '\0' + written;
    auto it = m_places.find(key);
    if (it == m_places.end()) it = m_places.emplace(key, place_of(written, manifest)).first;
    return it->second;
  }

 private:
  std::unordered_map<std::string, SchemaPlace> m_places;
};

// Thousands of topics name one schema file: it is resolved, read and parsed once.
class SchemaResolver {
 public:
  SchemaResolver(const std::vector<std::string>& roots, std::vector<Diagnostic>& diagnostics)
      : m_roots(roots), m_diagnostics(diagnostics) {}

  // A file's findings are reported the first time any manifest names it. An Avro file is read
  // with the types of `references` (each read with those before it), and only when every one
  // of them was read as a valid Avro schema.
  const ResolvedSchema& operator()(const fs::path& joined, const std::string& shown,
                                   const std::vector<const SchemaPlace*>& references = {}) {
    // Not normalised: `dir/..` means the folder above where `dir` leads, if it is a link.
    std::string key = joined.native();
    for (const SchemaPlace* reference : references) key += '\0' + reference->absolute.native();
    auto it = m_resolved.find(key);
    if (it != m_resolved.end()) return it->second;
    std::vector<const AvroSchema*> types;
    for (std::size_t i = 0; i < references.size(); ++i) {
      std::vector<const SchemaPlace*> before(references.begin(), references.begin() + i);
      const ResolvedSchema& read = (*this)(references[i]->absolute, references[i]->shown, before);
      if (read.avro == nullptr) return m_resolved[key];  // unread: the reference says why
      types.push_back(&read.avro->avro);
    }
    it = m_resolved.emplace(key, resolve(joined, shown, m_roots, types)).first;
    if (m_reported.insert(it->second.file + key.substr(joined.native().size())).second ||
        it->second.file.empty()) {
      for (const auto& finding : it->second.findings) m_diagnostics.push_back(finding);
    }
    return it->second;
  }

 private:
  const std::vector<std::string>& m_roots;
  std::vector<Diagnostic>& m_diagnostics;
  std::map<std::string, ResolvedSchema> m_resolved;
  std::set<std::string> m_reported;  // canonical files whose findings are out
};

bool names_avro(const OwnerCard& owner) {
  return owner.schema_type.present ? owner.schema_type.value == "avro"
                                   : owner.schema.value.ends_with(".avsc");
}

// The places of the owner card's schema references, each read (with those before it) into
// `owner.referenced_schemas`; nullopt when one cannot be used, with an error at it (or, for an
// invalid Avro file, at the file's own place).
std::optional<std::vector<const SchemaPlace*>> read_references(
    OwnerCard& owner, const std::string& manifest, SchemaResolver& resolver, SchemaPlaces& places,
    std::vector<Diagnostic>& diagnostics) {
  std::vector<const SchemaPlace*> out;
  auto refuse = [&](const Located<std::string>& reference, const std::string& why) {
    diagnostics.push_back(Diagnostic{Severity::error, "owner/schema-file",
                                     fmt::format("schema reference '{}' {}", reference.value, why),
                                     reference.at});
    owner.referenced_schemas.clear();
    return std::nullopt;
  };
  for (const auto& reference : owner.schema_references) {
    if (!names_avro(owner))
      return refuse(reference,
                    "is for an Avro schema: a .proto names its imports itself, and a "
                    "JSON Schema its $ref");
    if (!reference.value.ends_with(".avsc"))
      return refuse(reference, "is not an Avro schema file (.avsc)");
    const SchemaPlace& place = places(reference.value, manifest);
    if (!place.resolved) return refuse(reference, "cannot be resolved");
    const ResolvedSchema& read = resolver(place.absolute, place.shown, out);
    if (!read.why.empty()) return refuse(reference, read.why);
    if (read.file.empty()) return refuse(reference, "does not exist");
    if (read.avro == nullptr)  // its own errors say where
      return refuse(reference,
                    "is not a valid Avro schema read after the references listed before it; its "
                    "errors say why (a file whose types it uses is listed before it)");
    owner.referenced_schemas.push_back({place.normal, read.text, read.avro});
    out.push_back(&place);
  }
  return out;
}

void check_one(TopicSpec& spec, SchemaResolver& resolver, SchemaPlaces& places,
               std::vector<Diagnostic>& diagnostics) {
  const auto& schema = spec.owner.schema;
  if (!schema.present || !names_local_schema(schema.value)) return;
  auto refuse = [&](const std::string& why) {
    diagnostics.push_back(Diagnostic{Severity::error, "owner/schema-file",
                                     fmt::format("schema '{}' {}", schema.value, why), schema.at});
  };
  const SchemaPlace& place = places(schema.value, spec.document.file.str());
  if (!place.resolved) return refuse("cannot be resolved");
  spec.owner.schema_path = place.normal;
  auto references =
      read_references(spec.owner, spec.document.file.str(), resolver, places, diagnostics);
  if (!references) return;
  const ResolvedSchema& resolved = resolver(place.absolute, place.shown, *references);
  if (!resolved.why.empty()) return refuse(resolved.why);
  if (resolved.file.empty()) return;
  spec.owner.schema_file = resolved.file;
  spec.owner.schema_fields = resolved.fields;
  spec.owner.message_schema = resolved.schema;
  spec.owner.avro_schema = resolved.avro;
  spec.owner.proto_schema = resolved.proto;
  spec.owner.proto_rebuilder = resolved.rebuilder;
  spec.owner.schema_text = resolved.text;
}

}  // namespace

bool inside_roots(const std::string& file, const std::vector<std::string>& roots) {
  for (const auto& root : roots) {
    auto relative = fs::path(file).lexically_relative(root);
    if (!relative.empty() && *relative.begin() != ".." && !relative.is_absolute()) return true;
  }
  return false;
}

std::vector<std::string> project_roots(const Project& project,
                                       const std::vector<std::string>& paths) {
  std::vector<fs::path> chosen;
  if (!project.settings.at.file.empty()) {
    chosen.push_back(fs::path(project.settings.at.file.str()).parent_path());
  } else {
    for (const auto& path : paths) {
      std::error_code ec;
      chosen.push_back(fs::is_directory(path, ec) ? fs::path(path) : fs::path(path).parent_path());
    }
  }
  std::vector<std::string> roots;
  for (const auto& root : chosen) {
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(fs::absolute(root.empty() ? "." : root, ec), ec);
    if (!ec) roots.push_back(canonical.string());
  }
  return roots;
}

void check_schema_files(Project& project, const std::vector<std::string>& roots) {
  SchemaResolver resolver(roots, project.diagnostics);
  SchemaPlaces places;
  for (auto& spec : project.topics) check_one(spec, resolver, places, project.diagnostics);
}

}  // namespace topicform
