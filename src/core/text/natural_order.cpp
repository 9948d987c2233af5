// Digit runs are compared without converting them, so any length of number works.
#include "core/text/natural_order.hpp"

namespace topicform {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The digit run of `s` from `at`, without its leading zeros, and where it ends.
std::string_view digits_at(std::string_view s, std::size_t at, std::size_t& end) {
  end = at;
  while (end < s.size() && is_digit(s[end])) ++end;
  std::size_t first = at;
  while (first + 1 < end && s[first] == '0') ++first;
  return s.substr(first, end - first);
}

}  // namespace

bool natural_less(std::string_view a, std::string_view b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      std::size_t end_a = 0, end_b = 0;
      std::string_view x = digits_at(a, i, end_a), y = digits_at(b, j, end_b);
      if (x.size() != y.size()) return x.size() < y.size();
      if (x != y) return x < y;
      if (end_a - i != end_b - j) return end_a - i < end_b - j;
      i = end_a;
      j = end_b;
      continue;
    }
    if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
    ++i;
    ++j;
  }
  return a.size() - i < b.size() - j;
}

}  // namespace topicform
