// The "physical limit" a benchmark compares topicform with: what one hand-written program does
// with librdkafka in the fewest requests, waiting until the change is visible, with no checks.
//   batched_baseline create PREFIX N RETENTION_MS [PARTITIONS]   N topics PREFIX.tI-created
//       (PARTITIONS partitions, 1 by default, RF 1) and N PREFIX.tI-created.dead (1 partition)
//       in one CreateTopics (several side by side above KRaft's limit of records per request),
//       then Metadata until all are led
//   batched_baseline alter PREFIX N RETENTION_MS    one AlterConfigs of retention.ms on the N
//       sources, then DescribeConfigs until every one shows it
//   batched_baseline grow PREFIX N PARTITIONS       one CreatePartitions taking the N sources to
//       PARTITIONS, then Metadata until every one has them all led
//   batched_baseline read PREFIX N RETENTION_MS     what a no-change plan must read: one full
//       Metadata and one DescribeConfigs of the 2N topics; fails unless every source shows it
// Exits 0 when done, 1 on an error or after 120 s. The cluster is KAFKA_BOOTSTRAP_SERVERS.
#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
const auto kDeadline = Clock::now() + std::chrono::seconds(120);

rd_kafka_t* client() {
  rd_kafka_conf_t* conf = rd_kafka_conf_new();
  char error[512];
  const char* bootstrap = std::getenv("KAFKA_BOOTSTRAP_SERVERS");
  rd_kafka_conf_set(conf, "bootstrap.servers", bootstrap ? bootstrap : "", error, sizeof error);
  rd_kafka_t* rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, error, sizeof error);
  if (!rk) std::fprintf(stderr, "baseline: %s\n", error), std::exit(1);
  return rk;
}

std::vector<std::string> names(const std::string& prefix, int n, bool with_dead) {
  std::vector<std::string> out;
  for (int i = 1; i <= n; ++i) {
    out.push_back(prefix + ".t" + std::to_string(i) + "-created");
    if (with_dead) out.push_back(out.back() + ".dead");
  }
  return out;
}

