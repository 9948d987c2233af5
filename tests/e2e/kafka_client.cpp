// A minimal service for the end-to-end test, like the runbook's: produces one message, or consumes
// one as a member of a group (auto-commit off, from the earliest offset), over librdkafka.
//   kafka_client produce TOPIC KEY VALUE
//   kafka_client produce-bytes TOPIC KEY BYTES  a value of BYTES bytes; exit 1 when refused
//   kafka_client consume TOPIC GROUP SECONDS   exit 0 consumed, 3 topic missing, 4 nothing in time
//   kafka_client park TOPIC GROUP SECONDS      consumes one message and writes it to TOPIC.dead
//       with the runbook's seven dead-* headers (step 4), committing only once that write
//       succeeded; exit 6 when the dead topic refuses it
// Either exits 5 when the broker refuses it for want of an ACL (topic, group or cluster
// authorization failed), printing the broker's error.
// The cluster is KAFKA_BOOTSTRAP_SERVERS, as the runbook's services read it; KAFKA_CLIENT_CONFIG
// may name a file of librdkafka properties (key=value lines: SASL credentials, say).
#include <librdkafka/rdkafka.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

rd_kafka_conf_t* base_config() {
  const char* bootstrap = std::getenv("KAFKA_BOOTSTRAP_SERVERS");
  if (!bootstrap || !*bootstrap) {
    std::fprintf(stderr, "client: KAFKA_BOOTSTRAP_SERVERS is not set\n");
    std::exit(2);
  }
  rd_kafka_conf_t* conf = rd_kafka_conf_new();
  char error[512];
  rd_kafka_conf_set(conf, "bootstrap.servers", bootstrap, error, sizeof error);
  if (const char* path = std::getenv("KAFKA_CLIENT_CONFIG"); path && *path) {
    std::FILE* file = std::fopen(path, "r");
    if (!file) {
      std::fprintf(stderr, "client: cannot read %s\n", path);
      std::exit(2);
    }
    char line[1024];
    while (std::fgets(line, sizeof line, file)) {
      std::string text(line);
      while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
      auto equals = text.find('=');
      if (text.empty() || text[0] == '#' || equals == std::string::npos) continue;
      if (rd_kafka_conf_set(conf, text.substr(0, equals).c_str(), text.substr(equals + 1).c_str(),
                            error, sizeof error) != RD_KAFKA_CONF_OK) {
        std::fprintf(stderr, "client: %s\n", error);
        std::exit(2);
      }
    }
    std::fclose(file);
  }
  return conf;
}

bool not_authorized(rd_kafka_resp_err_t err) {
  return err == RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED ||
         err == RD_KAFKA_RESP_ERR_GROUP_AUTHORIZATION_FAILED ||
         err == RD_KAFKA_RESP_ERR_CLUSTER_AUTHORIZATION_FAILED ||
         err == RD_KAFKA_RESP_ERR_TRANSACTIONAL_ID_AUTHORIZATION_FAILED;
}

void set(rd_kafka_conf_t* conf, const char* key, const char* value) {
  char error[512];
  if (rd_kafka_conf_set(conf, key, value, error, sizeof error) != RD_KAFKA_CONF_OK) {
    std::fprintf(stderr, "client: %s\n", error);
    std::exit(2);
  }
}

rd_kafka_resp_err_t delivery_error = RD_KAFKA_RESP_ERR_NO_ERROR;

struct Header {
  std::string name;
  std::string value;
};

