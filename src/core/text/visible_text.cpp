// A small UTF-8 decoder: no locale, no library, and every byte either kept whole or escaped.
#include "core/text/visible_text.hpp"

#include <cstdint>

#include <fmt/format.h>

namespace topicform {
namespace {

struct Decoded {
  char32_t code = 0;
  std::size_t length = 0;  // 0: not a valid sequence
};

// The UTF-8 sequence at `at`: shortest form only, no surrogates, at most U+10FFFF.
Decoded decode(std::string_view text, std::size_t at) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned char lead = byte(at);
  if (lead < 0x80) return {lead, 1};
  std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
  if (length == 0 || lead > 0xF4 || at + length > text.size()) return {};
  char32_t code = lead & (0x7F >> length);
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) return {};
    code = (code << 6) | (byte(at + i) & 0x3F);
  }
  constexpr char32_t kMinimum[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kMinimum[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {};
  return {code, length};
}

bool is_control(char32_t code) { return code < 0x20 || (code >= 0x7F && code <= 0x9F); }

// Marks that reorder the text around them (Trojan Source): a name holding U+202E would show a
// reviewer other words than the bytes hold.
bool is_bidi_control(char32_t code) {
  return code == 0x061C || code == 0x200E || code == 0x200F || (code >= 0x202A && code <= 0x202E) ||
         (code >= 0x2066 && code <= 0x2069);
}

}  // namespace

std::string visible(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  auto plain = [](char c) { return c >= 0x20 && c < 0x7F; };
  for (std::size_t at = 0; at < text.size();) {
    std::size_t run = at;  // printable ASCII, most of any text, is copied a run at a time
    while (run < text.size() && plain(text[run])) ++run;
    out.append(text.substr(at, run - at));
    if ((at = run) == text.size()) break;
    Decoded d = decode(text, at);
    if (d.length == 0) {
      out += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[at]));
      ++at;
      continue;
    }
    if (d.code == '\n') {
      out += "\\n";
    } else if (d.code == '\t') {
      out += "\\t";
    } else if (is_control(d.code)) {
      out += fmt::format("\\x{:02X}", static_cast<std::uint32_t>(d.code));
    } else if (is_bidi_control(d.code)) {
      out += fmt::format("\\u{:04X}", static_cast<std::uint32_t>(d.code));
    } else {
      out.append(text.substr(at, d.length));
    }
    at += d.length;
  }
  return out;
}

bool is_valid_utf8(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    Decoded d = decode(text, at);
    if (d.length == 0) return false;
    at += d.length;
  }
  return true;
}

std::string describe_character(std::string_view text, std::size_t at) {
  Decoded d = decode(text, at);
  if (d.length == 0) return fmt::format("\\x{:02X}", static_cast<unsigned char>(text[at]));
  auto code = static_cast<std::uint32_t>(d.code);
  if (is_control(d.code)) return fmt::format("U+{:04X}", code);
  return fmt::format("'{}' (U+{:04X})", text.substr(at, d.length), code);
}

}  // namespace topicform
