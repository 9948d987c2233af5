// Names and descriptions of ACL bindings, and how services map to principals.
#include "core/access/access.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace topicform {
namespace {

std::string with_placeholder(const std::string& pattern, const std::string& placeholder,
                             const std::string& value) {
  std::string out = pattern;
  for (auto at = out.find(placeholder); at != std::string::npos;
       at = out.find(placeholder, at + value.size())) {
    out.replace(at, placeholder.size(), value);
  }
  return out;
}

}  // namespace

const char* to_string(AclResource resource) {
  return resource == AclResource::topic ? "topic" : "group";
}

const char* to_string(AclOperation operation) {
  switch (operation) {
    case AclOperation::read:
      return "READ";
    case AclOperation::write:
      return "WRITE";
    case AclOperation::describe:
      return "DESCRIBE";
  }
  return "?";
}

std::optional<AclOperation> parse_acl_operation(const std::string& text) {
  for (auto op : {AclOperation::read, AclOperation::write, AclOperation::describe}) {
    std::string name = to_string(op);
    if (text.size() == name.size() &&
        std::equal(text.begin(), text.end(), name.begin(), [](char a, char b) {
          return std::toupper(static_cast<unsigned char>(a)) == b;
        })) {
      return op;
    }
  }
  return std::nullopt;
}

std::string describe_binding(const AclBinding& binding) {
  return fmt::format("{} {} {} {}", binding.principal, to_string(binding.operation),
                     to_string(binding.resource), binding.name);
}

std::vector<std::pair<char, std::string>> describe_access_changes(const AccessChanges& changes) {
  std::vector<std::pair<char, std::string>> out;
  for (const auto& b : changes.creates) out.emplace_back('+', "grant " + describe_binding(b));
  for (const auto& b : changes.deletes) out.emplace_back('-', "revoke " + describe_binding(b));
  return out;
}

bool is_literal_name(std::string_view name) {
  return !name.empty() && name.size() <= 249 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
  });
}

bool is_literal_principal(std::string_view principal) {
  auto colon = principal.find(':');
  if (colon == 0 || colon == std::string_view::npos || colon + 1 == principal.size()) return false;
  return std::none_of(principal.begin(), principal.end(), [](char c) {
    return c == '*' || std::iscntrl(static_cast<unsigned char>(c)) ||
           std::isspace(static_cast<unsigned char>(c));
  });
}

std::string AccessSettings::principal_of(const std::string& service) const {
  if (auto it = overrides.find(service); it != overrides.end()) return it->second;
  return with_placeholder(principal_pattern, "{service}", service);
}

namespace {

// The part of `principal` that stands for the pattern's `placeholder`, if the rest matches.
std::optional<std::string> placeholder_value(const std::string& pattern,
                                             const std::string& placeholder,
                                             const std::string& principal) {
  auto at = pattern.find(placeholder);
  if (pattern.empty() || at == std::string::npos) return std::nullopt;
  std::string prefix = pattern.substr(0, at);
  std::string suffix = pattern.substr(at + placeholder.size());
  if (principal.size() <= prefix.size() + suffix.size() || !principal.starts_with(prefix) ||
      !principal.ends_with(suffix)) {
    return std::nullopt;
  }
  std::string value =
      principal.substr(prefix.size(), principal.size() - prefix.size() - suffix.size());
  bool name_like = std::all_of(value.begin(), value.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
  });
  if (!name_like) return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::string> AccessSettings::service_of(const std::string& principal) const {
  for (const auto& [service, mapped] : overrides) {
    if (mapped == principal) return service;
  }
  auto service = placeholder_value(principal_pattern, "{service}", principal);
  if (service && overrides.count(*service)) return std::nullopt;  // that service maps elsewhere
  return service;
}

bool AccessSettings::manages(const std::string& principal) const {
  if (std::find(unmanaged_principals.begin(), unmanaged_principals.end(), principal) !=
      unmanaged_principals.end()) {
    return false;
  }
  return service_of(principal) || placeholder_value(team_pattern, "{team}", principal);
}

std::optional<std::string> AccessSettings::team_principal(const std::string& team) const {
  if (team_pattern.empty() || team.empty()) return std::nullopt;
  return with_placeholder(team_pattern, "{team}", team);
}

}  // namespace topicform
