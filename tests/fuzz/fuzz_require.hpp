// What a fuzz target demands of an input beyond not crashing: a broken demand aborts, so libFuzzer
// keeps the input, after a line naming the target and what failed.
#pragma once

#include <errno.h>  // program_invocation_short_name (glibc)

#include <cstdio>
#include <cstdlib>

inline void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "%s: %s\n", program_invocation_short_name, what);
  std::abort();
}
