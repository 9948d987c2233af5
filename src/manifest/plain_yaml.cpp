// Reads the plain subset of YAML straight into JSON with marks: yaml-cpp's scanner is most of what
// validate and plan spend on a large project, and manifests rarely need more than this subset.
// Whatever it is not sure of, it leaves to yaml-cpp (NotPlain), so both give the same result;
// tests/unit/plain_yaml_test.cpp and tests/fuzz/plain_yaml_fuzzer.cpp compare the two.
#include "manifest/plain_yaml.hpp"

#include <algorithm>
#include <vector>

#include "manifest/scalar_typing.hpp"

namespace topicform {
namespace {

struct NotPlain {};  // outside the subset: yaml-cpp reads this piece

struct Line {
  int number = 0;         // 1-based, in the file
  int indent = 0;         // leading spaces
  std::string_view text;  // after the indentation
};

bool is_blank(std::string_view text) { return text.find_first_not_of(' ') == text.npos; }

// Characters the subset does not read: tabs, carriage returns, other controls, non-ASCII.
bool outside_ascii(std::string_view text) {
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f) return true;
  }
  return false;
}

// The content lines of `piece`: no blank or comment lines, no "---" line opening the document.
std::vector<Line> content_lines(std::string_view piece, int first_line) {
  std::vector<Line> out;
  int number = first_line;
  bool opened = false;
  for (std::size_t pos = 0; pos <= piece.size();) {
    std::size_t end = std::min(piece.find('\n', pos), piece.size());
    std::string_view text = piece.substr(pos, end - pos);
    pos = end + 1;
    ++number;
    if (outside_ascii(text)) throw NotPlain{};
    std::size_t indent = text.find_first_not_of(' ');
    if (indent == text.npos || text[indent] == '#') continue;
    if (text.starts_with("---") || text.starts_with("...") || text.starts_with("%")) {
      // Only a bare "---" before any content; directives and markers go to yaml-cpp.
      if (opened || !out.empty() || !text.starts_with("---") || !is_blank(text.substr(3))) {
        throw NotPlain{};
      }
      opened = true;
      continue;
    }
    out.push_back({number, static_cast<int>(indent), text.substr(indent)});
  }
  return out;
}

bool is_dash(std::string_view text) { return text == "-" || text.starts_with("- "); }

std::size_t skip_spaces(std::string_view text, std::size_t p) {
  while (p < text.size() && text[p] == ' ') ++p;
  return p;
}

// Whether a plain scalar may start at `p`: not an indicator, nor "-" before a space or another
// "-" (an item, or what might be a marker).
bool plain_start(std::string_view text, std::size_t p) {
  if (p >= text.size()) return false;
  char c = text[p];
  if (c == '-') return p + 1 < text.size() && text[p + 1] != ' ' && text[p + 1] != '-';
  return std::string_view("?:,[]{}#&*!|>'\"%@`").find(c) == std::string_view::npos;
}

// The characters the subset reads inside a plain scalar: letters, digits, spaces and the
// punctuation of names, units and prose. yaml-cpp reads others (a '?' or '!' inside a flow
// scalar, say) in ways of its own, so they are left to it.
bool plain_char(char c, bool in_flow) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  if (std::string_view(" -_./+=()@$%~;").find(c) != std::string_view::npos) return true;
  return !in_flow && std::string_view(",:'\"").find(c) != std::string_view::npos;
}

// A key as written: plain, not null, without characters that could make it anything else.
std::string checked_key(std::string_view key) {
  if (key.empty() || !plain_start(key, 0) || is_null_scalar(key) || key.back() == ' ') {
    throw NotPlain{};
  }
  for (char c : key) {
    if (!plain_char(c, true)) throw NotPlain{};
  }
  return std::string(key);
}

// Where the ':' that ends a block mapping's key is (followed by a space or the line's end), or
// npos when `text` does not start a mapping entry.
std::size_t key_end(std::string_view text) {
  if (!plain_start(text, 0)) return std::string_view::npos;
  for (std::size_t p = 0; p < text.size(); ++p) {
    if (text[p] == '#' && p > 0 && text[p - 1] == ' ') return std::string_view::npos;
    if (text[p] == ':' && (p + 1 == text.size() || text[p + 1] == ' ')) return p;
  }
  return std::string_view::npos;
}

// Only spaces, or spaces and a comment, may follow a value on its line.
void expect_line_end(std::string_view text, std::size_t p) {
  std::size_t q = skip_spaces(text, p);
  if (q == text.size()) return;
  if (text[q] == '#' && q > p) return;
  throw NotPlain{};
}

