// yaml-cpp's tree walked into nlohmann::json with YAML 1.2 core scalar typing and a mark per path.
#include "manifest/yaml_document.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "manifest/plain_yaml.hpp"
#include "manifest/scalar_typing.hpp"
#include "manifest/text_checks.hpp"

namespace topicform {
namespace {

struct DocumentText {
  std::string_view text;
  int first_line;  // 0-based line of the piece in the file
};

// Whether `lines` hold directives ("%YAML 1.2", "%TAG ...") and nothing but blank or comment
// lines besides: they belong to the document that the next "---" starts.
bool only_directives(std::string_view lines) {
  bool directive = false;
  for (std::size_t pos = 0; pos < lines.size();) {
    std::size_t end = lines.find('\n', pos);
    std::string_view line = lines.substr(pos, end == std::string_view::npos ? end : end - pos);
    pos = end == std::string_view::npos ? lines.size() : end + 1;
    auto first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos || line[first] == '#') continue;
    if (first != 0 || line[0] != '%') return false;
    directive = true;
  }
  return directive;
}

// Splits a stream at lines that start a document ("---") or end one ("..."). A piece keeps its
// "---" line (and the directives before it) so that YAML::Load sees a normal document start.
std::vector<DocumentText> split_documents(std::string_view text) {
  std::vector<DocumentText> pieces;
  auto marker = [](std::string_view line, std::string_view m) {
    return line.starts_with(m) && (line.size() == 3 || line[3] == ' ' || line[3] == '\t' ||
                                   line[3] == '\r' || line[3] == '\n');
  };
  std::size_t piece_start = 0;
  int piece_line = 0;
  int line = 0;
  bool piece_has_start = false;
  for (std::size_t pos = 0; pos < text.size(); ++line) {
    std::size_t end = text.find('\n', pos);
    std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
    std::string_view current = text.substr(pos, next - pos);
    if (marker(current, "---") && !only_directives(text.substr(piece_start, pos - piece_start))) {
      if (pos > piece_start)
        pieces.push_back({text.substr(piece_start, pos - piece_start), piece_line});
      piece_start = pos;
      piece_line = line;
      piece_has_start = true;
    } else if (marker(current, "---")) {
      piece_has_start = true;  // the directives' document starts here
    } else if (marker(current, "...")) {
      pieces.push_back({text.substr(piece_start, pos - piece_start), piece_line});
      piece_start = next;
      piece_line = line + 1;
      piece_has_start = false;
    }
    pos = next;
  }
  if (piece_start < text.size() || pieces.empty() || piece_has_start) {
    pieces.push_back({text.substr(piece_start), piece_line});
  }
  return pieces;
}

// The first line (0-based) of `piece` that is more than blank space, a comment, a document
// marker or an explicit null; a document that parses to null despite one is malformed.
std::optional<int> first_content_line(std::string_view piece) {
  int line = 0;
  for (std::size_t pos = 0; pos < piece.size(); ++line) {
    std::size_t end = piece.find('\n', pos);
    std::string_view current = piece.substr(pos, end == std::string_view::npos ? end : end - pos);
    pos = end == std::string_view::npos ? piece.size() : end + 1;
    auto first = current.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) continue;
    current.remove_prefix(first);
    if (current.starts_with("#")) continue;
    if (current.starts_with("---")) current.remove_prefix(3);
    auto rest = current.find_first_not_of(" \t\r");
    if (rest == std::string_view::npos) continue;
    current.remove_prefix(rest);
    if (current.starts_with("#") || current == "~" || current == "null") continue;
    return line;
  }
  return std::nullopt;
}

class Converter {
 public:
  Converter(const std::string& file, std::vector<Diagnostic>& diagnostics)
      : m_file(file), m_diagnostics(diagnostics) {}

  // Returns false when the document broke a limit; its problems are already reported.
  bool convert(const YAML::Node& node, int line_offset, YamlDocument& out) {
    m_line_offset = line_offset;
    out.start = location(node.Mark());
    out.marks[""] = NodeMarks{out.start, out.start};
    m_ok = true;
    m_nodes = 0;
    out.root = walk(node, "", 0, out);
    return m_ok;
  }

