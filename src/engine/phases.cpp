// Batching by action kind keeps the number of requests independent of the number of topics.
#include "engine/phases.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <thread>

#include <fmt/format.h>

namespace topicform {
namespace {

template <class T>
std::vector<T> of_kind(const Plan& plan) {
  std::vector<T> out;
  for (const auto& action : plan.actions) {
    if (const T* a = std::get_if<T>(&action)) out.push_back(*a);
  }
  return out;
}

template <class T>
std::vector<std::string> names(const std::vector<T>& items) {
  std::vector<std::string> out;
  for (const auto& item : items) out.push_back(item.name);
  return out;
}

// Calls `call` on `items`, then again on the topics whose failure was transient, up to
// `retry.attempts` times; the last outcome of each topic stands.
template <class T, class Call>
Result<std::vector<TopicOutcome>> with_retries(ActionKind kind, const std::vector<T>& items,
                                               Call call, const RetryPolicy& retry,
                                               const Progress& progress) {
  Result<std::vector<TopicOutcome>> outcome = call(items);
  for (int attempt = 1; outcome && attempt <= retry.attempts; ++attempt) {
    std::set<std::string> again;
    for (const auto& o : *outcome) {
      if (!o.ok && o.retriable) again.insert(o.topic);
    }
    if (again.empty()) break;
    std::vector<T> subset;
    for (const auto& item : items) {
      if (again.count(item.name)) subset.push_back(item);
    }
    progress(fmt::format("  retry   {} of {} topic(s) after a transient error ({}/{})",
                         action_kind_name(kind), subset.size(), attempt, retry.attempts));
    if (retry.pause) {
      retry.pause(attempt);
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(500 * attempt));
    }
    auto next = call(subset);
    if (!next) break;  // the request failed as a whole: the known per-topic failures stand
    std::map<std::string, TopicOutcome> latest;
    for (auto& o : *next) latest[o.topic] = std::move(o);
    for (auto& o : *outcome) {
      if (auto it = latest.find(o.topic); it != latest.end()) o = it->second;
    }
  }
  return outcome;
}

}  // namespace

std::string_view action_kind_name(ActionKind kind) {
  switch (kind) {
    case ActionKind::grant:
      return "grant";
    case ActionKind::create:
      return "create";
    case ActionKind::add_partitions:
      return "add-partitions";
    case ActionKind::alter_config:
      return "alter-config";
    case ActionKind::delete_topic:
      return "delete";
    case ActionKind::revoke:
      return "revoke";
  }
  return "?";
}

namespace {

class Runner {
 public:
  Runner(ApplyReport& report, const Progress& progress) : m_report(report), m_progress(progress) {}

  // Records the outcome of one batch; returns false when something in it failed.
  bool record(ActionKind kind, const std::vector<std::string>& topics,
              const Result<std::vector<TopicOutcome>>& outcome) {
    if (topics.empty()) return true;
    if (m_stopped) {
      for (const auto& topic : topics)
        m_report.results.push_back({topic, kind, ActionStatus::not_attempted, ""});
      return false;
    }
    if (!outcome) {
      m_report.error = outcome.error().message;
      for (const auto& topic : topics) {
        m_report.results.push_back({topic, kind, ActionStatus::failed, outcome.error().message});
        m_progress(fmt::format("  failed  {} {}: {}", action_kind_name(kind), topic,
                               outcome.error().message));
      }
      m_stopped = true;
      return false;
    }
    bool ok = true;
    for (const auto& result : *outcome) {
      ActionResult item{result.topic, kind,
                        result.ok ? ActionStatus::applied : ActionStatus::failed, result.error,
                        result.already_done};
      auto name = action_kind_name(kind);
      m_progress(result.ok ? fmt::format("  done    {} {}{}", name, result.topic,
                                         result.already_done ? " (already done)" : "")
                           : fmt::format("  failed  {} {}: {}", name, result.topic, result.error));
      ok = ok && result.ok;
      m_report.results.push_back(std::move(item));
    }
    if (!ok) m_stopped = true;
    return ok;
  }

  bool stopped() const { return m_stopped; }
  void stop(std::string error) {
    m_report.error = std::move(error);
    m_stopped = true;
  }

 private:
  ApplyReport& m_report;
  const Progress& m_progress;
  bool m_stopped = false;
};

}  // namespace

bool ApplyReport::succeeded() const {
  return error.empty() && count(ActionStatus::applied) == results.size();
}

std::size_t ApplyReport::count(ActionStatus status) const {
  return static_cast<std::size_t>(std::count_if(results.begin(), results.end(),
                                                [&](const auto& r) { return r.status == status; }));
}

