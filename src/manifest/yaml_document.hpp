// YAML text -> JSON documents that remember where every key and value was written.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/ground/diagnostic.hpp"
#include "core/ground/location.hpp"

namespace topicform {

struct NodeMarks {
  Location key_at;  // the key of a mapping entry; the value itself for array items and root
  Location value_at;
};

struct YamlDocument {
  nlohmann::json root;
  // JSON pointer ("/spec/partitions", "/spec/owner/consumers/0") -> marks. The root is "".
  std::unordered_map<std::string, NodeMarks> marks;
  Location start;

  // The marks of `pointer`, or the document start when unknown.
  const NodeMarks& at(const std::string& pointer) const;
};

// Limits that keep a hostile file from exhausting memory or stack.
inline constexpr std::size_t kMaxManifestBytes = 4u << 20;
inline constexpr std::size_t kMaxNodesPerDocument = 100'000;
inline constexpr int kMaxDepth = 64;

// Which reader reads a document: the plain reader (manifest/plain_yaml) where it can, else
// yaml-cpp; or yaml-cpp alone, which tests compare the plain reader with.
enum class YamlReaders { plain_first, yaml_cpp_only };

// Parses every document of `text` (named `file` in diagnostics). Null documents are skipped; a
// file with no document at all is reported as empty. Problems go to `diagnostics`; a file with
// a syntax or encoding problem yields no documents.
std::vector<YamlDocument> parse_yaml_documents(std::string_view text, const std::string& file,
                                               std::vector<Diagnostic>& diagnostics,
                                               YamlReaders readers = YamlReaders::plain_first);

// The pointer of `key` inside the mapping at `pointer`, with '~' and '/' escaped (RFC 6901).
std::string pointer_child(const std::string& pointer, const std::string& key);

// "/spec/owner/consumers/0" -> "spec.owner.consumers[0]", for messages.
std::string display_path(const std::string& pointer);

}  // namespace topicform
