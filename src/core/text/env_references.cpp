// One pass over the value: values may be long (a whole JAAS line) and come from files.
#include "core/text/env_references.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string_view>

#include <fmt/format.h>

namespace topicform {
namespace {

bool is_variable_name(const std::string& name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

}  // namespace

Result<std::string> expand_env_references(const std::string& value, const std::string& what) {
  constexpr std::string_view kOpen = "${env:";
  std::string out;
  std::size_t at = 0;
  while (true) {
    std::size_t start = value.find(kOpen, at);
    std::size_t end = start == std::string::npos ? start : value.find('}', start);
    std::string name = end == std::string::npos
                           ? ""
                           : value.substr(start + kOpen.size(), end - start - kOpen.size());
    if (!is_variable_name(name)) {
      if (start == std::string::npos || end == std::string::npos) return out + value.substr(at);
      out += value.substr(at, start + 1 - at);  // not a reference: keep the '$' and go on
      at = start + 1;
      continue;
    }
    const char* found = std::getenv(name.c_str());
    if (!found) return Error{fmt::format("{} refers to ${{env:{}}}, which is not set", what, name)};
    out += value.substr(at, start - at) + found;
    at = end + 1;
  }
}

bool is_env_reference(const std::string& value) {
  constexpr std::string_view kOpen = "${env:";
  return value.starts_with(kOpen) && value.ends_with('}') &&
         is_variable_name(value.substr(kOpen.size(), value.size() - kOpen.size() - 1));
}

}  // namespace topicform
