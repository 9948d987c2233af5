// Unix milliseconds as an RFC 3339 UTC time, the one way reports and pages write a time.
#pragma once

#include <cstdint>
#include <string>

namespace topicform {

// "2026-12-07T02:31:39Z" (whole seconds).
std::string utc_time(std::int64_t ms);

}  // namespace topicform