// Sends one message and waits for its delivery; the error, or NO_ERROR.
rd_kafka_resp_err_t send(const char* topic, const std::string& key, const std::string& value,
                         const std::vector<Header>& headers) {
  rd_kafka_conf_t* conf = base_config();
  set(conf, "acks", "all");
  set(conf, "enable.idempotence", "true");
  set(conf, "message.timeout.ms", "15000");
  // The client's own limit stays out of the way: the broker's is the one under test.
  set(conf, "message.max.bytes", "100000000");
  // A refused write fails the message: its error is what the exit code reports.
  rd_kafka_conf_set_dr_msg_cb(conf, [](rd_kafka_t*, const rd_kafka_message_t* m, void*) {
    if (m->err) delivery_error = m->err;
  });
  rd_kafka_conf_set_error_cb(conf, [](rd_kafka_t*, int err, const char* reason, void*) {
    if (not_authorized(static_cast<rd_kafka_resp_err_t>(err))) {
      delivery_error = static_cast<rd_kafka_resp_err_t>(err);
      std::fprintf(stderr, "client: %s\n", reason);
    }
  });
  char error[512];
  rd_kafka_t* producer = rd_kafka_new(RD_KAFKA_PRODUCER, conf, error, sizeof error);
  if (!producer) {
    std::fprintf(stderr, "client: %s\n", error);
    std::exit(2);
  }
  rd_kafka_headers_t* list = rd_kafka_headers_new(headers.size());
  for (const auto& h : headers) {
    rd_kafka_header_add(list, h.name.c_str(), -1, h.value.data(),
                        static_cast<ssize_t>(h.value.size()));
  }
  rd_kafka_resp_err_t err = rd_kafka_producev(
      producer, RD_KAFKA_V_TOPIC(topic), RD_KAFKA_V_KEY(key.data(), key.size()),
      RD_KAFKA_V_VALUE(const_cast<char*>(value.data()), value.size()), RD_KAFKA_V_HEADERS(list),
      RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END);
  if (err) rd_kafka_headers_destroy(list);  // on success the message owns them
  if (!err) err = rd_kafka_flush(producer, 30'000);
  if (!err && delivery_error) err = delivery_error;
  rd_kafka_destroy(producer);
  if (err == RD_KAFKA_RESP_ERR__TIMED_OUT && delivery_error) err = delivery_error;
  return err;
}

int produce(const char* topic, const std::string& key, const std::string& value) {
  rd_kafka_resp_err_t err = send(topic, key, value, {});
  if (err) {
    std::fprintf(stderr, "client: produce: %s\n", rd_kafka_err2str(err));
    return not_authorized(err) ? 5 : 1;
  }
  if (value.size() > 64) {
    std::printf("produced %s=<%zu bytes> to %s\n", key.c_str(), value.size(), topic);
  } else {
    std::printf("produced %s=%s to %s\n", key.c_str(), value.c_str(), topic);
  }
  return 0;
}

// The runbook's headers for a message `message` of `group` that failed: where it came from, who
// gave up, how often, why (500 characters of the error, here each of two bytes), and when.
std::vector<Header> dead_headers(const rd_kafka_message_t* message, const char* group) {
  std::string error = "ValueError: ";
  while (error.size() < 1000) error += "\xc3\xa9";  // 'é': 500 characters of UTF-8
  return {{"dead-origin-topic", rd_kafka_topic_name(message->rkt)},
          {"dead-origin-partition", std::to_string(message->partition)},
          {"dead-origin-offset", std::to_string(message->offset)},
          {"dead-consumer-group", group},
          {"dead-attempts", "3"},
          {"dead-error", error},
          {"dead-at", "2026-01-15T12:40:11+00:00"}};
}

// Writes `message` to its topic's `.dead` with the dead-letter headers: 0, or 6 when refused.
int park(const rd_kafka_message_t* message, const char* topic, const char* group) {
  std::string dead = std::string(topic) + ".dead";
  std::string key(static_cast<const char*>(message->key), message->key_len);
  std::string value(static_cast<const char*>(message->payload), message->len);
  rd_kafka_resp_err_t err = send(dead.c_str(), key, value, dead_headers(message, group));
  if (err) {
    std::fprintf(stderr, "client: park in %s: %s\n", dead.c_str(), rd_kafka_err2str(err));
    return 6;
  }
  std::printf("parked %s=<%zu bytes> in %s\n", key.c_str(), value.size(), dead.c_str());
  return 0;
}

int consume(const char* topic, const char* group, int seconds, bool parks) {
  rd_kafka_conf_t* conf = base_config();
  set(conf, "group.id", group);
  set(conf, "enable.auto.commit", "false");
  set(conf, "auto.offset.reset", "earliest");
  set(conf, "allow.auto.create.topics", "false");
  char error[512];
  rd_kafka_t* consumer = rd_kafka_new(RD_KAFKA_CONSUMER, conf, error, sizeof error);
  if (!consumer) return std::fprintf(stderr, "client: %s\n", error), 2;
  rd_kafka_poll_set_consumer(consumer);
  rd_kafka_topic_partition_list_t* topics = rd_kafka_topic_partition_list_new(1);
  rd_kafka_topic_partition_list_add(topics, topic, RD_KAFKA_PARTITION_UA);
  rd_kafka_subscribe(consumer, topics);
  rd_kafka_topic_partition_list_destroy(topics);
  int status = 4;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (status == 4 && std::chrono::steady_clock::now() < deadline) {
    rd_kafka_message_t* message = rd_kafka_consumer_poll(consumer, 500);
    if (!message) continue;
    if (message->err == RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART ||
        message->err == RD_KAFKA_RESP_ERR__UNKNOWN_TOPIC) {
      std::fprintf(stderr, "client: %s\n", rd_kafka_message_errstr(message));
      status = 3;
    } else if (not_authorized(message->err)) {
      std::fprintf(stderr, "client: %s\n", rd_kafka_message_errstr(message));
      status = 5;
    } else if (!message->err) {
      int shown = message->len > 64 ? 0 : static_cast<int>(message->len);
      std::printf("consumed %.*s=%.*s from %s as %s\n", static_cast<int>(message->key_len),
                  static_cast<const char*>(message->key), shown,
                  static_cast<const char*>(message->payload), topic, group);
      // Runbook step 4: the offset moves only once the dead topic holds the message.
      status = parks ? park(message, topic, group) : 0;
      if (status == 0) rd_kafka_commit_message(consumer, message, 0);
    }
    rd_kafka_message_destroy(message);
  }
  if (status == 4) std::fprintf(stderr, "client: nothing consumed in %d s\n", seconds);
  rd_kafka_consumer_close(consumer);
  rd_kafka_destroy(consumer);
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 5 && std::string(argv[1]) == "produce") return produce(argv[2], argv[3], argv[4]);
  if (argc == 5 && std::string(argv[1]) == "produce-bytes") {
    return produce(argv[2], argv[3], std::string(std::strtoul(argv[4], nullptr, 10), 'x'));
  }
  if (argc == 5 && (std::string(argv[1]) == "consume" || std::string(argv[1]) == "park")) {
    return consume(argv[2], argv[3], std::atoi(argv[4]), std::string(argv[1]) == "park");
  }
  std::fprintf(stderr,
               "usage: kafka_client produce TOPIC KEY VALUE | produce-bytes TOPIC KEY BYTES | "
               "consume TOPIC GROUP SECONDS | park TOPIC GROUP SECONDS\n");
  return 2;
}