namespace {

// The steps of one apply: each batch is recorded, and once one fails the rest are reported as
// not attempted.
class Steps {
 public:
  Steps(ApplyReport& report, ClusterWriter& writer, const Progress& progress, int wait_timeout_ms,
        const RetryPolicy& retry)
      : m_runner(report, progress),
        m_writer(writer),
        m_progress(progress),
        m_wait_timeout_ms(wait_timeout_ms),
        m_retry(retry) {}

  template <class Item, class Call>
  void run(ActionKind kind, const std::vector<Item>& items, Call call) {
    if (items.empty()) return;
    if (!m_runner.stopped()) {
      m_progress(fmt::format("{} {} topic(s)...", action_kind_name(kind), items.size()));
    }
    m_runner.record(kind, names(items),
                    m_runner.stopped()
                        ? Result<std::vector<TopicOutcome>>(std::vector<TopicOutcome>{})
                        : with_retries(kind, items, call, m_retry, m_progress));
  }

  // A consumer started after apply must find every topic with all its partitions led; metadata
  // shows new topics and partitions a little after the request returns.
  void wait_for(const std::map<std::string, std::int64_t>& expected) {
    if (expected.empty() || m_runner.stopped()) return;
    auto led = m_writer.wait_until_led(expected, m_wait_timeout_ms);
    if (!led) m_runner.stop(led.error().message);
  }

  template <class Call>
  void run_acls(ActionKind kind, const std::vector<AclBinding>& bindings, Call call) {
    if (bindings.empty()) return;
    std::vector<std::string> described;
    for (const auto& b : bindings) described.push_back(describe_binding(b));
    if (!m_runner.stopped()) {
      m_progress(fmt::format("{} {} ACL binding(s)...", action_kind_name(kind), bindings.size()));
    }
    m_runner.record(kind, described,
                    m_runner.stopped()
                        ? Result<std::vector<TopicOutcome>>(std::vector<TopicOutcome>{})
                        : call(bindings));
  }

 private:
  Runner m_runner;
  ClusterWriter& m_writer;
  const Progress& m_progress;
  int m_wait_timeout_ms;
  const RetryPolicy& m_retry;
};

}  // namespace

ApplyReport apply_plan(const Plan& plan, ClusterWriter& writer, const Progress& progress,
                       int wait_timeout_ms, const RetryPolicy& retry) {
  ApplyReport report;
  Steps steps(report, writer, progress, wait_timeout_ms, retry);
  auto creates = of_kind<CreateTopic>(plan);
  auto grows = of_kind<AddPartitions>(plan);
  // ACLs are granted before any topic changes, so a consumer started after apply finds its
  // access, and revoked after every topic change (a deleted topic's last).
  steps.run_acls(ActionKind::grant, plan.access.creates,
                 [&](const auto& b) { return writer.create_acls(b); });
  steps.run(ActionKind::create, creates,
            [&](const auto& items) { return writer.create_topics(items, false); });
  std::map<std::string, std::int64_t> created;
  for (const auto& c : creates) created[c.name] = c.partitions;
  steps.wait_for(created);
  steps.run(ActionKind::add_partitions, grows,
            [&](const auto& items) { return writer.add_partitions(items, false); });
  std::map<std::string, std::int64_t> grown;
  for (const auto& g : grows) grown[g.name] = g.to;
  steps.wait_for(grown);
  steps.run(ActionKind::alter_config, of_kind<AlterConfig>(plan),
            [&](const auto& items) { return writer.alter_configs(items, false); });
  steps.run(ActionKind::delete_topic, of_kind<DeleteTopic>(plan),
            [&](const auto& items) { return writer.delete_topics(items); });
  steps.run_acls(ActionKind::revoke, plan.access.deletes,
                 [&](const auto& b) { return writer.delete_acls(b); });
  return report;
}

Result<std::vector<TopicOutcome>> validate_plan(const Plan& plan, ClusterWriter& writer) {
  std::vector<TopicOutcome> refused;
  auto collect = [&](const Result<std::vector<TopicOutcome>>& outcome) -> bool {
    if (!outcome) return false;
    for (const auto& o : *outcome) {
      if (!o.ok) refused.push_back(o);
    }
    return true;
  };
  auto creates = of_kind<CreateTopic>(plan);
  auto grows = of_kind<AddPartitions>(plan);
  auto alters = of_kind<AlterConfig>(plan);
  if (!creates.empty()) {
    auto r = writer.create_topics(creates, true);
    if (!collect(r)) return r.error();
  }
  if (!grows.empty()) {
    auto r = writer.add_partitions(grows, true);
    if (!collect(r)) return r.error();
  }
  if (!alters.empty()) {
    auto r = writer.alter_configs(alters, true);
    if (!collect(r)) return r.error();
  }
  return refused;
}

}  // namespace topicform
