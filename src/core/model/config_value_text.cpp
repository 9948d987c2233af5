// Human units for plan lines; the raw value stays beside them because it is what Kafka stores.
#include "core/model/config_value_text.hpp"

#include <fmt/format.h>

#include "core/model/units.hpp"

namespace topicform {
namespace {

// Exact binary units when the size divides ("1 MiB"), else one decimal ("976.6 KiB").
std::string size_text(std::int64_t bytes) {
  constexpr std::pair<std::int64_t, std::string_view> kUnits[] = {
      {1LL << 40, "TiB"}, {1LL << 30, "GiB"}, {1LL << 20, "MiB"}, {1LL << 10, "KiB"}};
  for (const auto& [factor, name] : kUnits) {
    if (bytes >= factor && bytes % factor == 0) return fmt::format("{} {}", bytes / factor, name);
  }
  return format_size_bytes(static_cast<double>(bytes));
}

// The human form of `value` for `key`, when it has one that differs from the raw text.
std::optional<std::string> human_form(const std::string& key, const std::string& value) {
  auto number = parse_integer(value);
  if (!number) return std::nullopt;
  std::string human;
  if (key.ends_with(".ms")) {
    human = format_duration_ms(*number);
  } else if (key.ends_with(".bytes")) {
    human = *number < 0 ? "infinite" : size_text(*number);
  } else {
    return std::nullopt;
  }
  if (human == value || human == value + "ms" || human == value + " B") return std::nullopt;
  return human;
}

}  // namespace

std::string readable_value(const std::string& key, const std::string& value) {
  auto human = human_form(key, value);
  return human ? fmt::format("{} ({})", *human, value) : value;
}

std::string readable_change(const std::string& key, const std::optional<std::string>& before,
                            const std::optional<std::string>& after) {
  const std::string kDefault = "(default)";
  auto human_before = before ? human_form(key, *before) : std::nullopt;
  auto human_after = after ? human_form(key, *after) : std::nullopt;
  if (before && after && human_before && human_after) {
    return fmt::format("{}: {} -> {} ({} -> {})", key, *human_before, *human_after, *before,
                       *after);
  }
  return fmt::format("{}: {} -> {}", key, before ? readable_value(key, *before) : kDefault,
                     after ? readable_value(key, *after) : kDefault);
}

}  // namespace topicform
