// One cycle of serve and what it keeps between cycles: the last good revision, each
// environment's result, and the log lines it writes only when something changed.
#include "cli/serve_loop.hpp"

#include <chrono>

#include <fmt/format.h>

#include "cli/cluster_connection.hpp"
#include "cli/environment_fanout.hpp"
#include "cli/phase_log.hpp"
#include "cli/plan_io.hpp"
#include "cli/plan_making.hpp"
#include "cli/serve_apply.hpp"
#include "engine/health_check.hpp"
#include "log/log.hpp"
#include "render/diagnostics_render.hpp"

namespace topicform {
namespace {

std::vector<Diagnostic> errors_of(const std::vector<std::unique_ptr<CheckedProject>>& checked) {
  std::vector<Diagnostic> errors;
  for (const auto& project : checked) {
    for (const auto& d : project->diagnostics)
      if (d.severity == Severity::error) errors.push_back(d);
  }
  sort_diagnostics(errors);
  return errors;
}

// What a reviewed apply of `plan` would write, one line per change as plan prints it.
std::vector<std::string> change_lines(const Plan& plan) {
  std::vector<std::string> lines;
  for (const auto& action : plan.actions) lines.push_back(describe_action(action));
  for (const auto& [symbol, text] : describe_access_changes(plan.access))
    lines.push_back(fmt::format("{} {}", symbol, text));
  for (const auto& [symbol, text] : schema_change_lines(plan.schemas))
    lines.push_back(fmt::format("{} {}", symbol, text));
  return lines;
}

std::string drift_words(const DriftReport& drift) {
  std::vector<std::string> words;
  for (const auto& topic : drift.drifted) {
    std::vector<std::string> reasons;
    for (auto reason : topic.reasons) reasons.push_back(drift_reason_name(reason));
    words.push_back(fmt::format("{} ({})", topic.topic, fmt::join(reasons, ", ")));
  }
  return fmt::format("{}", fmt::join(words, "; "));
}

// The lines an environment's new status deserves next to its last: a change of result or error,
// drift found, changed or gone. Nothing when all is as before.
void log_changes(const EnvironmentStatus& last, const EnvironmentStatus& now) {
  std::string label = fmt::format("environment '{}': ", now.environment);
  if (now.result == CycleResult::failed && (last.result != now.result || last.error != now.error))
    log_error(label + now.error);
  if (now.result != CycleResult::failed && last.result == CycleResult::failed && last.finished_ms)
    log_info(label + "the cluster answers again");
  if (!now.planned || (last.planned && last.drift.drifted == now.drift.drifted)) return;
  if (now.drift.drifted.empty()) {
    if (last.planned) log_info(label + "in sync again");
    return;
  }
  log_warn(fmt::format("{}{} topic(s) differ from Git: {}", label, now.drift.drifted.size(),
                       drift_words(now.drift)));
}

}  // namespace

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

ServeLoop::ServeLoop(ServeOptions options, std::optional<GitWorktree> worktree)
    : m_options(std::move(options)), m_worktree(std::move(worktree)) {
  m_status.source = m_worktree ? "git" : "disk";
  m_status.branch = m_worktree ? m_worktree->branch : "";
  m_status.started_ms = unix_ms();
  m_status.interval_ms = m_options.interval.ms;
  m_status.mode = m_options.mode;
}

// The role is the group's word now, not the last cycle's: a replica that lost the lead mid-cycle
// says so in /readyz and /metrics at once.
ServeStatus ServeLoop::status() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  ServeStatus copy = m_status;
  if (m_election) {
    copy.role = role();
    copy.election_trouble = m_election->trouble();
  }
  return copy;
}

// Milliseconds since `since`, for the debug lines that say where a cycle's time goes.
std::int64_t ms_since(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                               since)
      .count();
}

// Git: fetch and fast-forward, the commit checked out ("" when the fetch failed and no commit is
// known). Disk: "" (the digest of what is read names the revision).
std::string ServeLoop::refresh() {
  if (!m_worktree) return "";
  auto head = fetch_fast_forward(*m_worktree);
  std::lock_guard<std::mutex> lock(m_mutex);
  if (head) {
    if (!m_status.fetch_error.empty()) log_info("git: fetched again");
    m_status.fetch_error.clear();
    m_worktree->head = *head;
    return *head;
  }
  ++m_status.fetch_failures;
  if (m_status.fetch_error != head.error().message) log_error("git: " + head.error().message);
  m_status.fetch_error = head.error().message;
  return m_worktree->head;  // the working tree is still the one last fetched
}

