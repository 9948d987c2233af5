// Finds manifest files under the paths a user gives, in a stable order, safe from link loops.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/ground/diagnostic.hpp"

namespace topicform {

// Files named on the command line are taken as they are; folders are read recursively for
// *.yaml and *.yml, skipping hidden entries, sorted by path. Problems go to `diagnostics`.
std::vector<std::string> discover_manifests(const std::vector<std::string>& paths,
                                            std::vector<Diagnostic>& diagnostics);

// A found file's text, or nullopt when it is too large (manifest/too-large) or unreadable
// (manifest/unreadable), reported to `diagnostics`. At most the size the file had when opened is
// read, so a file that grows meanwhile cannot make the read unbounded.
std::optional<std::string> read_manifest_text(const std::string& file,
                                              std::vector<Diagnostic>& diagnostics);

}  // namespace topicform
