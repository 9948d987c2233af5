// syslog levels: 0-3 errors, 4 warning, 5 notice, 6 info, 7 debug.
#include "cluster/rdkafka_log.hpp"

#include <fmt/format.h>

#include "log/log.hpp"

namespace topicform {
namespace {

void log_line(int level, const char* facility, const char* text, LogLevel debug_lines_at) {
  LogLevel at = level >= 7 ? debug_lines_at : LogLevel::debug;
  if (!log_enabled(at)) return;
  log_at(at, fmt::format("librdkafka {}: {}", facility ? facility : "", text ? text : ""));
}

void as_detail(const rd_kafka_t*, int level, const char* facility, const char* text) {
  log_line(level, facility, text, LogLevel::trace);
}

void as_asked(const rd_kafka_t*, int level, const char* facility, const char* text) {
  log_line(level, facility, text, LogLevel::info);
}

}  // namespace

void route_rdkafka_logs(rd_kafka_conf_t* conf, bool debug_asked) {
  rd_kafka_conf_set_log_cb(conf, debug_asked ? as_asked : as_detail);
}

}  // namespace topicform
