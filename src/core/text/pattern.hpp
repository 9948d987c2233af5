// Regular expressions from users (naming conventions in settings), matched in linear time by RE2:
// a pull request can never make `validate` backtrack for ever or recurse off the stack.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/ground/result.hpp"

namespace re2 {
class RE2;
}

namespace topicform {

class Pattern {
 public:
  // RE2 syntax (no backreferences or lookaround); an error says why RE2 refuses the pattern.
  static Result<Pattern> compile(const std::string& text);

  // Whether the whole of `subject` matches.
  bool full_match(std::string_view subject) const;
  // Whether some part of `subject` matches (for hints when a whole-name match finds nothing).
  bool partial_match(std::string_view subject) const;
  const std::string& text() const { return m_text; }

 private:
  Pattern(std::string text, std::shared_ptr<const re2::RE2> compiled);
  std::string m_text;
  std::shared_ptr<const re2::RE2> m_compiled;  // shared: settings are copied, patterns are not
};

}  // namespace topicform
