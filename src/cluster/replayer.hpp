// The runbook's replay.py, exactly once: messages of SOURCE.dead go back to SOURCE through a
// transactional producer that commits the replay group's offsets in the same transaction.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "cluster/kafka_admin.hpp"

namespace topicform {

struct ReplayJob {
  std::string source;
  std::string dead;
  std::string group;                   // the replay group: its offsets say what is done
  std::int32_t source_partitions = 0;  // for the origin partitions of the headers
  // A transaction ends at this many messages or bytes (keys and values), whichever comes first:
  // each commit waits for every message in flight, so larger ones replay faster.
  std::int64_t messages_per_transaction = 10'000;
  std::int64_t bytes_per_transaction = 64LL << 20;
  // A test hook: after this many committed transactions, the next one's messages are written
  // and flushed, "holding" is said on stderr, and the process waits to be killed. -1: never.
  std::int64_t hold_after_transactions = -1;
};

struct ReplayResult {
  std::int64_t replayed = 0;
  std::int64_t transactions = 0;
};

// Fences any earlier replay of the same job (its open transaction is aborted), reads from the
// group's committed offsets to the log ends taken then, and writes each message to the source:
// same key, same value, its own headers without the seven dead-* ones, to the partition named by
// dead-origin-partition (else the partitioner's, by key). An error leaves the committed part
// done and the rest for the next run.
Result<ReplayResult> replay_dead_letters(const KafkaOptions& options, const ReplayJob& job,
                                         const std::function<void(std::int64_t)>& progress);

}  // namespace topicform
