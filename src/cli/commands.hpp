// The subcommands: each parses its own arguments and returns the process exit code.
#pragma once

#include <string>
#include <vector>

namespace topicform {

// Exit codes shared by every command; CI scripts rely on them.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // errors in the manifests, or a usage error

int run_validate(const std::vector<std::string>& args);
int run_rules(const std::vector<std::string>& args);
int run_version(const std::vector<std::string>& args);

}  // namespace topicform
