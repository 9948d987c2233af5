// Config values as a reviewer reads them: durations and sizes in human units beside the raw value.
#pragma once

#include <optional>
#include <string>

namespace topicform {

// "7d (604800000)" for a `*.ms` key, "1 MiB (1048576)" for a `*.bytes` key, else `value` as it
// is; also as it is when the human form would say nothing more ("0ms" for 0 is not shown).
std::string readable_value(const std::string& key, const std::string& value);

// "retention.ms: 3d -> 5d (259200000 -> 432000000)", "(default)" for an unset side.
std::string readable_change(const std::string& key, const std::optional<std::string>& before,
                            const std::optional<std::string>& after);

}  // namespace topicform
