// The verdict of `topicform check`: each layer's findings from the facts, worst first per layer.
#include "core/operations/health.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "core/model/config_value_text.hpp"
#include "core/model/units.hpp"
#include "core/text/utc_time.hpp"

namespace topicform {
namespace {

constexpr const char* kLayers[] = {"cluster", "topics", "replication", "consumer-groups",
                                   "dead-letters"};

HealthFinding finding(Verdict verdict, std::string subject, std::string message) {
  return HealthFinding{verdict, std::move(subject), std::move(message)};
}

// What an action of the plan says is different, in the words of plan's text output.
std::string difference(const Action& action) {
  if (const auto* alter = std::get_if<AlterConfig>(&action)) {
    std::vector<std::string> changes;
    for (const auto& c : alter->changes) {
      changes.push_back(readable_change(c.key, c.before, c.after));
    }
    return fmt::format("{}", fmt::join(changes, ", "));
  }
  if (const auto* grow = std::get_if<AddPartitions>(&action)) {
    return fmt::format("partitions: {} -> {}", grow->from, grow->to);
  }
  return describe_action(action);
}

struct Assessor {
  const std::vector<EffectiveTopic>& desired;
  const Plan& plan;
  const ClusterState& state;
  const HealthFacts& facts;
  const Environment& environment;
  HealthReport report;

  HealthLayer& layer(int index) { return report.layers[static_cast<std::size_t>(index)]; }

  void cluster() {
    auto& out = layer(0).findings;
    if (!environment.cluster_id.empty() && environment.cluster_id != state.cluster_id) {
      out.push_back(finding(Verdict::failing, "cluster",
                            fmt::format("the cluster id is '{}', not '{}' as the environment pins "
                                        "it: another cluster, or one whose volume was recreated",
                                        state.cluster_id, environment.cluster_id)));
    } else if (environment.brokers_declared && state.brokers < environment.brokers) {
      out.push_back(finding(Verdict::failing, "cluster",
                            fmt::format("{} of the environment's {} brokers are registered",
                                        state.brokers, environment.brokers)));
    } else {
      out.push_back(finding(Verdict::ok, "cluster",
                            fmt::format("cluster {} answers with {} broker{}", state.cluster_id,
                                        state.brokers, state.brokers == 1 ? "" : "s")));
    }
  }

  void topics() {
    auto& out = layer(1).findings;
    for (const auto& topic : desired) {
      if (topic.spec->deleted.value) continue;
      std::vector<std::string> differences;
      for (const auto& action : plan.actions) {
        if (action_topic(action) == topic.name) differences.push_back(difference(action));
      }
      for (const auto& blocked : plan.blocked) {
        if (blocked.topic == topic.name) differences.push_back(blocked.message);
      }
      bool exists = state.topics.count(topic.name) > 0;
      report.numbers.matches[topic.name] = exists && differences.empty();
      if (!exists) {
        out.push_back(
            finding(Verdict::failing, topic.name, "does not exist: 'topicform apply' creates it"));
      } else if (!differences.empty()) {
        out.push_back(
            finding(Verdict::failing, topic.name,
                    fmt::format("differs from its manifest: {}", fmt::join(differences, "; "))));
      } else {
        out.push_back(finding(Verdict::ok, topic.name, "as its manifest says"));
      }
    }
  }

  std::int64_t min_insync(const EffectiveTopic& topic) const {
    if (topic.min_insync_replicas.present) return topic.min_insync_replicas.value;
    auto it = state.topics.find(topic.name);
    if (it != state.topics.end()) {
      if (auto c = it->second.configs.find("min.insync.replicas"); c != it->second.configs.end()) {
        if (auto n = parse_integer(c->second)) return *n;
      }
    }
    return 1;
  }

  void replication_of(const EffectiveTopic& topic, const std::vector<PartitionHealth>& parts) {
    int offline = 0, under = 0, below = 0;
    std::int64_t required = min_insync(topic);
    for (const auto& p : parts) {
      offline += p.leader < 0;
      under += p.in_sync < p.replicas;
      below += p.leader >= 0 && p.in_sync < required;
    }
    report.numbers.offline[topic.name] = offline;
    report.numbers.under_replicated[topic.name] = under;
    auto& out = layer(2).findings;
    if (offline > 0) {
      out.push_back(finding(Verdict::failing, topic.name,
                            fmt::format("{} of {} partitions have no leader: nothing can be read "
                                        "or written there",
                                        offline, parts.size())));
    } else if (below > 0) {
      out.push_back(finding(Verdict::failing, topic.name,
                            fmt::format("{} of {} partitions have fewer in-sync replicas than "
                                        "min.insync.replicas={}: producers with acks=all fail",
                                        below, parts.size(), required)));
    } else if (under > 0) {
      out.push_back(finding(Verdict::warning, topic.name,
                            fmt::format("{} of {} partitions are under-replicated: a replica is "
                                        "behind or its broker is down",
                                        under, parts.size())));
    } else {
      out.push_back(finding(Verdict::ok, topic.name,
                            fmt::format("{} partition{} led, every replica in sync", parts.size(),
                                        parts.size() == 1 ? "" : "s")));
    }
  }

