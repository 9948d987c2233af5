// Consumer and producer handles on the cluster the admin client reaches, with its properties:
// for the commands that read or write messages (dead show, dead replay).
#pragma once

#include <librdkafka/rdkafka.h>

#include <functional>
#include <memory>
#include <string>

#include "cluster/kafka_admin.hpp"
#include "core/operations/dead_letters.hpp"

namespace topicform {

// Closes `client` (a consumer leaves its group first) within a bound, past which topicform warns
// and goes on without it; `keep_alive` is held until the close ends, for what the client's
// callbacks use.
void close_client(rd_kafka_t* client, std::shared_ptr<const void> keep_alive = nullptr);

struct ClientDeleter {
  void operator()(rd_kafka_t* client) const;  // close_client
};
using Client = std::unique_ptr<rd_kafka_t, ClientDeleter>;

// Sets `options`' properties and bootstrap servers on `conf`, never letting a lookup create a
// topic; the properties set, or an error naming the key (the value may be a secret).
Result<ClientProperties> configure_client(rd_kafka_conf_t* conf, const KafkaOptions& options);

// What a producer's delivery reports said went wrong: the first error other than a purge (an
// abort purges what was not yet sent). Filled as the producer is polled.
struct DeliveryErrors {
  rd_kafka_resp_err_t first = RD_KAFKA_RESP_ERR_NO_ERROR;
};

// A client of `type` with `options`' properties and then `extra` (which win); errors name keys,
// never values. librdkafka's log lines stay off unless `debug` is set, as for the admin client.
// A producer given `delivery_errors` reports its failed deliveries (only those) into it; `hook`
// sets what else the client needs on its configuration (callbacks and their opaque).
using ConfHook = std::function<void(rd_kafka_conf_t*)>;
Result<Client> make_client(rd_kafka_type_t type, const KafkaOptions& options,
                           const ClientProperties& extra, DeliveryErrors* delivery_errors = nullptr,
                           const ConfHook& hook = {});

// Consumer properties that keep a long read flowing, for those `user` does not set itself.
// librdkafka stops fetching a partition whose local queue is full; before 2.3 it looks again
// only after a second, by which time the queue has run dry (a read of a million messages spent
// half its time waiting). Newer versions look again after fetch.queue.backoff.ms; older ones
// get a queue deep in messages and bounded in bytes, which runs dry less often.
ClientProperties steady_fetch_properties(const ClientProperties& user);

// RAII for a partition list.
struct PartitionList {
  rd_kafka_topic_partition_list_t* list;
  explicit PartitionList(int size) : list(rd_kafka_topic_partition_list_new(size)) {}
  ~PartitionList() { rd_kafka_topic_partition_list_destroy(list); }
  PartitionList(const PartitionList&) = delete;
  PartitionList& operator=(const PartitionList&) = delete;
};

// The text of `error`, which it destroys; empty for none.
std::string take_error(rd_kafka_error_t* error);

// The headers of `message`, in order, as bytes.
std::vector<RecordHeader> headers_of(const rd_kafka_message_t* message);

}  // namespace topicform
