// What an owner card's `schema` names: a local file, or a URL or registry subject left as written.
#pragma once

#include <string>

namespace topicform {

// A path to a local file (has a '/' or a schema file ending), not a URL or a registry subject.
bool names_local_schema(const std::string& schema);

// Why `subject` cannot be one path segment of the registry's API ('.' and '..' are removed from
// a URL's path and would address the registry-wide level; '/' and '\\' split it), or "" if it can.
std::string subject_name_problem(const std::string& subject);

// The largest local schema file topicform reads (for owner/no-secrets and the catalogue's copy).
inline constexpr unsigned long long kMaxSchemaFileBytes = 1ULL << 20;

}  // namespace topicform
