// Messages that are not a command's result, through spdlog: levels, and text for people or one
// JSON object per line for pipelines, on stderr. Results stay on stdout, written by the commands.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace topicform {

enum class LogLevel { trace, debug, info, warn, error, off };
enum class LogFormat { text, json };

// "trace", "debug", "info", "warn" (or "warning"), "error", "off"; nullopt for anything else.
std::optional<LogLevel> parse_log_level(std::string_view name);
std::optional<LogFormat> parse_log_format(std::string_view name);

struct LogSetup {
  LogLevel level = LogLevel::info;
  LogFormat format = LogFormat::text;
  bool colour = false;  // text: the level's prefix in colour (a terminal without NO_COLOR)
};

// Replaces the logger's setup; before any call, messages go out as text at info.
void configure_logging(const LogSetup& setup);

// A field every JSON line carries from now on (command, environment); text lines leave them out.
void set_log_field(const std::string& key, const std::string& value);

// A field the JSON lines of this thread carry while it lives (each environment of a run over
// several is read on a thread of its own).
class ThreadLogField {
 public:
  ThreadLogField(const std::string& key, const std::string& value);
  ~ThreadLogField();
  ThreadLogField(const ThreadLogField&) = delete;
  ThreadLogField& operator=(const ThreadLogField&) = delete;

 private:
  std::string m_key;
};

bool log_enabled(LogLevel level);
bool log_is_json();

// Text: errors read "topicform: error: …", warnings "topicform: warning: …", info as given,
// debug and trace with their level first. JSON: time, level, message (no escape codes), fields.
void log_at(LogLevel level, std::string_view message);
inline void log_error(std::string_view message) { log_at(LogLevel::error, message); }
inline void log_warn(std::string_view message) { log_at(LogLevel::warn, message); }
inline void log_info(std::string_view message) { log_at(LogLevel::info, message); }
inline void log_debug(std::string_view message) { log_at(LogLevel::debug, message); }

}  // namespace topicform
