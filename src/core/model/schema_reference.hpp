// What an owner card's `schema` names: a local file, or a URL or registry subject left as written.
#pragma once

#include <string>

namespace topicform {

// A path to a local file (has a '/' or a schema file ending), not a URL or a registry subject.
bool names_local_schema(const std::string& schema);

// The largest local schema file topicform reads (for owner/no-secrets and the catalogue's copy).
inline constexpr unsigned long long kMaxSchemaFileBytes = 1ULL << 20;

}  // namespace topicform
