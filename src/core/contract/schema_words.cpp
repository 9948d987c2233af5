// Word splitting follows how names are written in schemas: camelCase, snake_case, kebab-case.
#include "core/contract/schema_words.hpp"

#include <algorithm>
#include <cctype>

namespace topicform {
namespace {

using Json = nlohmann::json;

bool is_word_byte(unsigned char c) { return std::isalnum(c) || c >= 0x80; }

std::string escaped(const std::string& key) {
  std::string out;
  for (char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return out;
}

std::string lower(std::string text) {
  for (auto& c : text)
    if (static_cast<unsigned char>(c) < 0x80) c = static_cast<char>(std::tolower(c));
  return text;
}

// allOf members and $ref-free top-level schema: where an event's own fields are declared.
std::vector<const Json*> top_level_objects(const Json& root) {
  std::vector<const Json*> out;
  if (!root.is_object()) return out;
  out.push_back(&root);
  if (auto all = root.find("allOf"); all != root.end() && all->is_array())
    for (const auto& member : *all)
      if (member.is_object()) out.push_back(&member);
  return out;
}

}  // namespace

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::string current;
  auto flush = [&] {
    if (!current.empty()) words.push_back(lower(current));
    current.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (!is_word_byte(c)) {
      flush();
      continue;
    }
    bool upper_after_lower = std::isupper(c) && !current.empty() &&
                             (std::islower(static_cast<unsigned char>(current.back())) ||
                              std::isdigit(static_cast<unsigned char>(current.back())));
    if (upper_after_lower) flush();
    current += static_cast<char>(c);
  }
  flush();
  return words;
}

bool shares_word(const std::vector<std::string>& words, const std::vector<std::string>& list) {
  return std::any_of(words.begin(), words.end(), [&](const std::string& word) {
    return std::any_of(list.begin(), list.end(),
                       [&](const std::string& entry) { return lower(entry) == word; });
  });
}

void for_each_property(
    const Json& root,
    const std::function<void(const std::string&, const Json&, const std::string&)>& visit) {
  // Iterative: a schema file is at most 64 deep, but nothing here needs the stack.
  std::vector<std::pair<const Json*, std::string>> stack{{&root, ""}};
  while (!stack.empty()) {
    auto [node, pointer] = stack.back();
    stack.pop_back();
    if (node->is_array()) {
      for (std::size_t i = 0; i < node->size(); ++i)
        stack.push_back({&(*node)[i], pointer + "/" + std::to_string(i)});
      continue;
    }
    if (!node->is_object()) continue;
    if (auto props = node->find("properties"); props != node->end() && props->is_object()) {
      for (const auto& [name, schema] : props->items())
        visit(name, schema, pointer + "/properties/" + escaped(name));
    }
    for (const auto& [key, child] : node->items()) {
      if (key == "enum" || key == "const" || key == "default" || key == "examples") continue;
      stack.push_back({&child, pointer + "/" + escaped(key)});
    }
  }
}

std::vector<std::string> top_level_properties(const Json& root) {
  std::vector<std::string> names;
  for (const Json* object : top_level_objects(root)) {
    if (auto props = object->find("properties"); props != object->end() && props->is_object())
      for (const auto& [name, schema] : props->items()) names.push_back(name);
  }
  return names;
}

std::vector<std::string> top_level_required(const Json& root) {
  std::vector<std::string> names;
  for (const Json* object : top_level_objects(root)) {
    if (auto required = object->find("required"); required != object->end() && required->is_array())
      for (const auto& name : *required)
        if (name.is_string()) names.push_back(name.get<std::string>());
  }
  return names;
}

}  // namespace topicform
