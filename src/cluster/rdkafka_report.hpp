// What `topicform version` says about librdkafka: the library it runs with, the headers it was
// built against, and which of the newer admin paths that build takes.
#pragma once

#include <string>
#include <vector>

namespace topicform {

struct LibrdkafkaPath {
  std::string name;   // "incremental-alter-configs"
  std::string needs;  // the first librdkafka version that has it: "2.2.0"
  bool on = false;
};

struct LibrdkafkaReport {
  std::string running;     // rd_kafka_version_str()
  std::string built_with;  // from RD_KAFKA_VERSION
  std::vector<LibrdkafkaPath> paths;
};

LibrdkafkaReport librdkafka_report();

}  // namespace topicform
