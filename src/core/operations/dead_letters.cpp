// Triage of dead letters by cause and the header rules of a replay (runbook step 4).
#include "core/operations/dead_letters.hpp"

#include <algorithm>
#include <cctype>
#include <ctime>

#include "core/model/units.hpp"

namespace topicform {

std::optional<std::string> last_header(const std::vector<RecordHeader>& headers,
                                       std::string_view name) {
  for (auto it = headers.rbegin(); it != headers.rend(); ++it) {
    if (it->name == name) return it->value;
  }
  return std::nullopt;
}

bool is_service_header(std::string_view name) {
  return std::find(kDeadLetterHeaders.begin(), kDeadLetterHeaders.end(), name) !=
         kDeadLetterHeaders.end();
}

std::optional<std::int32_t> origin_partition(std::optional<std::string_view> topic,
                                             std::optional<std::string_view> partition,
                                             std::string_view source, std::int32_t partitions) {
  if (!topic || *topic != source || !partition) return std::nullopt;
  auto number = parse_integer(*partition);
  if (!number || *number < 0 || *number >= partitions) return std::nullopt;
  return static_cast<std::int32_t>(*number);
}

namespace {

// `count` digits of `text` from `at` as a number, or -1.
int digits(std::string_view text, std::size_t at, std::size_t count) {
  if (at + count > text.size()) return -1;
  int value = 0;
  for (std::size_t i = at; i < at + count; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) return -1;
    value = value * 10 + (text[i] - '0');
  }
  return value;
}

// The milliseconds of a fraction at `at` ("" or ".5" or ".123456"), moving `at` past it.
int fraction_ms(std::string_view text, std::size_t& at) {
  if (at >= text.size() || text[at] != '.') return 0;
  int ms = 0, scale = 100;
  for (++at; at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])); ++at) {
    ms += (text[at] - '0') * scale;
    scale /= 10;
  }
  return ms;
}

// The zone at `at`: its offset from UTC in seconds, or none.
std::optional<int> zone_offset(std::string_view text, std::size_t at) {
  if (text.substr(at) == "Z") return 0;
  if (text.size() != at + 6 || (text[at] != '+' && text[at] != '-') || text[at + 3] != ':') {
    return std::nullopt;
  }
  int hours = digits(text, at + 1, 2);
  int minutes = digits(text, at + 4, 2);
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return std::nullopt;
  return (text[at] == '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
}

// Days in `month` (0-11) of `year`, by the Gregorian calendar's leap years.
int days_in_month(int year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 1 && leap ? 29 : kDays[month];
}

// Whether the fields name a time that exists: timegm would move 02-31 to 03-03 without a word.
bool exists(const std::tm& parts) {
  return parts.tm_year >= 0 && parts.tm_mon >= 0 && parts.tm_mon <= 11 && parts.tm_mday >= 1 &&
         parts.tm_mday <= days_in_month(parts.tm_year + 1900, parts.tm_mon) && parts.tm_hour >= 0 &&
         parts.tm_hour <= 23 && parts.tm_min >= 0 && parts.tm_min <= 59 && parts.tm_sec >= 0 &&
         parts.tm_sec <= 59;
}

}  // namespace

std::optional<std::int64_t> parse_dead_at(std::string_view text) {
  if (text.size() < 20 || text[4] != '-' || text[7] != '-' || text[10] != 'T' || text[13] != ':' ||
      text[16] != ':') {
    return std::nullopt;
  }
  std::tm parts{};
  parts.tm_year = digits(text, 0, 4) - 1900;
  parts.tm_mon = digits(text, 5, 2) - 1;
  parts.tm_mday = digits(text, 8, 2);
  parts.tm_hour = digits(text, 11, 2);
  parts.tm_min = digits(text, 14, 2);
  parts.tm_sec = digits(text, 17, 2);
  std::size_t at = 19;
  int ms = fraction_ms(text, at);
  auto zone = zone_offset(text, at);
  if (!zone || !exists(parts)) return std::nullopt;
  return (static_cast<std::int64_t>(timegm(&parts)) - *zone) * 1000 + ms;
}

namespace {

template <class T>
void note_listed(std::set<T>& into, const T& value, bool& cut) {
  if (into.count(value)) return;
  if (into.size() >= DeadLetterTriage::kMaxListed) {
    cut = true;
    return;
  }
  into.insert(value);
}

void widen(std::optional<std::int64_t>& low, std::optional<std::int64_t>& high, std::int64_t v) {
  if (!low || v < *low) low = v;
  if (!high || v > *high) high = v;
}

void note_time(CauseSummary& into, const std::optional<std::string>& at) {
  auto ms = at ? parse_dead_at(*at) : std::nullopt;
  if (!ms) {
    ++into.unreadable_times;
    return;
  }
  if (!into.first_at || *ms < into.first_at_ms) into.first_at = *at, into.first_at_ms = *ms;
  if (!into.last_at || *ms > into.last_at_ms) into.last_at = *at, into.last_at_ms = *ms;
}

void note_record(CauseSummary& into, const DeadRecord& record) {
  const auto& headers = record.headers;
  if (into.messages++ == 0) into.sample_key = record.key;
  note_time(into, last_header(headers, "dead-at"));
  if (auto group = last_header(headers, "dead-consumer-group")) {
    note_listed(into.groups, *group, into.lists_cut);
  }
  if (auto topic = last_header(headers, "dead-origin-topic")) {
    note_listed(into.origin_topics, *topic, into.lists_cut);
  }
  auto partition = last_header(headers, "dead-origin-partition");
  if (auto p = partition ? parse_integer(*partition) : std::nullopt;
      p && *p >= 0 && *p <= INT32_MAX) {
    note_listed(into.origin_partitions, static_cast<std::int32_t>(*p), into.lists_cut);
  }
  auto offset = last_header(headers, "dead-origin-offset");
  if (auto o = offset ? parse_integer(*offset) : std::nullopt; o && *o >= 0) {
    widen(into.first_offset, into.last_offset, *o);
  }
  auto attempts = last_header(headers, "dead-attempts");
  if (auto a = attempts ? parse_integer(*attempts) : std::nullopt; a && *a >= 0) {
    widen(into.min_attempts, into.max_attempts, *a);
  }
}

}  // namespace

void DeadLetterTriage::add(const DeadRecord& record) {
  ++m_messages;
  auto error = last_header(record.headers, "dead-error");
  if (!error) {
    note_record(m_without, record);
    return;
  }
  std::string cause = error->substr(0, kMaxCauseBytes);
  auto found = m_causes.find(cause);
  if (found == m_causes.end() && m_causes.size() >= kMaxCauses) {
    cause = std::string(kOtherCauses);
    found = m_causes.find(cause);
  }
  if (found == m_causes.end()) {
    found = m_causes.emplace(cause, CauseSummary{}).first;
    found->second.cause = cause;
  }
  note_record(found->second, record);
}

std::vector<CauseSummary> DeadLetterTriage::causes() const {
  std::vector<CauseSummary> out;
  out.reserve(m_causes.size());
  for (const auto& [cause, summary] : m_causes) out.push_back(summary);
  std::stable_sort(out.begin(), out.end(), [](const CauseSummary& a, const CauseSummary& b) {
    return a.messages > b.messages;
  });
  return out;
}

}  // namespace topicform
