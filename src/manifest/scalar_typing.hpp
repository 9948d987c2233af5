// YAML 1.2 core schema typing of plain scalars, shared by both readers of manifest YAML.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace topicform {

// The plain scalars YAML reads as null: "", "~", "null", "Null", "NULL".
bool is_null_scalar(std::string_view text);

// A plain (unquoted, untagged) scalar as JSON: null, a boolean, a 64-bit integer, a float, or
// the text as written (an integer beyond 64 bits too, for the schema to say what is expected).
nlohmann::json typed_plain_scalar(const std::string& text);

}  // namespace topicform
