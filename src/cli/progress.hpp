// ProgressLine of long reads on a terminal: one line on stderr, rewritten at most a few times a
// second, and cleared at the end; nothing when stderr is not a terminal (CI logs stay clean).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace topicform {

class ProgressLine {
 public:
  // `what`: "reading orders.created.dead"; `total`: what 100% is, 0 when unknown.
  ProgressLine(std::string what, std::int64_t total);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  void update(std::int64_t done);

 private:
  std::string m_what;
  std::int64_t m_total;
  bool m_shown = false;
  bool m_terminal;
  std::chrono::steady_clock::time_point m_last;
};

}  // namespace topicform
