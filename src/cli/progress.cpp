// A progress line that only a terminal sees.
#include "cli/progress.hpp"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

namespace topicform {

ProgressLine::ProgressLine(std::string what, std::int64_t total)
    : m_what(std::move(what)), m_total(total), m_terminal(isatty(STDERR_FILENO) == 1) {}

ProgressLine::~ProgressLine() {
  if (m_shown) std::fputs("\r\033[K", stderr);
}

void ProgressLine::update(std::int64_t done) {
  auto now = std::chrono::steady_clock::now();
  if (!m_terminal || (m_shown && now - m_last < std::chrono::milliseconds(200))) return;
  m_last = now;
  m_shown = true;
  std::string share = m_total > 0 ? fmt::format(" of {} ({}%)", m_total, done * 100 / m_total) : "";
  std::fputs(fmt::format("\r\033[K{}: {} messages{}", m_what, done, share).c_str(), stderr);
  std::fflush(stderr);
}

}  // namespace topicform
