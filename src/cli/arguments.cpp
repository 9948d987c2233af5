// Boost.Program_options with PATH operands, the same way for every command.
#include "cli/arguments.hpp"

#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "core/text/spelling.hpp"
#include "log/log.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

// " (did you mean '--format'?)" for an unknown option close to one the command has.
std::string option_hint(const po::error& error, const po::options_description& visible) {
  const auto* unknown = dynamic_cast<const po::unknown_option*>(&error);
  if (!unknown) return "";
  std::string word = unknown->get_option_name();
  while (!word.empty() && word.front() == '-') word.erase(word.begin());
  std::vector<std::string> names;
  for (const auto& option : visible.options()) names.push_back(option->long_name());
  std::vector<std::string_view> candidates(names.begin(), names.end());
  auto close = closest_word(word, candidates, 2);
  return close ? fmt::format(" (did you mean '--{}'?)", *close) : "";
}

// "text, json or github"
std::string listed(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    out += words[i];
    if (i + 2 < words.size()) out += ", ";
    if (i + 2 == words.size()) out += " or ";
  }
  return out;
}

// A usage error whose text is the whole message.
class UsageError : public po::error {
 public:
  using po::error::error;
};

}  // namespace

void add_format_option(po::options_description& options, std::string& into,
                       const std::vector<std::string>& allowed, const std::string& help) {
  auto check = [allowed](const std::string& value) {
    if (std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
      throw UsageError(fmt::format("unknown format '{}': use {}", value, listed(allowed)));
    }
  };
  options.add_options()("format,f",
                        po::value(&into)->default_value(allowed.front())->notifier(check),
                        help.empty() ? listed(allowed).c_str() : help.c_str());
}

Parsed parse_arguments(const std::vector<std::string>& args, const po::options_description& visible,
                       std::vector<std::string>& paths, const std::string& command,
                       const std::string& examples, bool* defaulted) {
  po::options_description hidden;
  hidden.add_options()("path", po::value(&paths));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("path", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    log_error(
        fmt::format("{}{}\nsee 'topicform {} --help'", e.what(), option_hint(e, visible), command));
    return Parsed::usage_error;
  }
  if (vm.count("help")) {
    std::cout << visible << "\n" << examples;
    return Parsed::help_shown;
  }
  if (defaulted) *defaulted = paths.empty();
  if (paths.empty()) paths.push_back("topics");
  return Parsed::run;
}

void add_colour_option(po::options_description& options, std::string& into,
                       const std::string& help) {
  options.add_options()("color", po::value(&into)->default_value("auto")->value_name("WHEN"),
                        help.c_str());
}

void add_environment_option(po::options_description& options, std::string& into,
                            const std::string& help) {
  options.add_options()("env,e", po::value(&into)->value_name("NAME"), help.c_str());
}

int exit_code(Parsed parsed) { return parsed == Parsed::help_shown ? kExitOk : kExitFailure; }

}  // namespace topicform
