// A value or an error message: failures of the environment (unreadable file, broker down).
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace topicform {

struct Error {
  std::string message;
};

// The method names follow std::expected so the type can be swapped for it later.
template <class T>
class Result {
 public:
  Result(T value) : m_state(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : m_state(std::move(error)) {}  // NOLINT: implicit by design

  bool has_value() const { return m_state.index() == 0; }
  explicit operator bool() const { return has_value(); }
  T& value() { return std::get<0>(m_state); }
  const T& value() const { return std::get<0>(m_state); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(m_state); }

 private:
  std::variant<T, Error> m_state;
};

}  // namespace topicform
