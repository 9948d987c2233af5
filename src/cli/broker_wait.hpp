// Init-container mode: wait until the cluster answers with enough brokers before applying.
#pragma once

#include <cstdint>
#include <string>

#include "cluster/kafka_admin.hpp"

namespace topicform {

// Asks for the registered brokers with backoff (0.5 s doubling to 5 s) until at least `wanted`
// answer or `timeout_ms` has passed; one line of progress per attempt on stderr.
Result<std::int64_t> wait_for_brokers(KafkaAdmin& admin, std::int64_t wanted, int timeout_ms);

}  // namespace topicform
