// How a large write is cut into requests the KRaft controller accepts: what one topic costs in
// metadata records, parts under the limit, and a part the controller still finds too large
// split and sent again.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/ground/result.hpp"
#include "core/plan/cluster_writer.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

// Kafka 4's controller refuses one operation that would write more than 10,000 metadata records
// (QuorumController.MAX_RECORDS_PER_USER_OP, a BoundedList); parts keep a tenth of that as margin
// for records a newer controller may add.
constexpr std::size_t kMaxRecordsPerRequest = 9'000;

// The records a CreateTopics of `topic` writes (ReplicationControlManager.createTopic): one
// TopicRecord, one ConfigRecord a config, one PartitionRecord a partition, and a ClearElrRecord
// when min.insync.replicas is set (ConfigurationControlManager.createClearElrRecordsAsNeeded).
std::size_t create_records(const CreateTopic& topic);

// The records a config change writes, at most: one ConfigRecord a key that is set or deleted
// (the legacy AlterConfigs also deletes every dynamic key it does not name), plus the
// ClearElrRecord a min.insync.replicas change brings.
std::size_t alter_records(const AlterConfig& change, bool incremental);

// Splits `items` into runs whose summed `cost` stays within `limit` (an item costing more goes
// alone).
template <class T, class Cost>
std::vector<std::vector<T>> chunks(const std::vector<T>& items, Cost cost,
                                   std::size_t limit = kMaxRecordsPerRequest) {
  if (items.empty()) return {};
  std::vector<std::vector<T>> out(1);
  std::size_t used = 0;
  for (const auto& item : items) {
    std::size_t c = cost(item);
    if (!out.back().empty() && used + c > limit) {
      out.emplace_back();
      used = 0;
    }
    out.back().push_back(item);
    used += c;
  }
  return out;
}

// Whether the controller refused a whole part for its size ("Unable to perform excessively large
// batch operation", "Excessively large number of partitions per request"): it wrote nothing of
// it, so the part may be split and sent again.
bool refused_as_too_large(const std::vector<TopicOutcome>& outcomes);

// Sends `part` through `send_and_await(part) -> Result<outcomes>`; a part refused for its size is
// halved and each half sent the same way, so no topic is ever reported refused for the size of
// the request it travelled in. Outcomes keep the items' order.
template <class T, class SendAndAwait>
Result<std::vector<TopicOutcome>> send_splitting(const std::vector<T>& part,
                                                 SendAndAwait& send_and_await) {
  auto outcomes = send_and_await(part);
  if (!outcomes || part.size() < 2 || !refused_as_too_large(*outcomes)) return outcomes;
  auto middle = part.begin() + static_cast<std::ptrdiff_t>(part.size() / 2);
  std::vector<T> first(part.begin(), middle);
  std::vector<T> second(middle, part.end());
  auto head = send_splitting(first, send_and_await);
  if (!head) return head;
  auto tail = send_splitting(second, send_and_await);
  if (!tail) return tail;
  head->insert(head->end(), tail->begin(), tail->end());
  return head;
}

}  // namespace topicform
