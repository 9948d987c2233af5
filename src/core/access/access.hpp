// Who may read and write which topic, derived from the owner cards: the ACL bindings an
// environment needs, and the diff of those against the bindings the cluster has.
#pragma once

#include <compare>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/ground/location.hpp"

namespace topicform {

enum class AclResource { topic, group };
enum class AclOperation { read, write, describe };

const char* to_string(AclResource resource);
const char* to_string(AclOperation operation);
std::optional<AclOperation> parse_acl_operation(const std::string& text);

// One ALLOW binding on a literal resource name, for any host: the only kind topicform writes.
struct AclBinding {
  AclResource resource = AclResource::topic;
  std::string name;
  std::string principal;
  AclOperation operation = AclOperation::read;

  friend auto operator<=>(const AclBinding&, const AclBinding&) = default;
};

// "User:order-service WRITE topic orders.created"
std::string describe_binding(const AclBinding& binding);

// Whether `name` names one service, group or team and nothing more: 1 to 249 letters, digits,
// '.', '_' or '-'. Each becomes a literal ACL principal and resource name, where '*' is every
// principal or every group and an empty name is a principal no one has.
bool is_literal_name(std::string_view name);

// Whether `principal` ("User:alice") names one principal: a type, ':', and a name with no '*'.
bool is_literal_principal(std::string_view principal);

// An environment's `acls:`: how a service (or a team) maps to its principal.
struct AccessSettings {
  Location at;
  std::string principal_pattern = "User:{service}";  // {service} is replaced
  std::map<std::string, std::string> overrides;      // service -> principal
  std::string team_pattern;  // "User:{team}" gives the team READ on .dead; empty: none
  // Principals in the patterns' namespace whose grants on managed resources stay as they are.
  std::vector<std::string> unmanaged_principals;

  std::string principal_of(const std::string& service) const;
  std::optional<std::string> team_principal(const std::string& team) const;
  // The service a principal stands for: an override's, or the pattern's {service} part when it
  // reads as a service name (letters, digits, '.', '_', '-'); nullopt outside the namespace.
  std::optional<std::string> service_of(const std::string& principal) const;
  // Whether a principal's grants on managed resources are topicform's: a service's or a
  // team's principal by the patterns, and not listed as unmanaged.
  bool manages(const std::string& principal) const;

  friend bool operator==(const AccessSettings&, const AccessSettings&) = default;
};

// The ACL changes of a plan. Bindings on managed topics and groups for principals the settings
// map are topicform's; any other binding on those resources is unmanaged: listed, never touched.
struct AccessChanges {
  std::vector<AclBinding> creates;
  std::vector<AclBinding> deletes;
  std::vector<AclBinding> unmanaged;
  std::vector<std::string> other;  // bindings of other kinds on managed resources, described
  std::map<AclBinding, Location> created_at;  // the owner card line each create comes from

  bool empty() const { return creates.empty() && deletes.empty(); }
  friend bool operator==(const AccessChanges&, const AccessChanges&) = default;
};

// The changes as diff lines, grants first: {'+', "grant User:x WRITE topic t"}, {'-', "revoke
// ..."}; plans show them and saved plans are compared by them.
std::vector<std::pair<char, std::string>> describe_access_changes(const AccessChanges& changes);

}  // namespace topicform
