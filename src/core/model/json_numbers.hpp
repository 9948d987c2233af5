// Whole numbers read from JSON that topicform did not write itself (saved files, registry answers)
// without the undefined conversions nlohmann makes from floats and out-of-range integers.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace topicform {

// The value when it is an integer within [low, high]; nothing for a float such as 1e300 (whose
// cast nlohmann leaves undefined), a string or an integer out of range.
inline std::optional<std::int64_t> json_whole(const nlohmann::json& value, std::int64_t low,
                                              std::int64_t high) {
  if (!value.is_number_integer()) return std::nullopt;
  if (value.is_number_unsigned()) {
    auto u = value.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(high)) return std::nullopt;
    return static_cast<std::int64_t>(u);
  }
  auto i = value.get<std::int64_t>();
  if (i < low || i > high) return std::nullopt;
  return i;
}

inline std::optional<int> json_whole_int(const nlohmann::json& value) {
  auto whole = json_whole(value, std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
  if (!whole) return std::nullopt;
  return static_cast<int>(*whole);
}

// A whole number a saved file must hold; anything else throws nlohmann's other_error, which the
// file's reader turns into "not a topicform ... file: <why>".
inline std::int64_t json_integer(const nlohmann::json& value, const char* field) {
  auto whole = json_whole(value, std::numeric_limits<std::int64_t>::min(),
                          std::numeric_limits<std::int64_t>::max());
  if (!whole) {
    throw nlohmann::json::other_error::create(
        501, fmt::format("'{}' is not a whole number of at most 19 digits", field), nullptr);
  }
  return *whole;
}

inline int json_int(const nlohmann::json& value, const char* field) {
  auto whole = json_whole_int(value);
  if (!whole) {
    throw nlohmann::json::other_error::create(
        501, fmt::format("'{}' is not a whole number of at most 10 digits", field), nullptr);
  }
  return *whole;
}

// A file's format version: -1 when the key is missing or not a small whole number, so a reader
// can say "unsupported version" rather than fail on the number itself.
inline int json_format_version(const nlohmann::json& root, const char* key) {
  if (!root.is_object() || !root.contains(key)) return -1;
  return json_whole_int(root[key]).value_or(-1);
}

}  // namespace topicform
