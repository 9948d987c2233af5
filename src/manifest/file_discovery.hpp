// Finds manifest files under the paths a user gives, in a stable order, safe from link loops.
#pragma once

#include <string>
#include <vector>

#include "core/ground/diagnostic.hpp"

namespace topicform {

// Files named on the command line are taken as they are; folders are read recursively for
// *.yaml and *.yml, skipping hidden entries, sorted by path. Problems go to `diagnostics`.
std::vector<std::string> discover_manifests(const std::vector<std::string>& paths,
                                            std::vector<Diagnostic>& diagnostics);

}  // namespace topicform
