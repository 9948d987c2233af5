// Names in the order people count: "item2" before "item10".
#pragma once

#include <string_view>

namespace topicform {

// Compares runs of digits by their value (then by length, so "01" follows "1") and everything
// else byte by byte.
bool natural_less(std::string_view a, std::string_view b);

struct NaturalLess {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const { return natural_less(a, b); }
};

}  // namespace topicform