// A single- or double-quoted scalar that ends on its line; `p` moves past the closing quote.
std::string quoted(std::string_view text, std::size_t& p) {
  char quote = text[p];
  std::string out;
  for (std::size_t from = p + 1;;) {
    std::size_t close = text.find(quote, from);
    if (close == text.npos) throw NotPlain{};
    out.append(text.substr(from, close - from));
    if (quote == '\'' && close + 1 < text.size() && text[close + 1] == '\'') {
      out += '\'';
      from = close + 2;
      continue;
    }
    p = close + 1;
    break;
  }
  if (quote == '"' && out.find('\\') != std::string::npos) throw NotPlain{};
  return out;
}

// The reader proper: block nodes by indentation, flow nodes within one line.
class PlainReader {
 public:
  PlainReader(std::vector<Line> lines, const std::string& file, YamlDocument& out)
      : m_lines(std::move(lines)), m_file(file), m_out(out) {}

  void read() {
    if (m_lines.empty()) throw NotPlain{};
    m_out.start = at(m_lines[0], 0);
    m_out.marks[""] = NodeMarks{m_out.start, m_out.start};
    m_out.root = block(m_lines[0].indent, "", 0);
    if (m_at != m_lines.size()) throw NotPlain{};
  }

 private:
  Location at(const Line& line, std::size_t offset) const {
    return Location{m_file, line.number, line.indent + static_cast<int>(offset) + 1};
  }

  // Counts a node against the limits; beyond them yaml-cpp's reading reports the problem.
  void count(int depth) {
    if (++m_nodes > kMaxNodesPerDocument || depth > kMaxDepth) throw NotPlain{};
  }

  bool more() const { return m_at < m_lines.size(); }

  nlohmann::json block(int indent, const std::string& pointer, int depth) {
    count(depth);
    return is_dash(m_lines[m_at].text) ? sequence(indent, pointer, depth)
                                       : mapping(indent, pointer, depth);
  }

  nlohmann::json mapping(int indent, const std::string& pointer, int depth) {
    nlohmann::json object = nlohmann::json::object();
    while (more() && m_lines[m_at].indent >= indent) {
      const Line line = m_lines[m_at];
      if (line.indent > indent || is_dash(line.text)) throw NotPlain{};
      std::size_t colon = key_end(line.text);
      if (colon == std::string_view::npos) throw NotPlain{};
      std::string key = checked_key(line.text.substr(0, colon));
      if (object.contains(key)) throw NotPlain{};  // yaml-cpp's reading names both places
      std::string child = pointer_child(pointer, key);
      std::size_t value = skip_spaces(line.text, colon + 1);
      if (value == line.text.size() || line.text[value] == '#') {
        ++m_at;
        object[key] = value_below(line, child, depth + 1);
      } else {
        object[key] = value_on_line(line, value, child, depth + 1, at(line, 0));
      }
    }
    return object;
  }

  // A key's value on the lines below it: a block more indented, a sequence at the key's own
  // indentation, or nothing (null, marked at the key).
  nlohmann::json value_below(const Line& key_line, const std::string& pointer, int depth) {
    Location key_at = at(key_line, 0);
    if (more()) {
      const Line& next = m_lines[m_at];
      if (next.indent > key_line.indent || (next.indent == key_line.indent && is_dash(next.text))) {
        m_out.marks[pointer] = NodeMarks{key_at, at(next, 0)};
        return block(next.indent, pointer, depth);
      }
    }
    count(depth);
    m_out.marks[pointer] = NodeMarks{key_at, key_at};
    return nullptr;
  }

  // The value that fills the rest of `line` from `from`; `key_at` is its key (or itself, for an
  // item). A more indented line after it would continue it: that is left to yaml-cpp.
  nlohmann::json value_on_line(const Line& line, std::size_t from, const std::string& pointer,
                               int depth, Location key_at) {
    bool null = false;
    std::size_t p = from;
    nlohmann::json value = inline_node(line, p, pointer, depth, false, null);
    expect_line_end(line.text, p);
    m_out.marks[pointer] = NodeMarks{key_at, null ? key_at : at(line, from)};
    ++m_at;
    if (more() && m_lines[m_at].indent > line.indent) throw NotPlain{};
    return value;
  }

  nlohmann::json sequence(int indent, const std::string& pointer, int depth) {
    nlohmann::json array = nlohmann::json::array();
    while (more() && m_lines[m_at].indent == indent && is_dash(m_lines[m_at].text)) {
      const Line line = m_lines[m_at];
      std::string child = pointer + "/" + std::to_string(array.size());
      std::size_t from = skip_spaces(line.text, 1);
      if (from == line.text.size() || line.text[from] == '#' || is_dash(line.text.substr(from))) {
        throw NotPlain{};  // an item on the lines below, or a sequence in a sequence
      }
      if (key_end(line.text.substr(from)) != std::string_view::npos) {
        // "- key: value": a mapping whose keys stand where this one does.
        m_lines[m_at].indent += static_cast<int>(from);
        m_lines[m_at].text.remove_prefix(from);
        Location item_at = at(m_lines[m_at], 0);
        m_out.marks[child] = NodeMarks{item_at, item_at};
        array.push_back(block(m_lines[m_at].indent, child, depth + 1));
      } else {
        array.push_back(value_on_line(line, from, child, depth + 1, at(line, from)));
      }
    }
    // A line indented more than the items, or less but not as far as a parent, is an error
    // whose message yaml-cpp's reading gives.
    if (more() && m_lines[m_at].indent > indent) throw NotPlain{};
    return array;
  }

