// `topicform rules` lists every rule id with its default severity and summary; `version` says
// which topicform and librdkafka run, and which librdkafka admin paths this build takes.
#include <iostream>

#include <boost/program_options.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/command_options.hpp"
#include "cli/commands.hpp"
#include "cluster/rdkafka_report.hpp"
#include "core/rules/rule_catalog.hpp"
#include "log/log.hpp"

namespace topicform {

Parsed parse_rules(const std::vector<std::string>& args, RulesOptions& options) {
  boost::program_options::options_description visible(
      "Usage: topicform rules [--format text|json]\n\n"
      "Lists every rule: its id, default severity, the phase it runs in (manifest and validate\n"
      "run offline; plan and apply need a cluster) and a summary. Settings change a rule's\n"
      "severity with  spec: {rules: {RULE-ID: error|warning|info|off}}.\n\nOptions");
  visible.add_options()("help,h", "show this help");
  add_format_option(visible, options.format, {"text", "json"});
  std::vector<std::string> operands;
  bool none = false;
  auto parsed = parse_arguments(args, visible, operands, "rules",
                                "Example:\n  topicform rules --format json\n", &none);
  if (parsed == Parsed::run && !none) {
    log_error(fmt::format("unknown argument '{}'\nsee 'topicform rules --help'", operands.front()));
    return Parsed::usage_error;
  }
  return parsed;
}

int run_rules(const std::vector<std::string>& args) {
  RulesOptions options;
  if (auto parsed = parse_rules(args, options); parsed != Parsed::run) return exit_code(parsed);
  bool json = options.format == "json";
  if (json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& rule : all_rules()) {
      list.push_back({{"id", rule.id},
                      {"severity", rule.severity ? to_string(*rule.severity) : "none"},
                      {"phase", to_string(rule.phase)},
                      {"adjustable", rule.adjustable},
                      {"summary", rule.summary}});
    }
    std::cout << nlohmann::ordered_json{{"version", 1}, {"rules", list}}.dump(2) << "\n";
    return kExitOk;
  }
  for (const auto& rule : all_rules()) {
    std::cout << fmt::format("{:<34} {:<8} {:<9} {}\n", rule.id,
                             rule.severity ? to_string(*rule.severity) : "-", to_string(rule.phase),
                             rule.summary);
  }
  return kExitOk;
}

int run_version(const std::vector<std::string>& args) {
  bool json = false;
  for (const auto& arg : args) {
    if (arg == "--help" || arg == "-h") {
      std::cout << "Usage: topicform version [--json]\n\nPrints topicform's version, the "
                   "librdkafka it runs with and was built with, and\nwhich newer librdkafka "
                   "admin paths this build takes.\n";
      return kExitOk;
    }
    if (arg != "--json") {
      log_error(fmt::format("unknown argument '{}'\nsee 'topicform version --help'", arg));
      return kExitFailure;
    }
    json = true;
  }
  LibrdkafkaReport librdkafka = librdkafka_report();
  if (json) {
    nlohmann::ordered_json paths = nlohmann::ordered_json::object();
    for (const auto& path : librdkafka.paths) {
      paths[path.name] = {{"on", path.on}, {"needs", path.needs}};
    }
    std::cout << nlohmann::ordered_json{{"version", 1},
                                        {"topicform", TOPICFORM_VERSION},
                                        {"manifestFormat", "topicform/v1"},
                                        {"librdkafka",
                                         {{"running", librdkafka.running},
                                          {"builtWith", librdkafka.built_with},
                                          {"paths", paths}}}}
                     .dump(2)
              << "\n";
    return kExitOk;
  }
  std::cout << "topicform " TOPICFORM_VERSION " (manifest format topicform/v1)\n";
  std::cout << fmt::format("librdkafka {} (built with {})\n", librdkafka.running,
                           librdkafka.built_with);
  for (const auto& path : librdkafka.paths) {
    std::cout << fmt::format("  {:<26} {}\n", path.name,
                             path.on ? "on" : fmt::format("off (needs librdkafka {})", path.needs));
  }
  return kExitOk;
}

}  // namespace topicform