 private:
  Location location(const YAML::Mark& mark) const {
    if (mark.line < 0) return Location{m_file, 1, 1};
    return Location{m_file, mark.line + m_line_offset + 1, mark.column + 1};
  }

  // A fatal problem drops the document; others are reported and the first value is kept.
  void report(std::string rule, const Location& at, std::string message, bool fatal = true) {
    m_diagnostics.push_back(Diagnostic{Severity::error, std::move(rule), std::move(message), at});
    if (fatal) m_ok = false;
  }

  static nlohmann::json scalar(const YAML::Node& node) {
    if (node.Tag() != "?") return node.Scalar();  // quoted or explicitly tagged: text as written
    return typed_plain_scalar(node.Scalar());
  }

  nlohmann::json walk(const YAML::Node& node, const std::string& pointer, int depth,
                      YamlDocument& out) {
    if (!m_ok) return nullptr;
    if (++m_nodes > kMaxNodesPerDocument) {
      report("manifest/too-large", location(node.Mark()),
             fmt::format("the document expands to more than {} nodes (aliases included)",
                         kMaxNodesPerDocument));
      return nullptr;
    }
    if (depth > kMaxDepth) {
      report("manifest/too-deep", location(node.Mark()),
             fmt::format("the document nests deeper than {} levels", kMaxDepth));
      return nullptr;
    }
    switch (node.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null:
        return nullptr;
      case YAML::NodeType::Scalar:
        return scalar(node);
      case YAML::NodeType::Sequence: {
        nlohmann::json array = nlohmann::json::array();
        std::size_t index = 0;
        for (const auto& item : node) {
          std::string child = pointer + "/" + std::to_string(index++);
          Location at = location(item.Mark());
          out.marks[child] = NodeMarks{at, at};
          array.push_back(walk(item, child, depth + 1, out));
        }
        return array;
      }
      case YAML::NodeType::Map:
        return walk_map(node, pointer, depth, out);
    }
    return nullptr;
  }

  nlohmann::json walk_map(const YAML::Node& node, const std::string& pointer, int depth,
                          YamlDocument& out) {
    nlohmann::json object = nlohmann::json::object();
    for (const auto& entry : node) {
      Location key_at = location(entry.first.Mark());
      if (!entry.first.IsScalar()) {
        report("manifest/schema", key_at, "mapping keys must be plain text", false);
        continue;
      }
      const std::string& key = entry.first.Scalar();
      std::string child = pointer_child(pointer, key);
      if (object.contains(key)) {
        report(
            "manifest/duplicate-key", key_at,
            fmt::format("duplicate key '{}' (first at line {})", key, out.marks[child].key_at.line),
            false);
        continue;
      }
      Location value_at = entry.second.IsNull() ? key_at : location(entry.second.Mark());
      out.marks[child] = NodeMarks{key_at, value_at};
      object[key] = walk(entry.second, child, depth + 1, out);
    }
    return object;
  }

  FileName m_file;  // one name, shared by every place read from the file
  std::vector<Diagnostic>& m_diagnostics;
  bool m_ok = true;
  std::size_t m_nodes = 0;
  int m_line_offset = 0;  // lines before this document in the file
};

Diagnostic file_error(const std::string& rule, const std::string& file, int line, int column,
                      std::string message) {
  return Diagnostic{Severity::error, rule, std::move(message), Location{file, line, column}};
}

// The limits and encoding checks every file passes before any reader sees it; a UTF-8 byte
// order mark is taken off `text` (after the size check, which counts it).
bool readable_text(std::string_view& text, const std::string& file,
                   std::vector<Diagnostic>& diagnostics) {
  if (text.size() > kMaxManifestBytes) {
    diagnostics.push_back(file_error("manifest/too-large", file, 1, 1,
                                     fmt::format("the file is {} bytes; manifests are limited to "
                                                 "{} bytes",
                                                 text.size(), kMaxManifestBytes)));
    return false;
  }
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a UTF-8 byte order mark
  if (auto problem = find_encoding_problem(text)) {
    diagnostics.push_back(file_error("manifest/encoding", file, problem->line, problem->column,
                                     fmt::format("the file {}", problem->what)));
    return false;
  }
  if (auto problem = find_excessive_nesting(text, kMaxDepth)) {
    diagnostics.push_back(
        file_error("manifest/too-deep", file, problem->line, problem->column,
                   fmt::format("the document nests deeper than {} levels", kMaxDepth)));
    return false;
  }
  return true;
}

