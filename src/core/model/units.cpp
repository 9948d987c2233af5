// Parsing and printing of durations and sizes; exact integer arithmetic with overflow checks.
#include "core/model/units.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

#include <fmt/format.h>

namespace topicform {
namespace {

struct Unit {
  std::string_view suffix;
  std::int64_t factor;
};

constexpr std::array<Unit, 7> kDurationUnits{{{"ms", 1},
                                              {"s", 1000},
                                              {"m", 60'000},
                                              {"h", 3'600'000},
                                              {"d", 86'400'000},
                                              {"w", 604'800'000},
                                              {"", 1}}};

constexpr std::array<Unit, 10> kSizeUnits{{{"KiB", 1LL << 10},
                                           {"MiB", 1LL << 20},
                                           {"GiB", 1LL << 30},
                                           {"TiB", 1LL << 40},
                                           {"KB", 1'000},
                                           {"MB", 1'000'000},
                                           {"GB", 1'000'000'000},
                                           {"TB", 1'000'000'000'000},
                                           {"B", 1},
                                           {"", 1}}};

template <std::size_t N>
std::optional<std::int64_t> parse_with_units(std::string_view text,
                                             const std::array<Unit, N>& units) {
  if (text == "infinite") return kUnlimited;
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0) return std::nullopt;
  std::string_view suffix = text.substr(digits);
  for (const Unit& unit : units) {
    if (suffix != unit.suffix) continue;
    std::int64_t number = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + digits, number);
    if (ec != std::errc{} || end != text.data() + digits) return std::nullopt;
    if (number > std::numeric_limits<std::int64_t>::max() / unit.factor) return std::nullopt;
    return number * unit.factor;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::int64_t> parse_duration_ms(std::string_view text) {
  return parse_with_units(text, kDurationUnits);
}

std::optional<std::int64_t> parse_size_bytes(std::string_view text) {
  return parse_with_units(text, kSizeUnits);
}

std::int64_t saturating_int64(double x) {
  constexpr double kLimit = 9.2233720368547748e18;  // 2^63, the first double past int64
  if (std::isnan(x)) return 0;
  if (x >= kLimit) return std::numeric_limits<std::int64_t>::max();
  if (x <= -kLimit) return std::numeric_limits<std::int64_t>::min();
  return static_cast<std::int64_t>(x);
}

std::optional<std::int64_t> parse_integer(std::string_view text) {
  std::int64_t number = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return number;
}

std::string format_duration_ms(std::int64_t ms) {
  if (ms < 0) return "infinite";
  if (ms == 0) return "0ms";
  // Largest unit that divides exactly, but weeks only read well for whole weeks of 7d.
  constexpr std::array<std::pair<std::int64_t, std::string_view>, 5> kUnits{
      {{86'400'000, "d"}, {3'600'000, "h"}, {60'000, "m"}, {1000, "s"}, {1, "ms"}}};
  for (const auto& [factor, suffix] : kUnits) {
    if (ms % factor == 0) return fmt::format("{}{}", ms / factor, suffix);
  }
  return fmt::format("{}ms", ms);
}

std::string format_size_bytes(double bytes) {
  constexpr std::array<std::string_view, 6> kNames{"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  std::size_t index = 0;
  while (bytes >= 1024.0 && index + 1 < kNames.size()) {
    bytes /= 1024.0;
    ++index;
  }
  if (index == 0) return fmt::format("{} B", static_cast<std::int64_t>(std::llround(bytes)));
  return fmt::format("{:.1f} {}", bytes, kNames[index]);
}

}  // namespace topicform
