// A classic consumer group (Debian 12's librdkafka predates KIP-848) with the cooperative-sticky
// assignor: partition 0 stays with its holder while replicas come and go (a new replica does not
// take the lead), and moves only after its holder gave it up, so no two members hold it at once
// by the group's word.
#include "cluster/leader_election.hpp"

#include <atomic>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "cluster/client_handles.hpp"
#include "log/log.hpp"

namespace topicform {
namespace {

// What the client's callbacks write and serve reads; shared with the client's teardown, which
// may outlive the election when librdkafka does not finish closing in time.
struct GroupState {
  std::string topic;
  std::atomic<bool> leads{false};
  std::atomic<bool> answered{false};
  std::atomic<std::uint64_t> terms{0};
  std::mutex mutex;
  std::string trouble;

  void note(std::string why) {
    std::lock_guard<std::mutex> lock(mutex);
    trouble = std::move(why);
  }
};

// Whether `partitions` holds partition 0 of the election's topic.
bool holds_zero(const GroupState& state, const rd_kafka_topic_partition_list_t* partitions) {
  for (int i = 0; i < partitions->cnt; ++i) {
    const auto& p = partitions->elems[i];
    if (p.partition == 0 && state.topic == p.topic) return true;
  }
  return false;
}

// Served on the follower thread, inside rd_kafka_consumer_poll (and in the close). With the
// cooperative protocol only what moves is revoked or assigned; the lead is dropped before
// partition 0 is given back, never after.
void on_rebalance(rd_kafka_t* consumer, rd_kafka_resp_err_t err,
                  rd_kafka_topic_partition_list_t* partitions, void* opaque) {
  auto* state = static_cast<GroupState*>(opaque);
  bool cooperative = std::string(rd_kafka_rebalance_protocol(consumer)) == "COOPERATIVE";
  if (err == RD_KAFKA_RESP_ERR__ASSIGN_PARTITIONS) {
    if (cooperative) {
      take_error(rd_kafka_incremental_assign(consumer, partitions));
    } else {
      rd_kafka_assign(consumer, partitions);
    }
    if (holds_zero(*state, partitions)) {
      ++state->terms;
      state->leads = true;
    }
    state->answered = true;
    state->note("");
    return;
  }
  if (!cooperative || holds_zero(*state, partitions) || rd_kafka_assignment_lost(consumer))
    state->leads = false;
  if (cooperative) {
    take_error(rd_kafka_incremental_unassign(consumer, partitions));
  } else {
    rd_kafka_assign(consumer, nullptr);
  }
}

class KafkaLeaderElection : public LeaderElection {
 public:
  explicit KafkaLeaderElection(std::string topic) : m_state(std::make_shared<GroupState>()) {
    m_state->topic = std::move(topic);
  }
  ~KafkaLeaderElection() override;

  bool leads() const override { return m_state->leads; }
  bool answered() const override { return m_state->answered; }
  std::uint64_t terms() const override { return m_state->terms; }
  bool confirm() override;
  std::string trouble() const override {
    std::lock_guard<std::mutex> lock(m_state->mutex);
    return m_state->trouble;
  }

  Result<bool> start(const KafkaOptions& options);

 private:
  void follow();

  std::shared_ptr<GroupState> m_state;
  Client m_consumer;
  std::atomic<bool> m_stop{false};
  std::thread m_follower;
};

// Leaves the group (so another replica leads at once) within a bound, as every client closes.
KafkaLeaderElection::~KafkaLeaderElection() {
  m_stop = true;
  if (m_follower.joinable()) m_follower.join();
  if (m_consumer) close_client(m_consumer.release(), m_state);
}

bool KafkaLeaderElection::confirm() {
  if (!m_state->leads) return false;
  PartitionList offsets(1);
  rd_kafka_topic_partition_list_add(offsets.list, m_state->topic.c_str(), 0)->offset = 0;
  rd_kafka_resp_err_t err = rd_kafka_commit(m_consumer.get(), offsets.list, 0);
  if (err) m_state->note(fmt::format("the lead was not confirmed: {}", rd_kafka_err2str(err)));
  return err == RD_KAFKA_RESP_ERR_NO_ERROR && m_state->leads;
}

// Polls the group so its heartbeats, rebalances and errors are served; the topic's messages
// (there need be none) are not read.
void KafkaLeaderElection::follow() {
  while (!m_stop) {
    rd_kafka_message_t* message = rd_kafka_consumer_poll(m_consumer.get(), 100);
    if (message == nullptr) continue;
    if (message->err && message->err != RD_KAFKA_RESP_ERR__PARTITION_EOF) {
      m_state->note(
          fmt::format("leader group '{}': {}", m_state->topic, rd_kafka_message_errstr(message)));
    }
    rd_kafka_message_destroy(message);
  }
  m_state->leads = false;
}

Result<bool> KafkaLeaderElection::start(const KafkaOptions& options) {
  KafkaOptions own = options;
  own.properties.try_emplace("session.timeout.ms", "10000");
  own.properties.try_emplace("heartbeat.interval.ms", "1000");
  own.properties["group.id"] = m_state->topic;
  own.properties["partition.assignment.strategy"] = "cooperative-sticky";
  own.properties["enable.auto.commit"] = "false";
  own.properties["enable.auto.offset.store"] = "false";
  auto consumer = make_client(RD_KAFKA_CONSUMER, own, {}, nullptr, [this](rd_kafka_conf_t* conf) {
    rd_kafka_conf_set_opaque(conf, m_state.get());
    rd_kafka_conf_set_rebalance_cb(conf, on_rebalance);
  });
  if (!consumer) return consumer.error();
  m_consumer = std::move(*consumer);
  rd_kafka_poll_set_consumer(m_consumer.get());
  PartitionList topics(1);
  rd_kafka_topic_partition_list_add(topics.list, m_state->topic.c_str(), RD_KAFKA_PARTITION_UA);
  if (auto err = rd_kafka_subscribe(m_consumer.get(), topics.list)) {
    return Error{
        fmt::format("join the leader group '{}': {}", m_state->topic, rd_kafka_err2str(err))};
  }
  m_follower = std::thread([this] { follow(); });
  return true;
}

}  // namespace

Result<std::unique_ptr<LeaderElection>> join_leader_group(const KafkaOptions& options,
                                                          const std::string& topic) {
  auto election = std::make_unique<KafkaLeaderElection>(topic);
  if (auto started = election->start(options); !started) return started.error();
  return std::unique_ptr<LeaderElection>(std::move(election));
}

}  // namespace topicform