  void replication() {
    for (const auto& topic : desired) {
      auto it = facts.partitions.find(topic.name);
      if (topic.spec->deleted.value || it == facts.partitions.end()) continue;
      replication_of(topic, it->second);
    }
  }

  void group_on(const EffectiveTopic& topic, const std::string& group);
  void groups();
  void dead_letters();
};

// Lag summed over the topic's partitions; nullopt when an end offset is unknown.
std::optional<std::int64_t> lag_of(const GroupHealth& group,
                                   const std::vector<PartitionHealth>& parts,
                                   const std::string& topic) {
  auto committed = group.committed.find(topic);
  std::int64_t lag = 0;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    if (parts[p].end_offset < 0) return std::nullopt;
    std::int64_t at = 0;
    if (committed != group.committed.end()) {
      auto it = committed->second.find(static_cast<std::int32_t>(p));
      if (it != committed->second.end()) at = it->second;
    }
    lag += std::max<std::int64_t>(0, parts[p].end_offset - at);
  }
  return lag;
}

// How far behind `lag` puts the group at the declared peak rate, and what that means against
// the retention; the verdict is failing when the unread messages expire first, or the lag is
// above what maxConsumerDowntime allows.
HealthFinding lag_finding(const EffectiveTopic& topic, const std::string& group, std::int64_t lag,
                          const std::string& running) {
  const OwnerCard& owner = topic.spec->owner;
  std::string subject = fmt::format("{} on {}", group, topic.name);
  std::string text = fmt::format("lag {}{}", lag, running);
  if (!owner.throughput || !owner.throughput->peak_messages_per_second.present ||
      owner.throughput->peak_messages_per_second.value <= 0) {
    return finding(Verdict::ok, subject, text);
  }
  double peak = owner.throughput->peak_messages_per_second.value;
  auto behind = saturating_int64(std::ceil(static_cast<double>(lag) / peak * 1000.0));
  text += fmt::format(", about {} behind at the declared peak", format_duration_ms(behind));
  auto retention = retention_limit_ms(topic);
  if (retention && *retention > 0 && behind >= *retention) {
    return finding(Verdict::failing, subject,
                   fmt::format("{}: at least as long as the retention ({}), so unread messages "
                               "are being deleted",
                               text, format_duration_ms(*retention)));
  }
  auto downtime = owner.max_consumer_downtime.present
                      ? parse_duration_ms(owner.max_consumer_downtime.value)
                      : std::nullopt;
  if (downtime && behind > *downtime) {
    return finding(
        Verdict::failing, subject,
        fmt::format("{}: more than maxConsumerDowntime ({})", text, format_duration_ms(*downtime)));
  }
  if (retention && *retention > 0) {
    text += fmt::format("; unread messages start expiring in about {}",
                        format_duration_ms(*retention - behind));
  }
  return finding(Verdict::ok, subject, text);
}

void Assessor::group_on(const EffectiveTopic& topic, const std::string& group) {
  auto& out = layer(3).findings;
  std::string subject = fmt::format("{} on {}", group, topic.name);
  auto health = facts.groups.find(group);
  auto parts = facts.partitions.find(topic.name);
  if (parts == facts.partitions.end()) return;  // the topic is missing: the topics layer says so
  if (health == facts.groups.end() || !health->second.exists) {
    out.push_back(finding(Verdict::failing, subject,
                          "the group does not exist: the service has not started, or uses "
                          "another group id"));
    return;
  }
  const GroupHealth& g = health->second;
  if (!g.committed.count(topic.name)) {
    out.push_back(finding(Verdict::failing, subject,
                          "the group has committed no offset on the topic: it has not read it"));
    return;
  }
  auto lag = lag_of(g, parts->second, topic.name);
  if (!lag) {
    out.push_back(
        finding(Verdict::warning, subject, "the lag is unknown: a leader did not answer"));
    return;
  }
  report.numbers.lag[{group, topic.name}] = *lag;
  bool idle = g.members ? *g.members == 0 : g.state == "Empty";
  std::string running =
      g.members ? fmt::format(", {} member{} ({})", *g.members, *g.members == 1 ? "" : "s", g.state)
                : fmt::format(" ({})", g.state);
  HealthFinding result = lag_finding(topic, group, *lag, running);
  if (idle && result.verdict == Verdict::ok) {
    result.verdict = Verdict::warning;
    result.message += ": no live member, the service is not running";
  }
  out.push_back(std::move(result));
}

void Assessor::groups() {
  for (const auto& [group, health] : facts.groups) {
    if (health.members) report.numbers.members[group] = *health.members;
  }
  for (const auto& topic : desired) {
    if (topic.spec->deleted.value || is_dead_letter_topic(topic)) continue;
    for (const auto& consumer : topic.spec->owner.consumers) group_on(topic, consumer.group.value);
  }
  if (!state.offsets_retention_ms) return;
  for (const auto& topic : desired) {
    auto retention = retention_limit_ms(topic);
    if (!retention || *retention <= *state.offsets_retention_ms || is_dead_letter_topic(topic))
      continue;
    layer(3).findings.push_back(finding(
        Verdict::warning, topic.name,
        fmt::format("offsets.retention.minutes ({}) is shorter than its retention ({}): a group "
                    "idle that long loses its position while its messages are still there",
                    format_duration_ms(*state.offsets_retention_ms),
                    format_duration_ms(*retention))));
  }
}

void Assessor::dead_letters() {
  auto& out = layer(4).findings;
  for (const auto& topic : desired) {
    if (!is_dead_letter_topic(topic) || topic.spec->deleted.value) continue;
    auto count = state.dead_messages.find(topic.name);
    if (count == state.dead_messages.end()) continue;  // missing: the topics layer says so
    report.numbers.dead_messages[topic.name] = count->second;
    if (count->second == kUncountedMessages) {
      out.push_back(finding(Verdict::warning, topic.name,
                            "its messages could not be counted: a leader did not answer"));
    } else if (count->second > 0) {
      auto newest = facts.dead_newest_ms.find(topic.name);
      std::string when = newest != facts.dead_newest_ms.end()
                             ? fmt::format(", the newest written {}", utc_time(newest->second))
                         : facts.newest_supported ? ""
                                                  : " (the newest's time needs librdkafka 2.3.0)";
      if (newest != facts.dead_newest_ms.end()) {
        report.numbers.dead_newest_ms[topic.name] = newest->second;
      }
      out.push_back(finding(Verdict::failing, topic.name,
                            fmt::format("holds {} message{}{}: each is a failure nobody has "
                                        "handled yet",
                                        count->second, count->second == 1 ? "" : "s", when)));
    } else {
      out.push_back(finding(Verdict::ok, topic.name, "empty"));
    }
  }
}

}  // namespace

