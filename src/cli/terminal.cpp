// Colour decisions per https://no-color.org: NO_COLOR set to anything non-empty disables it.
#include "cli/terminal.hpp"

#include <unistd.h>

#include <cstdlib>

namespace topicform {

bool use_colour(const std::string& mode, int fd) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour != nullptr && *no_colour != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::string(term) == "dumb") return false;
  return isatty(fd) == 1;
}

}  // namespace topicform
