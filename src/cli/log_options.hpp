// The logging flags every command takes: --log-level, --log-format, and -v / -vv before the
// command; TOPICFORM_LOG_LEVEL and TOPICFORM_LOG_FORMAT for pipelines that set them once.
#pragma once

#include <string>
#include <vector>

#include "core/ground/result.hpp"
#include "log/log.hpp"

namespace topicform {

// The logging setup `args` (the command line after the program's name) ask for, taken out of
// them: -v (debug), -vv (trace) before the command; --log-level and --log-format anywhere before
// a '--', as '--flag VALUE' or '--flag=VALUE'; the variables for what no flag says. An error
// names a bad value.
Result<LogSetup> log_setup_from(std::vector<std::string>& args);

}  // namespace topicform
