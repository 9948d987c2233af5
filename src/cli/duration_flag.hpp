// Duration flags (--timeout, --wait) read into milliseconds as the command line is parsed.
#pragma once

#include <string>
#include <vector>

#include <boost/any.hpp>

#include "core/ground/result.hpp"

namespace topicform {

// A duration flag's value, checked when the flag is read: between 1ms and 24h.
struct DurationMs {
  int ms = 0;
};

// "30s", "2m", "500ms"; a bare number is seconds. The error names `flag`.
Result<int> duration_flag_ms(const std::string& flag, const std::string& value);

// Boost.Program_options reads a DurationMs through this (found by argument-dependent lookup): a
// value that is not a duration is a usage error naming its flag, before anything runs.
void validate(boost::any& out, const std::vector<std::string>& values, DurationMs*, int);

}  // namespace topicform
