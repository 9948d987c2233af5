// Consumer and producer handles on the cluster the admin client reaches, with its properties:
// for the commands that read or write messages (dead show, dead replay).
#pragma once

#include <librdkafka/rdkafka.h>

#include <memory>
#include <string>

#include "cluster/kafka_admin.hpp"
#include "core/operations/dead_letters.hpp"

namespace topicform {

struct ClientDeleter {
  void operator()(rd_kafka_t* client) const;  // closes a consumer first
};
using Client = std::unique_ptr<rd_kafka_t, ClientDeleter>;

// Sets `options`' properties and bootstrap servers on `conf`, never letting a lookup create a
// topic; the properties set, or an error naming the key (the value may be a secret).
Result<ClientProperties> configure_client(rd_kafka_conf_t* conf, const KafkaOptions& options);

// A client of `type` with `options`' properties and then `extra` (which win); errors name keys,
// never values. librdkafka's log lines stay off unless `debug` is set, as for the admin client.
Result<Client> make_client(rd_kafka_type_t type, const KafkaOptions& options,
                           const ClientProperties& extra);

// RAII for a partition list.
struct PartitionList {
  rd_kafka_topic_partition_list_t* list;
  explicit PartitionList(int size) : list(rd_kafka_topic_partition_list_new(size)) {}
  ~PartitionList() { rd_kafka_topic_partition_list_destroy(list); }
  PartitionList(const PartitionList&) = delete;
  PartitionList& operator=(const PartitionList&) = delete;
};

// The headers of `message`, in order, as bytes.
std::vector<RecordHeader> headers_of(const rd_kafka_message_t* message);

}  // namespace topicform
