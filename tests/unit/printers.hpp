// GoogleTest printers for the value types, so a failed comparison reads as text, not bytes.
#pragma once

#include <ostream>

#include "core/ground/diagnostic.hpp"

namespace topicform {

inline void PrintTo(const FileName& name, std::ostream* out) { *out << name.str(); }

inline void PrintTo(const Location& at, std::ostream* out) {
  *out << at.file.str() << ":" << at.line << ":" << at.column;
}

inline void PrintTo(const Diagnostic& d, std::ostream* out) {
  PrintTo(d.at, out);
  *out << ": " << to_string(d.severity) << ": " << d.message << " [" << d.rule << "]";
}

}  // namespace topicform
