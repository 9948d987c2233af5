// Command-line parsing shared by the commands that read manifests: options plus PATH operands.
#pragma once

#include <string>
#include <vector>

#include <boost/program_options.hpp>

namespace topicform {

enum class Parsed { run, help_shown, usage_error };

// Parses `args` against `visible` and any number of PATH operands into `paths` (default: topics,
// and `*defaulted` set when given).
// --help prints `visible`, then `examples`; a usage error is reported on stderr with a pointer to
// `topicform COMMAND --help`.
Parsed parse_arguments(const std::vector<std::string>& args,
                       const boost::program_options::options_description& visible,
                       std::vector<std::string>& paths, const std::string& command,
                       const std::string& examples, bool* defaulted = nullptr);

// --format (-f): one of `allowed`, the first being the default, described by `help` (else the
// list); another value is a usage error, "unknown format 'yaml': use text, json or github".
void add_format_option(boost::program_options::options_description& options, std::string& into,
                       const std::vector<std::string>& allowed, const std::string& help = "");

// --color: whether messages are coloured, described by `help`; auto (the default) colours only
// on a terminal and never with NO_COLOR.
void add_colour_option(boost::program_options::options_description& options, std::string& into,
                       const std::string& help = "auto, always or never");

// --env (-e): the one environment from the settings a command runs for, described by `help`.
void add_environment_option(boost::program_options::options_description& options, std::string& into,
                            const std::string& help = "environment from the settings");

// The exit code for a parse that does not run the command.
int exit_code(Parsed parsed);

}  // namespace topicform
