// serve's cycle: refresh the manifests (fetch and fast-forward, or read the disk again),
// validate, plan every environment named, and keep what it found for the endpoints and the log.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "cli/checked_project.hpp"
#include "cli/command_options.hpp"
#include "cli/plan_making.hpp"
#include "cluster/leader_election.hpp"
#include "core/operations/serve_status.hpp"
#include "manifest/git_sync.hpp"

namespace topicform {

class ServeLoop {
 public:
  // `worktree`: the repository the paths lie in, nullopt to read them from disk each cycle.
  ServeLoop(ServeOptions options, std::optional<GitWorktree> worktree);

  // One cycle; `stopping` is asked between environments, so a SIGTERM ends it early.
  void cycle(const std::function<bool()>& stopping);

  // A copy of what the last cycles found, for a page to render while the next runs.
  ServeStatus status() const;

 private:
  using CheckedSet = std::vector<std::unique_ptr<CheckedProject>>;

  std::string refresh();
  bool take_revision(CheckedSet& checked, const std::string& revision);
  Result<LivePlan> plan_and_apply(const CheckedProject& checked, std::string& applied);
  EnvironmentStatus plan_environment(const CheckedProject& checked, const EnvironmentStatus& last);
  std::vector<EnvironmentStatus> unplanned(const CheckedSet& checked,
                                           const ServeStatus& before) const;
  void publish(std::vector<EnvironmentStatus> environments, std::int64_t started_ms);
  void join_election();
  std::string role() const;
  std::string note_role();
  bool may_write();

  ServeOptions m_options;
  std::optional<GitWorktree> m_worktree;
  CheckedSet m_good;  // the last revision that validated: what is planned
  std::string m_good_revision;
  std::vector<Diagnostic> m_bad;  // the errors of the newest revision, when it did not validate
  std::string m_bad_why;
  // --leader-topic: joined after a good revision; set under m_mutex, as status() reads it.
  std::unique_ptr<LeaderElection> m_election;
  std::string m_election_trouble;   // why it could not be joined
  std::string m_role_logged;        // the role the log last told
  std::uint64_t m_term_logged = 0;  // and the lead it told, by its count
  mutable std::mutex m_mutex;
  ServeStatus m_status;
};

// Milliseconds since the Unix epoch.
std::int64_t unix_ms();

}  // namespace topicform
