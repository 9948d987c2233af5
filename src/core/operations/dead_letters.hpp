// Dead letters as the runbook writes them (step 4): the seven dead-* headers, triage by cause, and
// what a replay keeps of a message. Pure: records come from the cluster adapter or from tests.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace topicform {

struct RecordHeader {
  std::string name;
  std::string value;  // bytes, as written
};

// One message read from a `.dead` topic.
struct DeadRecord {
  std::int32_t partition = 0;
  std::int64_t offset = 0;
  std::optional<std::string> key;  // bytes; none for a null key
  std::vector<RecordHeader> headers;
};

// The runbook's service headers, which a consumer adds when it gives up on a message.
inline constexpr std::array<std::string_view, 7> kDeadLetterHeaders = {"dead-origin-topic",
                                                                       "dead-origin-partition",
                                                                       "dead-origin-offset",
                                                                       "dead-consumer-group",
                                                                       "dead-attempts",
                                                                       "dead-error",
                                                                       "dead-at"};

// The value of the last header named `name` (a message that failed twice carries two; the later
// one is the newer failure), or none.
std::optional<std::string> last_header(const std::vector<RecordHeader>& headers,
                                       std::string_view name);

// Whether a replay leaves the header named `name` out: the seven service headers go, the
// message's own stay, so a second failure does not carry two dead-errors.
bool is_service_header(std::string_view name);

// The partition a replayed message goes back to: its dead-origin-partition (`partition`, the
// last one) when it names a partition of `source` (of `partitions`) and dead-origin-topic
// (`topic`) names `source`; else none, and the producer's partitioner chooses by key.
std::optional<std::int32_t> origin_partition(std::optional<std::string_view> topic,
                                             std::optional<std::string_view> partition,
                                             std::string_view source, std::int32_t partitions);

// An ISO 8601 time as the runbook's dead-at writes it ("2026-01-15T12:40:11+00:00"; 'Z', a
// fraction and other offsets too), in milliseconds since the epoch; none when it is not one or
// names no zone.
std::optional<std::int64_t> parse_dead_at(std::string_view text);

// What one cause (a dead-error text) gathered.
struct CauseSummary {
  std::string cause;  // the dead-error bytes, at most kMaxCauseBytes
  std::int64_t messages = 0;
  std::optional<std::string> first_at, last_at;           // dead-at texts, by the times they name
  std::int64_t first_at_ms = 0, last_at_ms = 0;           // those times; set with the texts
  std::int64_t unreadable_times = 0;                      // dead-at missing or not a time
  std::set<std::string> groups;                           // dead-consumer-group, at most kMaxListed
  std::set<std::string> origin_topics;                    // dead-origin-topic, at most kMaxListed
  std::set<std::int32_t> origin_partitions;               // at most kMaxListed
  std::optional<std::int64_t> first_offset, last_offset;  // dead-origin-offset range
  std::optional<std::int64_t> min_attempts, max_attempts;
  std::optional<std::string> sample_key;  // the first message's key
  bool lists_cut = false;                 // a list above reached kMaxListed
};

// Triage of one dead topic, by dead-error: memory grows with the distinct causes (at most
// kMaxCauses, the rest gathered as one), not with the messages.
class DeadLetterTriage {
 public:
  static constexpr std::size_t kMaxCauseBytes = 500;  // the runbook cuts dead-error there
  static constexpr std::size_t kMaxListed = 20;
  static constexpr std::size_t kMaxCauses = 10'000;
  static constexpr std::string_view kOtherCauses = "(other causes past 10000 distinct ones)";

  void add(const DeadRecord& record);
  // Causes by message count (most first), then by cause.
  std::vector<CauseSummary> causes() const;
  // Messages without a dead-error header, gathered like a cause.
  const CauseSummary& without_cause() const { return m_without; }
  std::int64_t messages() const { return m_messages; }

 private:
  std::map<std::string, CauseSummary> m_causes;
  CauseSummary m_without;
  std::int64_t m_messages = 0;
};

}  // namespace topicform
