// Typed, located reads from a schema-checked document: the decoders' only view of YAML.
#pragma once

#include <cstdint>
#include <string>

#include "core/location.hpp"
#include "manifest/yaml_document.hpp"

namespace topicform {

class DocumentReader {
 public:
  explicit DocumentReader(const YamlDocument& document) : m_document(document) {}

  const nlohmann::json* find(const std::string& pointer) const {
    nlohmann::json::json_pointer path(pointer);
    if (!m_document.root.contains(path)) return nullptr;
    const nlohmann::json& value = m_document.root.at(path);
    return value.is_null() ? nullptr : &value;
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
  const YamlDocument& m_document;
};

}  // namespace topicform
