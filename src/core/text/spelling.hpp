// "Did you mean": edit distance and the closest candidate to a mistyped word.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace topicform {

// Levenshtein distance: insertions, deletions and substitutions.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `word` within `max_distance` edits; the first one wins a tie.
std::optional<std::string_view> closest_word(std::string_view word,
                                             const std::vector<std::string_view>& candidates,
                                             std::size_t max_distance);

}  // namespace topicform
