// Whole numbers read from JSON that topicform did not write itself (saved files, registry answers)
// without the undefined conversions nlohmann makes from floats and out-of-range integers.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace topicform {

// The value when it is an integer that fits `Whole`; nothing for a float such as 1e300 (whose
// cast nlohmann leaves undefined), a string or an integer out of range.
template <typename Whole>
std::optional<Whole> json_whole(const nlohmann::json& value) {
  using Limits = std::numeric_limits<Whole>;
  if (value.is_number_unsigned()) {
    auto u = value.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(Limits::max())) return std::nullopt;
    return static_cast<Whole>(u);
  }
  if (!value.is_number_integer()) return std::nullopt;
  auto i = value.get<std::int64_t>();
  if (i < Limits::min() || i > Limits::max()) return std::nullopt;
  return static_cast<Whole>(i);
}

// json_whole of `root[key]`; nothing when `root` is not an object or has no `key`.
template <typename Whole>
std::optional<Whole> json_whole_member(const nlohmann::json& root, const char* key) {
  if (!root.is_object()) return std::nullopt;
  auto it = root.find(key);
  return it == root.end() ? std::nullopt : json_whole<Whole>(*it);
}

// A whole number a saved file must hold; anything else throws nlohmann's other_error, which the
// file's reader turns into "not a topicform ... file: <why>".
template <typename Whole>
Whole json_required(const nlohmann::json& value, const char* field) {
  auto whole = json_whole<Whole>(value);
  if (!whole) {
    throw nlohmann::json::other_error::create(
        501,
        fmt::format("'{}' is not a whole number of at most {} digits", field,
                    std::numeric_limits<Whole>::digits10 + 1),
        nullptr);
  }
  return *whole;
}

inline std::int64_t json_integer(const nlohmann::json& value, const char* field) {
  return json_required<std::int64_t>(value, field);
}

}  // namespace topicform
