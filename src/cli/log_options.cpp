// Flags after the command are taken before the command's own parser sees them, so every command
// takes them without declaring them; -v stays before the command, where `check -v` cannot clash.
#include "cli/log_options.hpp"

#include <unistd.h>

#include <cstdlib>

#include <fmt/format.h>

#include "cli/terminal.hpp"

namespace topicform {
namespace {

Result<bool> apply_flag(const std::string& flag, const std::string& value, LogSetup& setup) {
  if (flag == "--log-level") {
    auto level = parse_log_level(value);
    if (!level)
      return Error{fmt::format("--log-level '{}': use error, warn, info, debug or trace", value)};
    setup.level = *level;
  } else {
    auto format = parse_log_format(value);
    if (!format) return Error{fmt::format("--log-format '{}': use text or json", value)};
    setup.format = *format;
  }
  return true;
}

// The setup from the environment's variables, the terminal and NO_COLOR, before any flag.
Result<LogSetup> default_log_setup() {
  LogSetup setup;
  setup.colour = use_colour("auto", STDERR_FILENO);
  for (auto [variable, flag] : {std::pair{"TOPICFORM_LOG_LEVEL", "--log-level"},
                                std::pair{"TOPICFORM_LOG_FORMAT", "--log-format"}}) {
    const char* value = std::getenv(variable);
    if (value == nullptr || *value == '\0') continue;
    auto applied = apply_flag(flag, value, setup);
    if (!applied) return Error{fmt::format("{}: {}", variable, applied.error().message)};
  }
  return setup;
}

// Takes --log-level and --log-format out of `args`, up to a '--', into `setup`.
Result<bool> take_log_options(std::vector<std::string>& args, LogSetup& setup) {
  for (std::size_t i = 0; i < args.size() && args[i] != "--";) {
    std::string flag = args[i].substr(0, args[i].find('='));
    if (flag != "--log-level" && flag != "--log-format") {
      ++i;
      continue;
    }
    bool joined = args[i].size() > flag.size();
    if (!joined && i + 1 >= args.size()) return Error{fmt::format("{} needs a value", flag)};
    std::string value = joined ? args[i].substr(flag.size() + 1) : args[i + 1];
    auto applied = apply_flag(flag, value, setup);
    if (!applied) return applied;
    args.erase(args.begin() + static_cast<std::ptrdiff_t>(i),
               args.begin() + static_cast<std::ptrdiff_t>(i + (joined ? 1 : 2)));
  }
  return true;
}

}  // namespace

Result<LogSetup> log_setup_from(std::vector<std::string>& args) {
  auto setup = default_log_setup();
  if (!setup) return setup;
  while (!args.empty() && (args[0] == "-v" || args[0] == "-vv" || args[0] == "--verbose")) {
    setup->level = args[0] == "-vv" ? LogLevel::trace : LogLevel::debug;
    args.erase(args.begin());
  }
  auto taken = take_log_options(args, *setup);
  if (!taken) return taken.error();
  return setup;
}

}  // namespace topicform