Verdict HealthLayer::verdict() const {
  Verdict worst = Verdict::ok;
  for (const auto& f : findings) worst = std::max(worst, f.verdict);
  return worst;
}

bool HealthReport::healthy() const { return first_failing() == nullptr; }

const HealthLayer* HealthReport::first_failing() const {
  for (const auto& layer : layers) {
    if (layer.verdict() == Verdict::failing) return &layer;
  }
  return nullptr;
}

HealthReport unreachable_report(const std::string& environment, const std::string& why) {
  HealthReport report;
  report.environment = environment;
  report.reached = false;
  for (const char* name : kLayers) report.layers.push_back(HealthLayer{name, {}, false});
  report.layers[0].checked = true;
  report.layers[0].findings.push_back(finding(Verdict::failing, "cluster", why));
  return report;
}

HealthReport assess(const std::vector<EffectiveTopic>& desired, const Plan& plan,
                    const ClusterState& state, const HealthFacts& facts,
                    const Environment& environment) {
  Assessor a{desired, plan, state, facts, environment, unreachable_report(environment.name, "")};
  a.report.layers[0].findings.clear();
  a.report.reached = true;
  for (auto& layer : a.report.layers) layer.checked = true;
  a.report.cluster_id = state.cluster_id;
  a.cluster();
  a.topics();
  a.replication();
  a.groups();
  a.dead_letters();
  for (auto& layer : a.report.layers) {
    std::stable_sort(layer.findings.begin(), layer.findings.end(),
                     [](const auto& x, const auto& y) { return x.verdict > y.verdict; });
  }
  return a.report;
}

HealthRequest health_request(const std::vector<EffectiveTopic>& desired,
                             const ClusterState& state) {
  HealthRequest request;
  std::set<std::string> groups;
  for (const auto& topic : desired) {
    if (topic.spec->deleted.value || !state.topics.count(topic.name)) continue;
    request.topics.push_back(topic.name);
    if (!is_dead_letter_topic(topic)) {
      for (const auto& c : topic.spec->owner.consumers) groups.insert(c.group.value);
    }
    auto count = state.dead_messages.find(topic.name);
    if (count != state.dead_messages.end() && count->second > 0) {
      request.dead_with_messages.push_back(topic.name);
    }
  }
  request.groups.assign(groups.begin(), groups.end());
  return request;
}

}  // namespace topicform
