// An ACL binding as JSON, {"principal", "operation", "resource", "name"}: one shape for plans, plan
// files and snapshots (header-only, for the libraries that link nlohmann-json).
#pragma once

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/access/access.hpp"

namespace topicform {

inline nlohmann::ordered_json binding_json(const AclBinding& b) {
  return {{"principal", b.principal},
          {"operation", to_string(b.operation)},
          {"resource", to_string(b.resource)},
          {"name", b.name}};
}

// Throws nlohmann's other_error for an operation or resource topicform does not write.
inline AclBinding binding_from_json(const nlohmann::json& b) {
  std::string operation = b.at("operation").get<std::string>();
  auto parsed = parse_acl_operation(operation);
  if (!parsed) {
    throw nlohmann::json::other_error::create(
        501, fmt::format("unknown ACL operation '{}'", operation), nullptr);
  }
  std::string resource = b.at("resource").get<std::string>();
  if (resource != "topic" && resource != "group") {
    throw nlohmann::json::other_error::create(
        501, fmt::format("unknown ACL resource '{}'", resource), nullptr);
  }
  return AclBinding{resource == "topic" ? AclResource::topic : AclResource::group,
                    b.at("name").get<std::string>(), b.at("principal").get<std::string>(), *parsed};
}

}  // namespace topicform
