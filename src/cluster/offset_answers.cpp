// A ListOffsets answer, partition by partition: an offset, a count that is unknown, or a topic
// that is gone; only an error no partition explains fails the read.
#include "cluster/offset_answers.hpp"

namespace topicform {

bool leader_moving(rd_kafka_resp_err_t err) {
  return err == RD_KAFKA_RESP_ERR_NOT_LEADER_FOR_PARTITION ||
         err == RD_KAFKA_RESP_ERR_LEADER_NOT_AVAILABLE ||
         err == RD_KAFKA_RESP_ERR_UNKNOWN_LEADER_EPOCH ||
         err == RD_KAFKA_RESP_ERR_FENCED_LEADER_EPOCH || err == RD_KAFKA_RESP_ERR__TRANSPORT ||
         err == RD_KAFKA_RESP_ERR__TIMED_OUT;
}

namespace {

// Errors a partition reports for itself: the call's error is then read per partition.
bool per_partition(rd_kafka_resp_err_t err) {
  return leader_moving(err) || err == RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART;
}

}  // namespace

Result<PartitionOffsets> offsets_of_answer(rd_kafka_resp_err_t call,
                                           const rd_kafka_topic_partition_list_t& answered) {
  if (call && !per_partition(call)) return Error{rd_kafka_err2str(call)};
  PartitionOffsets out;
  for (int i = 0; i < answered.cnt; ++i) {
    const auto& tp = answered.elems[i];
    auto& offset = out[{tp.topic, tp.partition}];
    if (tp.err == RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART) {
      offset = kGoneTopic;
    } else if (!tp.err && tp.offset >= 0) {
      offset = tp.offset;
    } else if (!tp.err || leader_moving(tp.err)) {
      offset = kUncounted;  // not answered, or its leader cannot answer yet
    } else {
      return Error{rd_kafka_err2str(tp.err)};
    }
  }
  return out;
}

}  // namespace topicform
