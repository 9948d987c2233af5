// The options of the dead-letter and offset commands, parsed apart from running them so their
// parsing is unit-tested (tests/unit/operation_options_test.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/cluster_connection.hpp"
#include "core/operations/offset_reset.hpp"

namespace topicform {

struct ShowOptions {
  std::vector<std::string> paths;
  std::vector<std::string> topics;
  std::string format = "text";
  std::string environment;
  std::string settings;
  std::string colour = "auto";
  ConnectionOptions connection;
};

struct ReplayOptions {
  std::vector<std::string> paths;
  std::string source;
  std::string group = "topicform-replay";
  std::int64_t transaction_size = 10'000;
  bool execute = false;
  std::string environment;
  std::string settings;
  std::string colour = "auto";
  ConnectionOptions connection;
};

struct ResetOptions {
  std::vector<std::string> paths;
  ResetRequest request;
  std::optional<std::int64_t> to_offset, shift_by;
  std::string to_datetime;
  bool to_earliest = false, to_latest = false, execute = false;
  std::string environment, settings, colour = "auto";
  ConnectionOptions connection;
};

// `topicform dead show`'s arguments: PATHs, --topic, a --format of text, json or markdown.
Parsed parse_show(const std::vector<std::string>& args, ShowOptions& options);

// `topicform dead replay SOURCE [PATH...]`: SOURCE is required, --transaction-size 1..100000.
Parsed parse_replay(const std::vector<std::string>& args, ReplayOptions& options);

// `topicform offsets reset`: --group and --topic, exactly one target, a readable TIME, no
// negative --to-offset; the target lands in `options.request`.
Parsed parse_reset(const std::vector<std::string>& args, ResetOptions& options);

}  // namespace topicform