// One document's piece as read: by the plain reader, or as yaml-cpp's node.
struct ReadPiece {
  std::optional<YamlDocument> plain;
  YAML::Node node;
  int first_line;
};

// One YAML::Load per document: yaml-cpp 0.7's LoadAll loops forever on some malformed streams
// (a lone ','), while Load parses exactly one document. False after a syntax problem.
bool load_with_yaml_cpp(const DocumentText& piece, const std::string& file, YAML::Node& node,
                        std::vector<Diagnostic>& diagnostics) {
  try {
    node = YAML::Load(std::string(piece.text));
    if (!node.IsNull()) return true;
    if (auto line = first_content_line(piece.text)) {
      diagnostics.push_back(file_error("manifest/syntax", file, *line + piece.first_line + 1, 1,
                                       "invalid YAML: no document could be read here"));
      return false;
    }
    return true;
  } catch (const YAML::Exception& e) {
    int line = (e.mark.line < 0 ? 0 : e.mark.line) + piece.first_line + 1;
    int column = e.mark.column < 0 ? 1 : e.mark.column + 1;
    diagnostics.push_back(
        file_error("manifest/syntax", file, line, column, fmt::format("invalid YAML: {}", e.msg)));
    return false;
  }
}

}  // namespace

std::string pointer_child(const std::string& pointer, const std::string& key) {
  std::string out = pointer + "/";
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

const NodeMarks& YamlDocument::at(const std::string& pointer) const {
  auto it = marks.find(pointer);
  if (it != marks.end()) return it->second;
  return marks.at("");
}

std::string display_path(const std::string& pointer) {
  std::string out;
  std::size_t i = 0;
  while (i < pointer.size()) {
    std::size_t next = pointer.find('/', i + 1);
    std::string part =
        pointer.substr(i + 1, next == std::string::npos ? std::string::npos : next - i - 1);
    bool index = !part.empty() && part.find_first_not_of("0123456789") == std::string::npos;
    if (index) {
      out += "[" + part + "]";
    } else {
      if (!out.empty()) out += ".";
      for (std::size_t k = 0; k < part.size(); ++k) {
        if (part[k] == '~' && k + 1 < part.size()) {
          out += part[k + 1] == '1' ? '/' : '~';
          ++k;
        } else {
          out += part[k];
        }
      }
    }
    if (next == std::string::npos) break;
    i = next;
  }
  return out;
}

std::vector<YamlDocument> parse_yaml_documents(std::string_view text, const std::string& file,
                                               std::vector<Diagnostic>& diagnostics,
                                               YamlReaders readers) {
  std::vector<YamlDocument> documents;
  if (!readable_text(text, file, diagnostics)) return documents;
  std::vector<ReadPiece> pieces;
  for (const DocumentText& piece : split_documents(text)) {
    ReadPiece read{std::nullopt, YAML::Node(), piece.first_line};
    if (readers == YamlReaders::plain_first)
      read.plain = read_plain_yaml(piece.text, piece.first_line, file);
    if (!read.plain && !load_with_yaml_cpp(piece, file, read.node, diagnostics)) return documents;
    pieces.push_back(std::move(read));
  }
  Converter converter(file, diagnostics);
  for (auto& piece : pieces) {
    if (piece.plain) {
      documents.push_back(std::move(*piece.plain));
      continue;
    }
    if (piece.node.IsNull()) continue;
    YamlDocument document;
    if (converter.convert(piece.node, piece.first_line, document)) {
      documents.push_back(std::move(document));
    }
  }
  if (std::all_of(pieces.begin(), pieces.end(),
                  [](const auto& p) { return !p.plain && p.node.IsNull(); })) {
    diagnostics.push_back(file_error("manifest/empty", file, 1, 1,
                                     "the file holds no YAML document: add a Topic or remove it"));
  }
  return documents;
}

}  // namespace topicform
