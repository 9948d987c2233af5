// YAML 1.2 core schema numbers, checked by hand: std::regex recurses per character and a long
// scalar would exhaust the stack.
#include "manifest/scalar_typing.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdlib>

namespace topicform {
namespace {

bool all_digits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_integer(std::string_view text) {
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  return all_digits(text);
}

// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
bool is_float(std::string_view text) {
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  auto exponent = text.find_first_of("eE");
  std::string_view mantissa = text.substr(0, exponent);
  if (exponent != std::string_view::npos) {
    std::string_view power = text.substr(exponent + 1);
    if (!power.empty() && (power[0] == '-' || power[0] == '+')) power.remove_prefix(1);
    if (!all_digits(power)) return false;
  }
  auto dot = mantissa.find('.');
  if (dot == std::string_view::npos) return all_digits(mantissa);
  std::string_view whole = mantissa.substr(0, dot);
  std::string_view fraction = mantissa.substr(dot + 1);
  if (whole.empty()) return all_digits(fraction);
  return all_digits(whole) && (fraction.empty() || all_digits(fraction));
}

}  // namespace

bool is_null_scalar(std::string_view text) {
  return text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL";
}

nlohmann::json typed_plain_scalar(const std::string& text) {
  if (is_null_scalar(text)) return nullptr;
  if (text == "true" || text == "True" || text == "TRUE") return true;
  if (text == "false" || text == "False" || text == "FALSE") return false;
  if (is_integer(text)) {
    std::int64_t value = 0;
    const char* begin = text.data() + (text[0] == '+' ? 1 : 0);
    auto [end, ec] = std::from_chars(begin, text.data() + text.size(), value);
    if (ec == std::errc{} && end == text.data() + text.size()) return value;
    return text;
  }
  if (is_float(text)) return std::strtod(text.c_str(), nullptr);
  return text;
}

}  // namespace topicform
