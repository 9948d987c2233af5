// At debug, each phase of a run said as it ends: the requests it sent by kind and its time.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "cluster/kafka_admin.hpp"
#include "core/model/cluster_state.hpp"
#include "core/plan/plan.hpp"

namespace topicform {

// Phases follow one another on one admin client: begin() ends the phase before it. The last one
// ends with the object. Nothing is measured below debug.
class PhaseLog {
 public:
  // `label` leads each line ("environment 'prod': " in a run over several, else "").
  PhaseLog(const KafkaAdmin& admin, std::string label)
      : m_admin(admin), m_label(std::move(label)) {}
  ~PhaseLog() { end(); }
  PhaseLog(const PhaseLog&) = delete;
  PhaseLog& operator=(const PhaseLog&) = delete;

  void begin(std::string_view phase);
  void end();

 private:
  const KafkaAdmin& m_admin;
  std::string m_label;
  std::string m_phase;
  RequestCounter m_before;
  std::chrono::steady_clock::time_point m_started;
};

// At debug: the cluster read (its id, brokers and topics) and the size of the plan made of it.
void log_cluster_read(const Plan& plan, const ClusterState& state);

}  // namespace topicform
