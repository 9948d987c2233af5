// Where something stands in a user's file: the anchor of every diagnostic.
#pragma once

#include <string>

namespace topicform {

// 1-based line and column; line 0 means "the file as a whole".
struct Location {
  std::string file;
  int line = 0;
  int column = 0;

  friend bool operator==(const Location&, const Location&) = default;
};

// A value decoded from a manifest together with the place it was written.
template <class T>
struct Located {
  T value{};
  Location at;
  bool present = false;

  friend bool operator==(const Located&, const Located&) = default;
};

}  // namespace topicform
