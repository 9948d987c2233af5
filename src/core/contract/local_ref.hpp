// A `$ref` within the schema's own file ("#", "#/definitions/x") followed without exceptions.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace topicform {

// The node `ref` names in `root`, or nullptr for a remote ref, a malformed pointer ("~2", no
// leading '/') or a place that does not exist.
inline const nlohmann::json* local_ref_target(const nlohmann::json& root, const std::string& ref) {
  if (!ref.starts_with("#")) return nullptr;
  std::string pointer = ref.substr(1);
  if (pointer.empty()) return &root;
  if (pointer[0] != '/') return nullptr;
  for (std::size_t i = pointer.find('~'); i != std::string::npos; i = pointer.find('~', i + 1)) {
    if (i + 1 >= pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1')) return nullptr;
  }
  nlohmann::json::json_pointer path(pointer);
  return root.contains(path) ? &root.at(path) : nullptr;
}

}  // namespace topicform
