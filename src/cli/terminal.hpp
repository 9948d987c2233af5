// Whether to colour output: only on a terminal, never with NO_COLOR, as `--color` says.
#pragma once

#include <string>

namespace topicform {

// `mode` is auto, always or never; auto colours a TTY unless NO_COLOR is set and non-empty.
bool use_colour(const std::string& mode, int fd);

}  // namespace topicform
