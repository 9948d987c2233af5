// Cheap checks on raw bytes before the YAML parser sees them: encoding and flow nesting depth.
#pragma once

#include <optional>
#include <string_view>

#include "core/ground/location.hpp"

namespace topicform {

struct TextProblem {
  int line = 1;
  int column = 1;
  std::string_view what;
};

// The first byte sequence that is not valid UTF-8, or a NUL byte.
std::optional<TextProblem> find_encoding_problem(std::string_view text);

// The first place where '[' / '{' nesting outside quotes and comments exceeds `limit`; checked
// before parsing because the parser recurses once per level.
std::optional<TextProblem> find_excessive_nesting(std::string_view text, int limit);

}  // namespace topicform
