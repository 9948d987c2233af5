// FNV-1a, 64 bits: a stable digest of text for names and fingerprints, not for secrets.
#pragma once

#include <cstdint>
#include <string_view>

namespace topicform {

constexpr std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return hash;
}

}  // namespace topicform