// Takes `checked` as the desired state when it validates in every environment; otherwise keeps
// the last good one and remembers why, so each environment reports the revision invalid.
bool ServeLoop::take_revision(CheckedSet& checked, const std::string& revision) {
  std::string name = revision.empty() && !checked.empty()
                         ? "disk:" + digest_of(*checked.front()).substr(0, 12)
                         : revision.substr(0, 12);
  auto errors = errors_of(checked);
  if (!errors.empty()) {
    std::string why = fmt::format(
        "revision {} has {} error(s) in its manifests; {}", name, errors.size(),
        m_good.empty() ? "nothing is planned until one validates"
                       : "the last good revision " + m_good_revision + " stays desired");
    if (why != m_bad_why) {
      log_error(why);
      for (const auto& d : errors) log_error(diagnostic_line(d));
    }
    m_bad = std::move(errors);
    m_bad_why = std::move(why);
    return false;
  }
  if (name != m_good_revision) log_info(fmt::format("revision {} validated; planning it", name));
  m_good = std::move(checked);
  m_good_revision = name;
  m_bad.clear();
  m_bad_why.clear();
  return true;
}

// The live plan of `checked`; in apply mode, its automatic part written first and the cluster
// planned again, so the status tells what is left. `applied`: why the write failed, or "".
Result<LivePlan> ServeLoop::plan_and_apply(const CheckedProject& checked, std::string& applied) {
  PlanOptions request;
  request.connection = m_options.connection;
  std::string label = fmt::format("environment '{}': ", checked.environment.name);
  auto targets = checked_targets(checked, {});
  if (!targets) return targets.error();
  auto live = plan_live(checked, request, *targets, label);
  if (!live || m_options.mode != "apply" || !may_write()) return live;
  auto written = apply_automatic(checked, *live, m_options.connection);
  if (!written) {
    applied = written.error().message;
    return live;
  }
  if (!written->wrote) return live;
  log_info(fmt::format("{}applied {} change(s) to {}", label, written->changes,
                       fmt::join(written->topics, ", ")));
  // Planned again through the connections already open, so the status tells what is left.
  ClusterPorts ports{*live->admin, live->admin.get(), live->registry.get()};
  PlanRequest again{false, registry_skipped(m_options.connection), live->admin.get(), {}};
  auto planned = make_plan(desired_of(checked, &*targets), again, ports);
  if (!planned) return planned.error();
  live->planned = std::move(*planned);
  return live;
}

EnvironmentStatus ServeLoop::plan_environment(const CheckedProject& checked,
                                              const EnvironmentStatus& last) {
  EnvironmentStatus env = last;
  env.environment = checked.environment.name;
  std::string write_error;
  auto began = std::chrono::steady_clock::now();
  auto made = plan_and_apply(checked, write_error);
  std::int64_t plan_ms = ms_since(began);
  env.finished_ms = unix_ms();
  if (!made) {
    env.result = CycleResult::failed;
    env.error = made.error().message;
    if (m_options.check) env.health = unreachable_report(env.environment, env.error);
  } else {
    const Planned& planned = made->planned;
    env.result = !write_error.empty() ? CycleResult::failed
                 : m_bad_why.empty()  ? CycleResult::success
                                      : CycleResult::invalid;
    env.error = write_error.empty() ? m_bad_why : "apply: " + write_error;
    env.planned = true;
    env.revision = m_good_revision;
    env.cluster_id = planned.plan.cluster_id;
    env.drift = drift_of(checked.topics, planned.state, planned.plan);
    env.changes = change_lines(planned.plan);
    // check's layers through the cycle's own client (the registry's subjects are in the drift).
    if (m_options.check) {
      PhaseLog phase(*made->admin, fmt::format("environment '{}': ", env.environment));
      phase.begin("check");  // at debug, its requests and time, as the plan's phases
      env.health = check_planned(checked.topics, checked.environment, made->planned, *made->admin,
                                 *made->admin, m_options.connection.timeout.ms);
    }
    if (env.result == CycleResult::success) env.last_success_ms = env.finished_ms;
  }
  log_debug(fmt::format("environment '{}': connected, planned{} in {} ms", env.environment,
                        m_options.mode == "apply" ? " and written" : "", plan_ms));
  env.diagnostics = m_bad;
  ++env.cycles[env.result];
  log_changes(last, env);
  return env;
}

