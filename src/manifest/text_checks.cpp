// UTF-8 validation (RFC 3629: no overlongs, no surrogates) and a quote-aware bracket scan.
#include "manifest/text_checks.hpp"

namespace topicform {
namespace {

// Length of the valid UTF-8 sequence starting at `i`, or 0 if it is invalid.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;  // UTF-16 surrogates are not characters
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return length;
}

}  // namespace

std::optional<TextProblem> find_encoding_problem(std::string_view text) {
  int line = 1;
  int column = 1;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\0')
      return TextProblem{line, column, "contains a NUL byte: is it a binary file?"};
    std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) return TextProblem{line, column, "is not valid UTF-8"};
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    i += length;
  }
  return std::nullopt;
}

std::optional<TextProblem> find_excessive_nesting(std::string_view text, int limit) {
  int depth = 0;
  int line = 1;
  int column = 0;
  char quote = 0;
  bool comment = false;
  char previous = '\n';
  for (char c : text) {
    ++column;
    if (c == '\n') {
      ++line;
      column = 0;
      comment = false;
      quote = 0;  // an apostrophe in a plain scalar must not hide the rest of the file
      previous = c;
      continue;
    }
    if (comment) continue;
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '#' && (previous == ' ' || previous == '\t' || previous == '\n')) {
      comment = true;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return TextProblem{line, column, "nests deeper than the limit"};
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
    previous = c;
  }
  return std::nullopt;
}

}  // namespace topicform
