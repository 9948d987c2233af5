// Formatting with gmtime_r, which reads no time zone and keeps no shared state.
#include "core/text/utc_time.hpp"

#include <ctime>

namespace topicform {

std::string utc_time(std::int64_t ms) {
  std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm parts{};
  gmtime_r(&seconds, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

}  // namespace topicform
