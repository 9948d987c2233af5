// Text from users (names, paths, values) made safe to print: valid UTF-8 with nothing a terminal
// or a CI log would act on.
#pragma once

#include <string>
#include <string_view>

namespace topicform {

// `text` with control characters (C0, DEL, C1) written as \xHH (\n as \n, \t as \t), the
// bidirectional controls (U+202E, ...) as \uHHHH and bytes that are not valid UTF-8 as \xHH;
// everything else kept as it is.
std::string visible(std::string_view text);

// Whether every byte of `text` belongs to a valid UTF-8 sequence.
bool is_valid_utf8(std::string_view text);

// The character starting at byte `at` of `text`, for messages: 'é' (U+00E9); a control or an
// invalid byte as U+0007 or \xFF alone.
std::string describe_character(std::string_view text, std::size_t at);

}  // namespace topicform