// Sends the request `send` queued on `queue` and waits for its one result event.
rd_kafka_event_t* answer(rd_kafka_queue_t* queue) {
  rd_kafka_event_t* event = rd_kafka_queue_poll(queue, 120'000);
  if (!event || rd_kafka_event_error(event)) {
    std::fprintf(stderr, "baseline: %s\n", event ? rd_kafka_event_error_string(event) : "timeout");
    std::exit(1);
  }
  return event;
}

// KRaft refuses one operation of more than 10,000 metadata records, and a topic here makes two
// and one a partition (the topic, its retention.ms, its partitions): so one CreateTopics holds
// at most 9,000 records' worth of topics, and a larger create is several requests, all sent
// before the first answer is awaited.
constexpr std::size_t kRecordsPerCreate = 9'000;

// Exits 1 when the CreateTopics answer `event` refuses a topic.
void check_created(rd_kafka_event_t* event) {
  size_t count = 0;
  const rd_kafka_topic_result_t** results =
      rd_kafka_CreateTopics_result_topics(rd_kafka_event_CreateTopics_result(event), &count);
  for (size_t i = 0; i < count; ++i) {
    if (rd_kafka_topic_result_error(results[i])) {
      std::fprintf(stderr, "baseline: create %s: %s\n", rd_kafka_topic_result_name(results[i]),
                   rd_kafka_topic_result_error_string(results[i]));
      std::exit(1);
    }
  }
}

void create(rd_kafka_t* rk, const std::vector<std::string>& topics, const std::string& retention,
            int partitions) {
  rd_kafka_queue_t* queue = rd_kafka_queue_new(rk);
  std::size_t requests = 0;
  char error[512];
  std::size_t per_create = kRecordsPerCreate / (2 + static_cast<std::size_t>(partitions));
  for (std::size_t from = 0; from < topics.size(); from += per_create, ++requests) {
    std::vector<rd_kafka_NewTopic_t*> news;
    for (std::size_t i = from; i < std::min(topics.size(), from + per_create); ++i) {
      int count = topics[i].ends_with(".dead") ? 1 : partitions;
      news.push_back(rd_kafka_NewTopic_new(topics[i].c_str(), count, 1, error, sizeof error));
      rd_kafka_NewTopic_set_config(news.back(), "retention.ms", retention.c_str());
    }
    rd_kafka_CreateTopics(rk, news.data(), news.size(), nullptr, queue);
    rd_kafka_NewTopic_destroy_array(news.data(), news.size());
  }
  for (std::size_t r = 0; r < requests; ++r) {
    rd_kafka_event_t* event = answer(queue);
    check_created(event);
    rd_kafka_event_destroy(event);
  }
  rd_kafka_queue_destroy(queue);
}

// Full metadata until every topic is listed with `partitions` partitions, each led; `what`
// names the wait in the error after the deadline.
void wait_led(rd_kafka_t* rk, const std::vector<std::string>& topics, int partitions,
              const char* what) {
  std::set<std::string> waiting(topics.begin(), topics.end());
  while (!waiting.empty() && Clock::now() < kDeadline) {
    const struct rd_kafka_metadata* md = nullptr;
    if (!rd_kafka_metadata(rk, 1, nullptr, &md, 30'000)) {
      for (int i = 0; i < md->topic_cnt; ++i) {
        const auto& t = md->topics[i];
        bool led = !t.err && t.partition_cnt >= partitions;
        for (int p = 0; led && p < t.partition_cnt; ++p) led = t.partitions[p].leader >= 0;
        if (led) waiting.erase(t.topic);
      }
      rd_kafka_metadata_destroy(md);
    }
    if (!waiting.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (!waiting.empty()) std::fprintf(stderr, "baseline: %s in time\n", what), std::exit(1);
}

std::vector<rd_kafka_ConfigResource_t*> resources(const std::vector<std::string>& topics,
                                                  const std::string* retention) {
  std::vector<rd_kafka_ConfigResource_t*> out;
  for (const auto& t : topics) {
    out.push_back(rd_kafka_ConfigResource_new(RD_KAFKA_RESOURCE_TOPIC, t.c_str()));
    if (retention)
      rd_kafka_ConfigResource_set_config(out.back(), "retention.ms", retention->c_str());
  }
  return out;
}

// How many of `topics` DescribeConfigs shows with retention.ms = `retention`.
std::size_t showing(rd_kafka_t* rk, const std::vector<std::string>& topics,
                    const std::string& retention) {
  auto res = resources(topics, nullptr);
  rd_kafka_queue_t* queue = rd_kafka_queue_new(rk);
  rd_kafka_DescribeConfigs(rk, res.data(), res.size(), nullptr, queue);
  rd_kafka_event_t* event = answer(queue);
  size_t count = 0, shown = 0;
  const rd_kafka_ConfigResource_t** got = rd_kafka_DescribeConfigs_result_resources(
      rd_kafka_event_DescribeConfigs_result(event), &count);
  for (size_t i = 0; i < count; ++i) {
    size_t entries = 0;
    const rd_kafka_ConfigEntry_t** configs = rd_kafka_ConfigResource_configs(got[i], &entries);
    for (size_t j = 0; j < entries; ++j) {
      if (std::string(rd_kafka_ConfigEntry_name(configs[j])) == "retention.ms" &&
          rd_kafka_ConfigEntry_value(configs[j]) &&
          retention == rd_kafka_ConfigEntry_value(configs[j]))
        ++shown;
    }
  }
  rd_kafka_event_destroy(event);
  rd_kafka_queue_destroy(queue);
  rd_kafka_ConfigResource_destroy_array(res.data(), res.size());
  return shown;
}

void grow(rd_kafka_t* rk, const std::vector<std::string>& topics, int partitions) {
  std::vector<rd_kafka_NewPartitions_t*> news;
  char error[512];
  for (const auto& t : topics) {
    news.push_back(rd_kafka_NewPartitions_new(t.c_str(), static_cast<size_t>(partitions), error,
                                              sizeof error));
  }
  rd_kafka_queue_t* queue = rd_kafka_queue_new(rk);
  rd_kafka_CreatePartitions(rk, news.data(), news.size(), nullptr, queue);
  rd_kafka_event_destroy(answer(queue));
  rd_kafka_NewPartitions_destroy_array(news.data(), news.size());
  rd_kafka_queue_destroy(queue);
  wait_led(rk, topics, partitions, "not grown");
}

void alter(rd_kafka_t* rk, const std::vector<std::string>& topics, const std::string& retention) {
  auto res = resources(topics, &retention);
  rd_kafka_queue_t* queue = rd_kafka_queue_new(rk);
  rd_kafka_AlterConfigs(rk, res.data(), res.size(), nullptr, queue);
  rd_kafka_event_destroy(answer(queue));
  rd_kafka_queue_destroy(queue);
  rd_kafka_ConfigResource_destroy_array(res.data(), res.size());
  while (showing(rk, topics, retention) < topics.size()) {
    if (Clock::now() >= kDeadline)
      std::fprintf(stderr, "baseline: not shown in time\n"), std::exit(1);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5 && !(argc == 6 && std::string(argv[1]) == "create")) {
    std::fprintf(stderr,
                 "usage: batched_baseline create|alter|grow|read PREFIX N RETENTION_MS|PARTITIONS "
                 "[PARTITIONS]\n");
    return 2;
  }
  std::string op = argv[1], prefix = argv[2], retention = argv[4];
  int n = std::atoi(argv[3]);
  rd_kafka_t* rk = client();
  if (op == "create") {
    int partitions = argc == 6 ? std::atoi(argv[5]) : 1;
    create(rk, names(prefix, n, true), retention, partitions);
    wait_led(rk, names(prefix, n, false), partitions, "not led");
    std::vector<std::string> dead;
    for (const auto& source : names(prefix, n, false)) dead.push_back(source + ".dead");
    wait_led(rk, dead, 1, "not led");
  } else if (op == "grow") {
    grow(rk, names(prefix, n, false), std::atoi(argv[4]));
  } else if (op == "read") {
    const struct rd_kafka_metadata* md = nullptr;
    if (rd_kafka_metadata(rk, 1, nullptr, &md, 30'000))
      std::fprintf(stderr, "baseline: metadata\n"), std::exit(1);
    rd_kafka_metadata_destroy(md);
    if (showing(rk, names(prefix, n, true), retention) < static_cast<std::size_t>(n)) {
      std::fprintf(stderr, "baseline: a source does not show retention.ms=%s\n", retention.c_str());
      return 1;
    }
  } else {
    alter(rk, names(prefix, n, false), retention);
  }
  rd_kafka_destroy(rk);
  return 0;
}
