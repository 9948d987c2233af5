// One spdlog logger with a sink of its own: spdlog's patterns cannot leave a message untouched for
// people (the goldens pin every byte) and also write it as a JSON value, so the sink formats.
#include "log/log.hpp"

#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>
#include <mutex>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace topicform {
namespace {

struct State {
  LogSetup setup;
  std::map<std::string, std::string> fields;
};

State& state() {
  static State s;
  return s;
}

// Fields of the work this thread does (the environment a run over several is reading).
thread_local std::map<std::string, std::string> t_fields;

std::string without_escapes(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\033' && i + 1 < text.size() && text[i + 1] == '[') {
      i += 2;
      while (i < text.size() && !(text[i] >= '@' && text[i] <= '~')) ++i;
      continue;
    }
    out += text[i];
  }
  return out;
}

std::string text_prefix(spdlog::level::level_enum level, bool colour) {
  auto painted = [colour](const char* code, const char* words) {
    return colour ? fmt::format("\033[{}m{}\033[0m ", code, words) : fmt::format("{} ", words);
  };
  switch (level) {
    case spdlog::level::err:
    case spdlog::level::critical:
      return painted("1;31", "topicform: error:");
    case spdlog::level::warn:
      return painted("1;33", "topicform: warning:");
    case spdlog::level::debug:
      return painted("2", "debug:");
    case spdlog::level::trace:
      return painted("2", "trace:");
    default:
      return "";
  }
}

// ISO 8601 in UTC with milliseconds: what log collectors parse without being told a format.
std::string utc_time(std::chrono::system_clock::time_point at) {
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count();
  std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm parts{};
  gmtime_r(&seconds, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &parts);
  return fmt::format("{}.{:03}Z", text, ms % 1000);
}

std::string json_line(const spdlog::details::log_msg& msg, std::string_view text) {
  nlohmann::ordered_json line;
  line["time"] = utc_time(msg.time);
  line["level"] = std::string(spdlog::level::to_string_view(msg.level).data(),
                              spdlog::level::to_string_view(msg.level).size());
  line["message"] = without_escapes(text);
  for (const auto& [key, value] : state().fields) line[key] = value;
  for (const auto& [key, value] : t_fields) line[key] = value;
  return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// Writes each message whole, then flushes: stderr is read line by line by pipelines and people.
class StderrSink : public spdlog::sinks::base_sink<std::mutex> {
 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    std::string_view text(msg.payload.data(), msg.payload.size());
    if (text.ends_with('\n')) text.remove_suffix(1);
    const LogSetup& setup = state().setup;
    std::string out = setup.format == LogFormat::json
                          ? json_line(msg, text)
                          : text_prefix(msg.level, setup.colour) + std::string(text) + "\n";
    std::fwrite(out.data(), 1, out.size(), stderr);
    std::fflush(stderr);
  }
  void flush_() override { std::fflush(stderr); }
};

spdlog::level::level_enum spdlog_level(LogLevel level) {
  switch (level) {
    case LogLevel::trace:
      return spdlog::level::trace;
    case LogLevel::debug:
      return spdlog::level::debug;
    case LogLevel::info:
      return spdlog::level::info;
    case LogLevel::warn:
      return spdlog::level::warn;
    case LogLevel::error:
      return spdlog::level::err;
    case LogLevel::off:
      break;
  }
  return spdlog::level::off;
}

spdlog::logger& logger() {
  static auto instance = [] {
    auto made = std::make_shared<spdlog::logger>("topicform", std::make_shared<StderrSink>());
    made->set_level(spdlog::level::info);
    return made;
  }();
  return *instance;
}

}  // namespace

std::optional<LogLevel> parse_log_level(std::string_view name) {
  static const std::map<std::string_view, LogLevel> kNames{
      {"trace", LogLevel::trace}, {"debug", LogLevel::debug},  {"info", LogLevel::info},
      {"warn", LogLevel::warn},   {"warning", LogLevel::warn}, {"error", LogLevel::error},
      {"off", LogLevel::off}};
  auto it = kNames.find(name);
  return it == kNames.end() ? std::nullopt : std::optional<LogLevel>(it->second);
}

std::optional<LogFormat> parse_log_format(std::string_view name) {
  if (name == "text") return LogFormat::text;
  if (name == "json") return LogFormat::json;
  return std::nullopt;
}

void configure_logging(const LogSetup& setup) {
  state().setup = setup;
  logger().set_level(spdlog_level(setup.level));
}

void set_log_field(const std::string& key, const std::string& value) {
  state().fields[key] = value;
}

ThreadLogField::ThreadLogField(const std::string& key, const std::string& value) : m_key(key) {
  t_fields[key] = value;
}

ThreadLogField::~ThreadLogField() { t_fields.erase(m_key); }

bool log_enabled(LogLevel level) { return logger().should_log(spdlog_level(level)); }

bool log_is_json() { return state().setup.format == LogFormat::json; }

void log_at(LogLevel level, std::string_view message) {
  logger().log(spdlog_level(level), "{}", message);
}

}  // namespace topicform
