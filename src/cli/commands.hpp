// The subcommands: each parses its own arguments and returns the process exit code.
#pragma once

#include <string>
#include <vector>

namespace topicform {

// Exit codes shared by every command; CI scripts rely on them.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // errors in the manifests, a usage error, or blocked
inline constexpr int kExitChanges = 2;  // plan --detailed-exitcode: there are changes

int run_validate(const std::vector<std::string>& args);
int run_apply(const std::vector<std::string>& args);
int run_plan(const std::vector<std::string>& args);
int run_docs(const std::vector<std::string>& args);
int run_export(const std::vector<std::string>& args);
int run_rules(const std::vector<std::string>& args);
int run_version(const std::vector<std::string>& args);
int run_schema(const std::vector<std::string>& args);
int run_init(const std::vector<std::string>& args);
int run_import(const std::vector<std::string>& args);
int run_alerts(const std::vector<std::string>& args);
int run_check(const std::vector<std::string>& args);
int run_serve(const std::vector<std::string>& args);
int run_reassign(const std::vector<std::string>& args);
int run_dead(const std::vector<std::string>& args);
int run_dead_show(const std::vector<std::string>& args);
int run_dead_replay(const std::vector<std::string>& args);
int run_offsets(const std::vector<std::string>& args);
int run_offsets_reset(const std::vector<std::string>& args);

}  // namespace topicform
