// The librdkafka versions and admin paths, from rdkafka_paths.hpp's compile-time choices.
#include "cluster/rdkafka_report.hpp"

#include <fmt/format.h>

#include "cluster/rdkafka_paths.hpp"

namespace topicform {

LibrdkafkaReport librdkafka_report() {
  LibrdkafkaReport report;
  report.running = rd_kafka_version_str();
  report.built_with = fmt::format("{}.{}.{}", (RD_KAFKA_VERSION >> 24) & 0xff,
                                  (RD_KAFKA_VERSION >> 16) & 0xff, (RD_KAFKA_VERSION >> 8) & 0xff);
  report.paths = {
      {"incremental-alter-configs", "2.2.0", TOPICFORM_INCREMENTAL_ALTER_CONFIGS},
      {"list-offsets", "2.3.0", TOPICFORM_LIST_OFFSETS},
      {"describe-cluster", "2.3.0", TOPICFORM_DESCRIBE_CLUSTER},
      {"describe-topics", "2.3.0", TOPICFORM_DESCRIBE_TOPICS},
      {"consumer-group-types", "2.6.0", TOPICFORM_GROUP_TYPES},
  };
  return report;
}

}  // namespace topicform
