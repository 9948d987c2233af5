// Durations and sizes written for people ("7d", "10GiB") and their Kafka values (ms, bytes).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace topicform {

// Kafka's "no limit" for retention.ms and retention.bytes.
inline constexpr std::int64_t kUnlimited = -1;

// "500ms", "30s", "15m", "36h", "7d", "2w", a bare number of milliseconds, or "infinite" (-1).
std::optional<std::int64_t> parse_duration_ms(std::string_view text);

// "512", "64KiB", "10GiB", "1TiB", "100MB" (decimal), or "infinite" (-1).
std::optional<std::int64_t> parse_size_bytes(std::string_view text);

// A plain decimal integer with an optional minus sign, nothing else.
std::optional<std::int64_t> parse_integer(std::string_view text);

// `x` rounded toward zero and held within int64's range (NaN is 0): converting a double past that
// range is undefined behaviour, and estimates from declared throughput can get there.
std::int64_t saturating_int64(double x);

// The shortest exact human form: 604800000 -> "7d", 90000 -> "90s", -1 -> "infinite".
std::string format_duration_ms(std::int64_t ms);

// Binary units rounded to one decimal: 12386304000 -> "11.5 GiB".
std::string format_size_bytes(double bytes);

}  // namespace topicform
