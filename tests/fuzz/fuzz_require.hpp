// What a fuzz target demands of an input beyond not crashing (a broken demand aborts, so libFuzzer
// keeps the input, after a line naming the target and what failed), and how one input is two files.
#pragma once

#include <errno.h>  // program_invocation_short_name (glibc)

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <utility>

inline void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "%s: %s\n", program_invocation_short_name, what);
  std::abort();
}

// Any bytes as two files, split at the first "\n----\n"; without one, the same text twice.
inline std::pair<std::string_view, std::string_view> two_files(const std::uint8_t* data,
                                                               std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto cut = text.find("\n----\n");
  if (cut == std::string_view::npos) return {text, text};
  return {text.substr(0, cut), text.substr(cut + 6)};
}
