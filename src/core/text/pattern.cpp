// RE2 with its logging off (errors come back as values) and a bounded program size.
#include "core/text/pattern.hpp"

#include <re2/re2.h>

#include <fmt/format.h>

namespace topicform {

Result<Pattern> Pattern::compile(const std::string& text) {
  RE2::Options options;
  options.set_log_errors(false);
  options.set_max_mem(8 << 20);  // a pattern that needs more is not a naming convention
  auto compiled = std::make_shared<const RE2>(text, options);
  if (!compiled->ok()) return Error{compiled->error()};
  return Pattern(text, std::move(compiled));
}

Pattern::Pattern(std::string text, std::shared_ptr<const re2::RE2> compiled)
    : m_text(std::move(text)), m_compiled(std::move(compiled)) {}

bool Pattern::full_match(std::string_view subject) const {
  return RE2::FullMatch(re2::StringPiece(subject.data(), subject.size()), *m_compiled);
}

bool Pattern::partial_match(std::string_view subject) const {
  return RE2::PartialMatch(re2::StringPiece(subject.data(), subject.size()), *m_compiled);
}

}  // namespace topicform