  // A scalar or a flow collection starting at `p` (in a flow collection when `in_flow`); `p`
  // moves past it, `null` says whether YAML reads it as a null node.
  nlohmann::json inline_node(const Line& line, std::size_t& p, const std::string& pointer,
                             int depth, bool in_flow, bool& null) {
    count(depth);
    std::string_view text = line.text;
    null = false;
    if (p >= text.size()) throw NotPlain{};
    if (text[p] == '{') return flow_mapping(line, p, pointer, depth);
    if (text[p] == '[') return flow_sequence(line, p, pointer, depth);
    if (text[p] == '\'' || text[p] == '"') return quoted(text, p);
    std::string scalar = plain(text, p, in_flow);
    null = is_null_scalar(scalar);
    return typed_plain_scalar(scalar);
  }

  // A plain scalar on one line: it ends at a comment, or in a flow collection at its
  // punctuation. One holding ": ", or a character plain_char does not take, is not read.
  static std::string plain(std::string_view text, std::size_t& p, bool in_flow) {
    if (!plain_start(text, p)) throw NotPlain{};
    std::size_t end = p;
    for (; end < text.size(); ++end) {
      char c = text[end];
      if (c == '#' && text[end - 1] == ' ') break;
      if (in_flow && (c == ',' || c == ']' || c == '}')) break;
      if (!plain_char(c, in_flow)) throw NotPlain{};
      if (c == ':' && (end + 1 == text.size() || text[end + 1] == ' ')) throw NotPlain{};
    }
    std::size_t last = end;
    while (last > p && text[last - 1] == ' ') --last;
    std::string out(text.substr(p, last - p));
    p = last;
    return out;
  }

  // After an item of a flow collection: true after a ',' before another item, false at `close`.
  static bool next_item(std::string_view text, std::size_t& p, char close) {
    p = skip_spaces(text, p);
    if (p < text.size() && text[p] == close) {
      ++p;
      return false;
    }
    if (p >= text.size() || text[p] != ',') throw NotPlain{};
    p = skip_spaces(text, p + 1);
    if (p >= text.size() || text[p] == close) throw NotPlain{};  // a trailing comma
    return true;
  }

  nlohmann::json flow_sequence(const Line& line, std::size_t& p, const std::string& pointer,
                               int depth) {
    nlohmann::json array = nlohmann::json::array();
    p = skip_spaces(line.text, p + 1);
    if (p < line.text.size() && line.text[p] == ']') {
      ++p;
      return array;
    }
    do {
      std::string child = pointer + "/" + std::to_string(array.size());
      Location item_at = at(line, p);
      m_out.marks[child] = NodeMarks{item_at, item_at};
      bool null = false;
      array.push_back(inline_node(line, p, child, depth + 1, true, null));
    } while (next_item(line.text, p, ']'));
    return array;
  }

  nlohmann::json flow_mapping(const Line& line, std::size_t& p, const std::string& pointer,
                              int depth) {
    std::string_view text = line.text;
    nlohmann::json object = nlohmann::json::object();
    p = skip_spaces(text, p + 1);
    if (p < text.size() && text[p] == '}') {
      ++p;
      return object;
    }
    do {
      std::size_t colon = text.find(':', p);
      if (colon == text.npos || colon + 1 >= text.size() || text[colon + 1] != ' ') {
        throw NotPlain{};
      }
      std::string key = checked_key(text.substr(p, colon - p));
      if (object.contains(key)) throw NotPlain{};
      std::string child = pointer_child(pointer, key);
      Location key_at = at(line, p);
      std::size_t value = skip_spaces(text, colon + 1);
      p = value;
      bool null = false;
      object[key] = inline_node(line, p, child, depth + 1, true, null);
      m_out.marks[child] = NodeMarks{key_at, null ? key_at : at(line, value)};
    } while (next_item(text, p, '}'));
    return object;
  }

  std::vector<Line> m_lines;
  FileName m_file;  // one name, shared by every place read from the file
  YamlDocument& m_out;
  std::size_t m_at = 0;
  std::size_t m_nodes = 0;
};

}  // namespace

std::optional<YamlDocument> read_plain_yaml(std::string_view piece, int first_line,
                                            const std::string& file) {
  try {
    YamlDocument out;
    PlainReader(content_lines(piece, first_line), file, out).read();
    return out;
  } catch (const NotPlain&) {
    return std::nullopt;
  }
}

}  // namespace topicform
