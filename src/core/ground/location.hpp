// Where something stands in a user's file: the anchor of every diagnostic.
#pragma once

#include <compare>
#include <string>

#include <fmt/format.h>

namespace topicform {

// A file's name, kept once for the whole run and pointed at by every place in the file: a value
// read from a manifest carries where it was written, and a hundred thousand topics carry millions
// of places. A pointer (8 bytes, no count to update) keeps each place at 16 bytes; the names are
// few (one per file read) and are never released.
class FileName {
 public:
  FileName() = default;
  FileName(const std::string& name)  // NOLINT: a name is a file name wherever one is expected
      : m_name(name.empty() ? nullptr : kept(name)) {}
  FileName(const char* name) : FileName(std::string(name)) {}  // NOLINT: as above

  const std::string& str() const { return m_name ? *m_name : empty_name(); }
  operator const std::string&() const { return str(); }  // NOLINT: reads as the name it is
  bool empty() const { return m_name == nullptr; }

  // One kept name per distinct text, so equal names are the same pointer.
  friend bool operator==(const FileName& a, const FileName& b) { return a.m_name == b.m_name; }
  friend std::strong_ordering operator<=>(const FileName& a, const FileName& b) {
    return a.str().compare(b.str()) <=> 0;
  }

 private:
  static const std::string& empty_name() {
    static const std::string none;
    return none;
  }
  // The kept copy of `name`, made on first use; safe from any thread.
  static const std::string* kept(const std::string& name);
  const std::string* m_name = nullptr;
};

// 1-based line and column; line 0 means "the file as a whole".
struct Location {
  FileName file;
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

template <>
struct fmt::formatter<topicform::FileName> : fmt::formatter<std::string_view> {
  template <class Context>
  auto format(const topicform::FileName& name, Context& context) const {
    return fmt::formatter<std::string_view>::format(name.str(), context);
  }
};
