// The words of property names and descriptions, and the properties a schema declares: what the
// contract rules read.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace topicform {

// "totalMinor" -> {total, minor}; "price_cents" -> {price, cents}; description text -> its words.
// Lower-cased; bytes above ASCII stay inside words, so Cyrillic words survive whole.
std::vector<std::string> words_of(std::string_view text);

// Whether `words` and `list` share a word (case-insensitive).
bool shares_word(const std::vector<std::string>& words, const std::vector<std::string>& list);

// Calls `visit(name, schema, pointer)` for each property declared anywhere in `root` (under
// properties, items, definitions and combinators), each once.
void for_each_property(const nlohmann::json& root,
                       const std::function<void(const std::string&, const nlohmann::json&,
                                                const std::string&)>& visit);

// The top-level object's declared properties and required names (allOf members included).
std::vector<std::string> top_level_properties(const nlohmann::json& root);
std::vector<std::string> top_level_required(const nlohmann::json& root);

}  // namespace topicform
