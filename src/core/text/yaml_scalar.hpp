// YAML scalars that read back as exactly the text they hold, for the files topicform writes.
#pragma once

#include <string>

namespace topicform {

// A YAML scalar that reads back as exactly `text`, a string: plain where that is safe, else
// double-quoted with escapes.
std::string yaml_scalar(const std::string& text);

// A Kafka config value as people write it: a canonical whole number or a boolean plain (every
// reader turns both back into the same text), any other value a string (yaml_scalar).
std::string yaml_config_scalar(const std::string& value);

}  // namespace topicform
