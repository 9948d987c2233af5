// Runs a program (never through a shell) with bounded input, output and time.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "core/ground/result.hpp"

namespace topicform {

struct ProcessOutput {
  int status = -1;  // the exit status; -1 when killed by a signal
  std::string out;
  std::string err;
};

struct ProcessLimits {
  std::size_t max_output = 64u << 20;  // stdout bytes; more is an error, and the program is killed
  std::chrono::milliseconds timeout{60'000};
};

// Runs `argv` (argv[0] found on PATH) with `input` on its stdin. An error says why it could not
// start, or that it ran past a limit (it is killed then).
Result<ProcessOutput> run_process(const std::vector<std::string>& argv, const std::string& input,
                                  const ProcessLimits& limits = {});

}  // namespace topicform
