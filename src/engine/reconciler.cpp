// plan -> check -> execute -> read back, with every decision of the safety contract in one place.
#include "engine/reconciler.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <optional>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "core/plan/access_plan.hpp"
#include "core/plan/diff.hpp"
#include "engine/registry_sync.hpp"

namespace topicform {
namespace {

// What a read needs for `desired`: the managed topics' configs; when planning, dead-topic counts,
// the broker's configs and the consumer groups; and the ACL bindings when the environment
// manages them.
ReadRequest read_request(const Desired& desired, bool planning) {
  ReadRequest request;
  request.context = planning;
  for (const auto& topic : desired.topics) {
    // A topic left out of the plan needs no configs: narrowing would drop what they showed.
    if (!desired.targets || desired.targets->selects(topic)) request.managed.push_back(topic.name);
  }
  request.dead_messages = planning;
  if (desired.managed) {
    request.acls = true;
    request.groups.assign(desired.managed->groups.begin(), desired.managed->groups.end());
  }
  return request;
}

DiffOptions diff_options(const Desired& desired, bool allow_delete) {
  const auto& access = desired.environment.access;
  return DiffOptions{allow_delete,      desired.environment.cluster_id, desired.environment.name,
                     &desired.settings, access ? &*access : nullptr,    desired.managed};
}

// The diff of every desired topic, narrowed to the targets when there are any.
Plan plan_of(const Desired& desired, const ClusterState& state, bool allow_delete) {
  Plan plan = diff(desired.topics, state, diff_options(desired, allow_delete));
  if (desired.targets) {
    const auto& access = desired.environment.access;
    narrow_plan(plan, desired.topics, *desired.targets, access ? &*access : nullptr);
  }
  return plan;
}

void pause(const ExecutePolicy& policy, int ms) {
  if (policy.sleep) return policy.sleep(ms);
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

// Why `plan` must not be written at all, or empty.
std::string refusal(const Plan& plan, const ExecutePolicy& policy) {
  if (plan.is_blocked()) return "the plan has blocked changes; nothing was applied";
  auto deletes = deleted_topics(plan);
  if (!deletes.empty() && !policy.allow_delete) {
    return fmt::format(
        "the plan deletes {} topic(s) (first: '{}') but deletes are not allowed: "
        "run apply with --allow-delete; nothing was applied",
        deletes.size(), deletes.front());
  }
  return "";
}

std::string refused_by_broker(const std::vector<TopicOutcome>& refused) {
  return fmt::format("the cluster refuses {} change(s), e.g. '{}': {}; nothing was applied",
                     refused.size(), refused.front().topic, refused.front().error);
}

constexpr const char* kMayNotAlterAcls =
    "the principal running topicform may not change ACLs (it needs ALTER on the cluster)";

// CreateAcls has no validate-only mode: the right to change ACLs is asked for before any write.
std::string access_refusal(const Plan& plan, ClusterWriter& writer) {
  if (plan.access.empty()) return "";
  auto may = writer.may_alter_acls();
  if (!may) {
    return fmt::format("cannot tell whether this client may change ACLs: {}; nothing was applied",
                       may.error().message);
  }
  if (*may) return "";
  return fmt::format("the plan changes {} ACL binding(s), but {}; nothing was applied",
                     plan.access.creates.size() + plan.access.deletes.size(), kMayNotAlterAcls);
}

// Deletes that this run carried out: a lagging read may still list them.
std::set<std::string> deleted_in(const ApplyReport& report) {
  std::set<std::string> out;
  for (const auto& r : report.results) {
    if (r.kind == ActionKind::delete_topic && r.status == ActionStatus::applied)
      out.insert(r.topic);
  }
  return out;
}

// A request that failed as a whole (timeout, lost connection) may have been carried out anyway:
// plan again from a fresh read and apply only what is still missing, a bounded number of times.
void retry_whole_failures(Outcome& out, const Desired& desired, ClusterPorts cluster,
                          ClusterWriter& writer, const ExecutePolicy& policy,
                          const Progress& progress) {
  for (int retry = 1;
       !out.report.succeeded() && !out.report.error.empty() && retry <= policy.request_retries;
       ++retry) {
    progress(fmt::format("apply: {}; reading the cluster again and retrying ({}/{})",
                         out.report.error, retry, policy.request_retries));
    pause(policy, 1000 * retry);
    auto fresh = make_plan(desired, deletes_allowed(policy.allow_delete), cluster);
    if (!fresh) return;  // still unreachable: the report keeps the first failure
    if (auto why = refusal(fresh->plan, policy); !why.empty()) {
      out.error = "after a retry, " + why;
      return;
    }
    auto done = deleted_in(out.report);
    out.report = apply_plan(fresh->plan, writer, progress, policy.wait_timeout_ms, policy.retry);
    for (const auto& topic : done)
      out.report.results.push_back({topic, ActionKind::delete_topic, ActionStatus::applied, ""});
  }
}

// The topics whose create the broker answered "already exists" in `report`.
std::vector<std::string> found_existing(const ApplyReport& report) {
  std::vector<std::string> out;
  for (const auto& r : report.results) {
    if (r.kind == ActionKind::create && r.status == ActionStatus::applied && r.already_done) {
      out.push_back(r.topic);
    }
  }
  return out;
}

// Plans `topics` again from a fresh read and writes what still differs, after the broker's check;
// the report of what it wrote, or an error (nothing more written).
Result<ApplyReport> plan_and_write_again(const std::vector<std::string>& topics,
                                         const Desired& desired, ClusterPorts cluster,
                                         ClusterWriter& writer, const ExecutePolicy& policy,
                                         const Progress& progress) {
  Targets only(topics, true);
  Desired narrowed = desired;
  narrowed.targets = &only;
  auto fresh = make_plan(narrowed, deletes_allowed(policy.allow_delete), cluster);
  if (!fresh) return fresh.error();
  if (auto why = refusal(fresh->plan, policy); !why.empty()) return Error{why};
  auto refused = validate_plan(fresh->plan, writer);
  if (!refused) return refused.error();
  if (!refused->empty()) return Error{refused_by_broker(*refused)};
  return apply_plan(fresh->plan, writer, progress, policy.wait_timeout_ms, policy.retry);
}

// A create the broker answered "already exists" found a topic the plan did not see: another
// writer made it, or the broker that answered the read was behind the others (on three brokers
// right after a 10,000-topic create, a read missed 4,858 topics). Its partitions and configs
// were never compared, so it is planned again from a fresh read and what differs is written; a
// topic that reads keep missing ends the run with that reason instead of a long read-back.
void settle_found_existing(Outcome& out, const Desired& desired, ClusterPorts cluster,
                           ClusterWriter& writer, const ExecutePolicy& policy,
                           const Progress& progress) {
  auto existing = found_existing(out.report);
  for (int round = 1; !existing.empty() && round <= policy.request_retries; ++round) {
    progress(
        fmt::format("apply: {} topic(s) already existed (first: '{}'); reading them again "
                    "to compare them ({}/{})",
                    existing.size(), existing.front(), round, policy.request_retries));
    pause(policy, 1000 * round);
    auto again = plan_and_write_again(existing, desired, cluster, writer, policy, progress);
    if (!again) {
      out.error = again.error().message;
      return;
    }
    out.report.results.insert(out.report.results.end(), again->results.begin(),
                              again->results.end());
    if (!again->succeeded()) {
      out.report.error = again->error;
      return;
    }
    existing = found_existing(*again);
  }
  if (existing.empty()) return;
  out.error = fmt::format(
      "{} topic(s) (first: '{}') exist on the cluster, but its reads do not list them: a broker "
      "is behind the others (as after a large create); re-run once it has caught up",
      existing.size(), existing.front());
}

// A write whose effect the apply has already seen: CreateTopics set a new topic's partitions,
// replicas and configs, CreatePartitions a topic's count, and the leader wait then saw every
// partition of both led. One answered "already done" was made by someone else, and is compared.
bool seen_by_leader_wait(const ActionResult& r) {
  return (r.kind == ActionKind::create || r.kind == ActionKind::add_partitions) &&
         r.status == ActionStatus::applied && !r.already_done;
}

// The topics this run wrote, as exact targets, so the read-back reads and compares only them;
// nullopt when it changed ACLs, which are checked over the whole selection. A topic is left out
// when every write to it was seen by the leader wait; one whose configs changed too is read.
std::optional<Targets> written_targets(const ApplyReport& report) {
  std::set<std::string> unseen;
  for (const auto& r : report.results) {
    if (r.kind == ActionKind::grant || r.kind == ActionKind::revoke) return std::nullopt;
    if (!seen_by_leader_wait(r)) unseen.insert(r.topic);
  }
  return Targets(std::vector<std::string>(unseen.begin(), unseen.end()), true);
}

// The topics a read-back still sees a difference for, or nullopt when a difference belongs to
// no topic. A change the broker showed once is committed, so later reads need only these: at
// 5,000 topics right after a create, every read of them all kept the busy broker busier.
std::optional<Targets> still_differing(const Plan& remaining) {
  std::set<std::string> topics;
  for (const auto& action : remaining.actions) topics.insert(action_topic(action));
  for (const auto& blocked : remaining.blocked) {
    if (blocked.topic.empty()) return std::nullopt;
    topics.insert(blocked.topic);
  }
  if (!remaining.access.empty()) return std::nullopt;
  return Targets(std::vector<std::string>(topics.begin(), topics.end()), true);
}

std::size_t differences(const Plan& remaining) {
  return remaining.actions.size() + remaining.access.creates.size() +
         remaining.access.deletes.size() + remaining.blocked.size();
}

std::string still_differs(const Plan& remaining, int waited_ms) {
  std::size_t n = differences(remaining);
  return fmt::format(
      "the cluster still differs: the broker accepted every change, but after {} s of reading "
      "back it shows {} difference(s) (below); run 'topicform plan' to see whether it caught up",
      waited_ms / 1000, n);
}

// The read-back's waits: reads every 200 ms for two seconds, then backing off to every 2 s,
// each budget counted from the last read that showed progress, or that answered.
struct ReadBackClock {
  const ExecutePolicy& policy;
  int waited_ms = 0;   // since the first read
  int still_ms = 0;    // since the last read that showed progress
  int failing_ms = 0;  // since the last read that answered
  int pause_ms = 200;

  explicit ReadBackClock(const ExecutePolicy& p) : policy(p) {}

  // Sleeps before the next read; false when a budget is spent.
  bool wait_after(bool answered, bool progress) {
    if (progress) still_ms = 0;
    if (answered) failing_ms = 0;
    int left = std::min(policy.readback_timeout_ms - still_ms,
                        policy.read_failure_timeout_ms - failing_ms);
    if (left <= 0) return false;
    int step = std::min(pause_ms, left);
    pause(policy, step);
    waited_ms += step;
    still_ms += step;
    failing_ms += step;
    // Most changes show within a second or two: read often that long, then back off.
    pause_ms = waited_ms < 2000 ? 200 : std::min(pause_ms * 2, 2000);
    return true;
  }
};

// Reads the written topics until a fresh plan of them is empty; brokers show accepted changes a
// little later, and a busy one much later, so reads come every 200 ms for two seconds, then back
// off to one every 2 s. It gives up once policy.readback_timeout_ms passes without a read that
// shows fewer differences than every read before it (a busy broker answers, just late), or
// policy.read_failure_timeout_ms without a read that answers at all (a gone broker).
void read_back(Outcome& out, const Desired& desired, ClusterReader& reader,
               const ExecutePolicy& policy) {
  std::set<std::string> gone = deleted_in(out.report);
  auto written = written_targets(out.report);
  if (written && written->all()) {  // only writes the leader wait saw: nothing to read back
    out.remaining.actions.clear();
    out.remaining.blocked.clear();
    out.remaining.warnings.clear();
    out.remaining.access = AccessChanges{};
    return;
  }
  Desired check = desired;
  if (written) check.targets = &*written;
  ReadBackClock clock(policy);
  std::size_t fewest = std::numeric_limits<std::size_t>::max();
  std::string read_error;
  std::optional<Targets> differing;
  while (true) {
    auto state = reader.read(read_request(check, false));
    read_error = state ? "" : state.error().message;
    if (state) {
      for (const auto& topic : gone) state->topics.erase(topic);
      out.remaining = plan_of(check, *state, policy.allow_delete);
      if (!out.remaining.has_changes() && !out.remaining.is_blocked()) return;
      auto narrower = written ? still_differing(out.remaining) : std::nullopt;
      if (narrower) {
        differing = std::move(*narrower);  // in place: check.targets may point at it already
        check.targets = &*differing;
      }
    }
    std::size_t left = state ? differences(out.remaining) : fewest;
    bool progress = left < fewest;
    fewest = std::min(fewest, left);
    if (!clock.wait_after(state.has_value(), progress)) break;
  }
  out.error = read_error.empty()
                  ? still_differs(out.remaining, clock.waited_ms)
                  : fmt::format(
                        "the changes were accepted, but reading them back failed for {} "
                        "s: {}",
                        clock.failing_ms / 1000, read_error);
}

// `desired` carrying its managed access, computed into `storage` unless it carries it already.
Desired with_managed_access(const Desired& desired, std::optional<ManagedAccess>& storage) {
  Desired out = desired;
  if (out.managed || !desired.environment.access) return out;
  storage = managed_access(desired.topics, *desired.environment.access);
  out.managed = &*storage;
  return out;
}

}  // namespace

namespace {

// The subjects of the topics this run is about.
std::vector<DesiredSubject> subjects_of(const Desired& desired) {
  std::vector<EffectiveTopic> chosen;
  for (const auto& topic : desired.topics)
    if (desired.targets == nullptr || desired.targets->selects(topic)) chosen.push_back(topic);
  return desired_subjects(chosen, desired.settings);
}

// Registry changes go last: every topic exists, and has read back as planned, before its
// contract is published.
void publish_schemas(Outcome& out, const Plan& plan, ClusterPorts cluster,
                     const Progress& progress) {
  if (plan.schemas.empty()) return;
  out.remaining.schemas = plan.schemas;
  if (cluster.registry == nullptr) {
    out.error =
        "the plan changes a schema registry, but no registry was given; nothing was "
        "written to it";
    return;
  }
  RegistryWrites writes = apply_registry(plan.schemas, *cluster.registry, progress);
  out.error = writes.error;
  out.schemas_written = writes.written;
  out.wrote = out.wrote || writes.written > 0;
  out.remaining.schemas.erase(
      out.remaining.schemas.begin(),
      out.remaining.schemas.begin() + static_cast<std::ptrdiff_t>(writes.written));
}

}  // namespace

Result<Planned> make_plan(const Desired& given, const PlanRequest& request, ClusterPorts cluster) {
  std::optional<ManagedAccess> managed;
  Desired desired = with_managed_access(given, managed);
  if (request.on_phase) request.on_phase("read");
  auto state = cluster.reader.read(read_request(desired, true));
  if (!state) return state.error();
  Planned out{std::move(*state), {}};
  out.plan = plan_of(desired, out.state, request.allow_delete);
  auto deleted = deleted_topics(out.plan);
  if (!deleted.empty() && cluster.inspector) {
    auto idle = cluster.inspector->idle_groups_holding(deleted);
    if (!idle) return idle.error();
    warn_deletes_held_by_idle_groups(out.plan, *idle);
  }
  if (cluster.registry != nullptr) {
    auto planned =
        plan_registry(subjects_of(desired), request.allow_delete, *cluster.registry, out.plan);
    if (!planned) return Error{fmt::format("the schema registry: {}", planned.error().message)};
  } else if (desired.environment.schema_registry) {
    out.plan.schemas_skipped = request.registry_absent_because;
  }
  if (request.broker_check == nullptr) return out;
  if (request.on_phase) request.on_phase("validate-only");
  if (auto checked = add_broker_refusals(out.plan, *request.broker_check); !checked)
    return checked.error();
  return out;
}

Result<bool> add_broker_refusals(Plan& plan, ClusterWriter& writer) {
  if (!plan.has_changes()) return true;
  if (!plan.access.empty()) {
    auto may = writer.may_alter_acls();
    if (!may) return may.error();
    if (!*may) {
      plan.blocked.push_back(BlockedChange{
          "", "cluster/validate", kMayNotAlterAcls,
          plan.access.created_at.empty() ? Location{} : plan.access.created_at.begin()->second});
    }
  }
  auto refused = validate_plan(plan, writer);
  if (!refused) return refused.error();
  for (const auto& r : *refused) {
    Location at;
    for (const auto& action : plan.actions) {
      if (action_topic(action) == r.topic) at = action_location(action);
    }
    plan.blocked.push_back(BlockedChange{r.topic, "cluster/validate",
                                         fmt::format("the broker refuses the change: {}", r.error),
                                         at});
  }
  return true;
}

Outcome execute(const Plan& plan, const Desired& given, ClusterPorts cluster, ClusterWriter& writer,
                const ExecutePolicy& policy, const Progress& progress) {
  std::optional<ManagedAccess> managed;
  Desired desired = with_managed_access(given, managed);
  Outcome out;
  out.remaining = plan;
  if (out.error = refusal(plan, policy); !out.error.empty()) return out;
  if (!plan.has_changes()) return out;
  auto phase = [&](std::string_view name) {
    if (policy.on_phase) policy.on_phase(name);
  };
  // The broker checks every change first, so a missing ACL or a broker policy refusing one topic
  // stops the run before anything is written, not halfway through.
  phase("validate-only");
  auto refused = validate_plan(plan, writer);
  if (!refused) {
    out.error = refused.error().message + "; nothing was applied";
    return out;
  }
  for (const auto& r : *refused) progress(fmt::format("  refused {}: {}", r.topic, r.error));
  if (!refused->empty()) {
    out.error = refused_by_broker(*refused);
    return out;
  }
  if (out.error = access_refusal(plan, writer); !out.error.empty()) return out;
  out.wrote = true;
  phase("write");
  out.report = apply_plan(plan, writer, progress, policy.wait_timeout_ms, policy.retry);
  retry_whole_failures(out, desired, cluster, writer, policy, progress);
  if (!out.error.empty()) return out;
  if (out.report.succeeded())
    settle_found_existing(out, desired, cluster, writer, policy, progress);
  if (!out.error.empty()) return out;
  if (!out.report.succeeded()) {
    out.error = fmt::format("apply stopped: {}",
                            out.report.error.empty() ? "a change failed" : out.report.error);
    return out;
  }
  phase("read-back");
  read_back(out, desired, cluster.reader, policy);
  // The read-back looks only at what was written; deletes this run withheld still stand.
  out.remaining.withheld = plan.withheld;
  out.remaining.targets = plan.targets;
  if (out.error.empty() && !plan.schemas.empty()) phase("registry");
  if (out.error.empty()) publish_schemas(out, plan, cluster, progress);
  return out;
}

}  // namespace topicform
