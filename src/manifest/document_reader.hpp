// Typed, located reads from a schema-checked document: the decoders' only view of YAML.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/ground/location.hpp"
#include "manifest/yaml_document.hpp"

namespace topicform {

class DocumentReader {
 public:
  explicit DocumentReader(const YamlDocument& document) : m_document(document) {}

  // The value at `pointer` ("/spec/owner/team"), or nullptr when absent or null. Decoders ask
  // dozens of times per topic; a json_pointer would allocate its parts and walk twice.
  const nlohmann::json* find(std::string_view pointer) const {
    const nlohmann::json* node = &m_document.root;
    while (node != nullptr && !pointer.empty()) {
      pointer.remove_prefix(1);  // the '/'
      auto end = std::min(pointer.find('/'), pointer.size());
      node = child(*node, pointer.substr(0, end));
      pointer.remove_prefix(end);
    }
    return node == nullptr || node->is_null() ? nullptr : node;
  }
  Location key_at(const std::string& pointer) const { return m_document.at(pointer).key_at; }
  Location value_at(const std::string& pointer) const { return m_document.at(pointer).value_at; }

  // Scalars as text: numbers and booleans in their plain form, so "7d" and 604800000 both read.
  Located<std::string> text(const std::string& pointer) const {
    const nlohmann::json* value = find(pointer);
    if (value == nullptr || value->is_structured()) return {};
    return {scalar_text(*value), value_at(pointer), true};
  }
  Located<std::int64_t> integer(const std::string& pointer) const {
    const nlohmann::json* value = find(pointer);
    if (value == nullptr || !value->is_number_integer()) return {};
    return {value->get<std::int64_t>(), value_at(pointer), true};
  }
  Located<double> number(const std::string& pointer) const {
    const nlohmann::json* value = find(pointer);
    if (value == nullptr || !value->is_number()) return {};
    return {value->get<double>(), value_at(pointer), true};
  }
  Located<bool> boolean(const std::string& pointer) const {
    const nlohmann::json* value = find(pointer);
    if (value == nullptr || !value->is_boolean()) return {};
    return {value->get<bool>(), value_at(pointer), true};
  }

  static std::string scalar_text(const nlohmann::json& value) {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
    if (value.is_number_integer()) return std::to_string(value.get<std::int64_t>());
    return value.dump();
  }

 private:
  // One step of a JSON pointer; a part with "~0" or "~1" names a key with '~' or '/' in it.
  static const nlohmann::json* child(const nlohmann::json& node, std::string_view part) {
    if (node.is_object()) {
      auto it =
          part.find('~') == std::string_view::npos ? node.find(part) : node.find(unescaped(part));
      return it == node.end() ? nullptr : &*it;
    }
    std::size_t index = 0;
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), index);
    bool whole = ec == std::errc{} && end == part.data() + part.size() && !part.empty();
    return node.is_array() && whole && index < node.size() ? &node[index] : nullptr;
  }

  static std::string unescaped(std::string_view part) {
    std::string key;
    for (std::size_t i = 0; i < part.size(); ++i) {
      bool escape = part[i] == '~' && i + 1 < part.size();
      key += escape ? (part[++i] == '1' ? '/' : '~') : part[i];
    }
    return key;
  }

  const YamlDocument& m_document;
};

}  // namespace topicform