// Before any revision validated: each environment the newest one names (else each named by
// --env) reports it invalid, with no plan.
std::vector<EnvironmentStatus> ServeLoop::unplanned(const CheckedSet& checked,
                                                    const ServeStatus& before) const {
  std::vector<std::string> names;
  for (const auto& project : checked) names.push_back(project->environment.name);
  if (names.empty()) names = m_options.environments;
  if (names.empty()) names.push_back("default");
  std::vector<EnvironmentStatus> out;
  for (const auto& name : names) {
    EnvironmentStatus env;
    for (const auto& known : before.environments)
      if (known.environment == name) env = known;
    env.environment = name;
    env.result = CycleResult::invalid;
    env.error = m_bad_why;
    env.diagnostics = m_bad;
    env.finished_ms = unix_ms();
    ++env.cycles[env.result];
    out.push_back(std::move(env));
  }
  return out;
}

// The leader group on the first environment's cluster, joined once a revision validated (its
// connection comes from the settings); a failure is told in /readyz and tried again next cycle.
void ServeLoop::join_election() {
  if (m_options.leader_topic.empty() || m_election || m_good.empty()) return;
  auto kafka = kafka_options(m_options.connection, m_good.front()->environment);
  auto joined = kafka ? join_leader_group(*kafka, m_options.leader_topic)
                      : Result<std::unique_ptr<LeaderElection>>(kafka.error());
  if (!joined) {
    if (m_election_trouble != joined.error().message) log_error(joined.error().message);
    m_election_trouble = joined.error().message;
    return;
  }
  // status() reads the election from the server's thread.
  std::lock_guard<std::mutex> lock(m_mutex);
  m_election = std::move(*joined);
  m_election_trouble.clear();
}

std::string ServeLoop::role() const {
  if (m_options.leader_topic.empty()) return "";
  if (!m_election || !m_election->answered()) return "joining";
  return m_election->leads() ? "leader" : "standby";
}

// The role now, logged when it changed: each lead the group gives is told once, before anything
// is written under it, also when it was lost and given back between two looks.
std::string ServeLoop::note_role() {
  std::string now = role();
  std::uint64_t term = m_election ? m_election->terms() : 0;
  if (now == "leader" && term != m_term_logged) {
    log_info(fmt::format("leading: this replica writes (lead {} of this replica)", term));
    m_term_logged = term;
  } else if (now == "standby" && m_role_logged != "standby") {
    log_info("standing by: another replica leads");
  }
  m_role_logged = now;
  return now;
}

// Without an election this replica is the only one; with one, only a lead the coordinator
// confirms now lets it write (a replica that was stopped past its session must not).
bool ServeLoop::may_write() {
  if (m_options.leader_topic.empty()) return true;
  if (!m_election || note_role() != "leader") return false;
  if (m_election->confirm()) return true;
  log_warn(fmt::format("not writing: {}", m_election->trouble()));
  return false;
}

void ServeLoop::publish(std::vector<EnvironmentStatus> environments, std::int64_t started_ms) {
  std::string now = note_role();
  std::string trouble = m_election ? m_election->trouble() : m_election_trouble;
  std::lock_guard<std::mutex> lock(m_mutex);
  m_status.role = now;
  m_status.election_trouble = trouble;
  m_status.environments = std::move(environments);
  m_status.revision = m_good_revision;
  m_status.last_cycle_end_ms = unix_ms();
  m_status.last_cycle_seconds = static_cast<double>(m_status.last_cycle_end_ms - started_ms) / 1000;
  ++m_status.cycles;
}

void ServeLoop::cycle(const std::function<bool()>& stopping) {
  std::int64_t started = unix_ms();
  auto began = std::chrono::steady_clock::now();
  std::string revision = refresh();
  std::int64_t refresh_ms = ms_since(began);
  auto checked =
      load_and_check_each(m_options.paths, m_options.environments, m_options.settings, "");
  // Only at debug: status() copies every environment's drift just to count the cycle.
  if (log_enabled(LogLevel::debug))
    log_debug(fmt::format("cycle {}: refreshed in {} ms, validated in {} ms", status().cycles + 1,
                          refresh_ms, ms_since(began) - refresh_ms));
  if (checked) {
    take_revision(*checked, revision);
  } else {
    // The newest revision could not even be checked (`--env all` on settings that name no
    // environment): as invalid as one with errors.
    if (checked.error().message != m_bad_why) log_error(checked.error().message);
    m_bad_why = checked.error().message;
    m_bad.clear();
  }
  join_election();
  std::vector<EnvironmentStatus> found;
  ServeStatus before = status();
  for (std::size_t i = 0; i < m_good.size() && !stopping(); ++i) {
    EnvironmentStatus last;
    for (const auto& env : before.environments)
      if (env.environment == m_good[i]->environment.name) last = env;
    found.push_back(plan_environment(*m_good[i], last));
  }
  if (m_good.empty()) {
    static const CheckedSet kNone;
    found = unplanned(checked ? *checked : kNone, before);
  }
  publish(std::move(found), started);
}

}  // namespace topicform
