// YAML scalars that read back as exactly the text they hold, for the files topicform writes.
#include "core/text/yaml_scalar.hpp"

#include <cctype>
#include <charconv>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

namespace topicform {
namespace {

// Words some YAML reader takes for a null or a boolean when they are not quoted: YAML 1.2's, and
// YAML 1.1's yes/no/on/off/y/n, which PyYAML and older tools still read as booleans.
bool reads_as_non_string(const std::string& text) {
  static const std::set<std::string> kWords{
      "~",     "null", "Null", "NULL", "true", "True", "TRUE", "false", "False",
      "FALSE", "y",    "Y",    "yes",  "Yes",  "YES",  "n",    "N",     "no",
      "No",    "NO",   "on",   "On",   "ON",   "off",  "Off",  "OFF"};
  return kWords.count(text) > 0;
}

// A word some YAML reader takes for a number: YAML 1.2's integers (0o17, 0x10) and floats, and
// YAML 1.1's with underscores (1_000), binary (0b101) and old octal (017); quoted, each stays a
// string. "7d" and "86400001ms" are strings to every reader and stay plain.
bool looks_numeric(const std::string& text) {
  static const std::regex kNumber(
      "[-+]?(0x[0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+|[0-9][0-9_]*(\\.[0-9_]*)?([eE][-+]?[0-9]+)?|"
      "\\.[0-9_]+([eE][-+]?[0-9]+)?)");
  // Every number starts with a digit, a sign or '.': a word that starts with another letter
  // than e is none, and skips the regex (a hundred thousand resources write millions of words).
  char first = text.empty() ? '0' : text[0];
  if (std::isalpha(static_cast<unsigned char>(first)) && first != 'e' && first != 'E') return false;
  return text.find_first_not_of("0123456789+-.eE") == std::string::npos ||
         std::regex_match(text, kNumber);
}

bool plain_word(const std::string& text) {
  if (text.empty() || !std::isalnum(static_cast<unsigned char>(text[0]))) return false;
  for (unsigned char c : text) {
    if (!std::isalnum(c) && c != '.' && c != '_' && c != '-' && c != '/') return false;
  }
  return !reads_as_non_string(text) && !looks_numeric(text);
}

// A whole number written canonically ("-1", "604800000"; not "+1", "007" or "1e3").
bool canonical_integer(const std::string& text) {
  long long value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && std::to_string(value) == text;
}

}  // namespace

std::string yaml_scalar(const std::string& text) {
  if (plain_word(text)) return text;
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// A config value: a canonical integer or a boolean is written plain, as people write them (the
// reader turns both back into the same text); any other value is a string.
std::string yaml_config_scalar(const std::string& value) {
  if (canonical_integer(value)) return value;
  if (value == "true" || value == "false") return value;
  return yaml_scalar(value);
}

}  // namespace topicform
