// `topicform serve`: the reconciler that keeps running — a cycle every interval (or at once on
// SIGUSR1), the endpoints on one port, a clean exit on SIGTERM or SIGINT.
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/command_options.hpp"
#include "cli/commands.hpp"
#include "cli/environment_fanout.hpp"
#include "cli/plan_io.hpp"
#include "cli/serve_loop.hpp"
#include "cli/serve_routes.hpp"
#include "core/plan/environment_runs.hpp"
#include "core/text/env_references.hpp"
#include "http/http_server.hpp"
#include "log/log.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage = R"(Usage: topicform serve [PATH...] [options]

Keeps running: every --interval it brings the manifests up to date (in a Git repository, git
fetch and a fast-forward of the branch; elsewhere, such as a mounted ConfigMap, the files are
read again), validates them, plans every environment named and reports how the cluster differs.
A revision that does not validate is reported and not planned: the last good one stays desired.
--mode report (the default) never writes. --mode apply writes what the safety contract allows
without a person: creates, partition growth, config changes that destroy nothing, ACLs, schema
versions and levels (a change outside Git of that kind is reverted). A topic with any change
that waits for a person (blocked, a lower retention, another cleanup.policy, a delete, a new
replication factor) gets none of its changes, which /status lists for a reviewed apply; a
blocked change about the whole cluster (another cluster id) stops every write. Run one replica
in apply mode, or several with --leader-topic: they elect one leader through a Kafka consumer
group on that topic (on the first environment's cluster); only the leader writes, after the
group's coordinator confirms its lead just before each write, and the others plan and report.
When the leader stops, another takes over within the session timeout (10 s; -X
session.timeout.ms=...), at once when it exits cleanly.

It logs a line when something changes (drift found or gone, a revision taken, a failure), not
every cycle. SIGUSR1 starts a cycle at once; SIGTERM or SIGINT ends it (exit 0).

One port (--listen, loopback by default) answers:
  /metrics   Prometheus text: topicform_topic_in_sync{environment,topic,reason} and counts by
             reason, topicform_cycles_total{environment,result}, the cycle's duration, the last
             successful cycle, topicform_git_revision_info, git fetch failures; with
             --leader-topic topicform_leader (1 on the replica that leads); with --check
             also check's gauges (topicform_check_healthy, topicform_consumer_group_lag,
             topicform_dead_letter_messages, ...), as 'topicform check --format prometheus'
  /healthz   200 while a cycle ended within three intervals (a liveness probe)
  /readyz    200 once the first cycle ended (a readiness probe, a Compose healthcheck); with
             --leader-topic once the group gave this replica its role, "ready: leader" or
             "ready: standby"
  /status    the last cycle per environment as JSON: revision, drift, the changes waiting
  /          the same as one small HTML page
  /hooks/github, /hooks/gitlab
             POST: with --webhook-secret, a push webhook signed with it starts a cycle at once;
             a bad or missing signature is 401 and changes nothing

Exit codes: 0 stopped by a signal; 1 it could not start (a usage error, a port taken).

Options)";

Parsed parse_listen(const std::string& listen, std::string& address, int& port) {
  auto colon = listen.rfind(':');
  if (colon == std::string::npos || colon + 1 == listen.size()) return Parsed::usage_error;
  address = listen.substr(0, colon);
  if (address.size() > 1 && address.front() == '[' && address.back() == ']')
    address = address.substr(1, address.size() - 2);
  char* end = nullptr;
  long value = std::strtol(listen.c_str() + colon + 1, &end, 10);
  if (*end != '\0' || value < 0 || value > 65535) return Parsed::usage_error;
  port = static_cast<int>(value);
  return Parsed::run;
}

// What is wrong with options that parsed, or "".
std::string usage_problem(const ServeOptions& options) {
  std::string address;
  int port = 0;
  if (options.mode != "report" && options.mode != "apply")
    return fmt::format("--mode '{}': use report or apply", options.mode);
  if (options.interval.ms < 1000) return "--interval must be at least 1s";
  if (!options.webhook_secret.empty() && !is_env_reference(options.webhook_secret))
    return "--webhook-secret: give '${env:NAME}', the variable that holds it, never the secret";
  if (parse_listen(options.listen, address, port) != Parsed::run)
    return fmt::format("--listen '{}': give ADDRESS:PORT, such as 127.0.0.1:9780", options.listen);
  return "";
}

}  // namespace

Parsed parse_serve(const std::vector<std::string>& args, ServeOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help");
  add_environments_option(visible, options.environments,
                          "environment from the settings; repeat it, or say 'all', to keep "
                          "several (each reaches its own bootstrapServers)");
  visible.add_options()("interval",
                        po::value(&options.interval)
                            ->default_value(DurationMs{120'000}, "2m")
                            ->value_name("DURATION"),
                        "time between the end of a cycle and the start of the next")(
      "listen", po::value(&options.listen)->default_value(options.listen)->value_name("ADDR:PORT"),
      "where the endpoints answer; 0.0.0.0:9780 in a container")(
      "git-branch", po::value(&options.git_branch)->value_name("BRANCH"),
      "the branch to follow (default: the one checked out, which it must be)")(
      "mode", po::value(&options.mode)->default_value(options.mode)->value_name("MODE"),
      "report: plan and report, never write; apply: also write what needs no person "
      "(creates, partition growth, configs that destroy nothing, ACLs, schema versions)")(
      "webhook-secret", po::value(&options.webhook_secret)->value_name("'${env:NAME}'"),
      "the secret GitHub signs and GitLab sends webhooks with, from an environment variable; "
      "without it the /hooks paths are off")(
      "leader-topic", po::value(&options.leader_topic)->value_name("TOPIC"),
      "run several replicas: they join the consumer group TOPIC on this topic (it must exist, "
      "one partition) and only the one holding partition 0 writes in apply mode")(
      "check", po::bool_switch(&options.check),
      "also run check's layers each cycle (replication, consumer groups and their lag, dead "
      "letters) and add its gauges to /metrics");
  add_colour_option(visible, options.colour);
  add_settings_option(visible, options.settings);
  add_connection_options(visible, options.connection);
  add_registry_option(visible, options.connection);
  auto parsed = parse_arguments(args, visible, options.paths, "serve",
                                "Examples:\n  topicform serve --env prod --interval 2m topics/\n"
                                "  topicform serve --env all --listen 0.0.0.0:9780 topics/\n");
  if (parsed != Parsed::run) return parsed;
  std::string wrong = usage_problem(options);
  if (wrong.empty()) return Parsed::run;
  log_error(wrong + "\nsee 'topicform serve --help'");
  return Parsed::usage_error;
}

namespace {

// The signals serve answers, blocked in every thread (so librdkafka's and the server's threads,
// started after, never take them) and taken by the main loop alone with sigtimedwait.
sigset_t serve_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int signal : {SIGTERM, SIGINT, SIGUSR1}) sigaddset(&set, signal);
  return set;
}

bool stop_pending() {
  sigset_t pending;
  sigpending(&pending);
  return sigismember(&pending, SIGTERM) == 1 || sigismember(&pending, SIGINT) == 1;
}

// Waits up to `ms` for a signal: true to stop, false to run the next cycle (time up, SIGUSR1).
bool wait_for_next(const sigset_t& signals, int ms) {
  timespec wait{ms / 1000, static_cast<long>(ms % 1000) * 1'000'000};
  for (;;) {
    int taken = sigtimedwait(&signals, nullptr, &wait);
    if (taken == SIGTERM || taken == SIGINT) return true;
    if (taken == SIGUSR1 || (taken < 0 && errno == EAGAIN)) return false;
  }
}

// A path missing at start is a typo, not a revision that does not validate yet: a mounted
// ConfigMap or volume is there before the process starts.
Result<bool> paths_exist(const std::vector<std::string>& paths) {
  for (const auto& path : paths) {
    std::error_code error;
    if (!std::filesystem::exists(path, error))
      return Error{
          fmt::format("'{}': no such file or folder; serve reads the manifests from there "
                      "each cycle, so name a folder that holds them",
                      path)};
  }
  return true;
}

int serve(ServeOptions& options, const sigset_t& signals) {
  if (auto there = paths_exist(options.paths); !there) return fail(there.error().message);
  auto worktree = find_worktree(options.paths.front(), options.git_branch);
  if (!worktree) return fail(worktree.error().message);
  ServeLoop loop(options, *worktree);
  std::string address;
  int port = 0;
  parse_listen(options.listen, address, port);
  auto secret = expand_env_references(options.webhook_secret, "--webhook-secret");
  if (!secret) return fail(secret.error().message);
  // The signal the main loop waits for: a webhook starts the next cycle as SIGUSR1 does.
  WebhookGate hooks{*secret, [] { kill(getpid(), SIGUSR1); }};
  auto server = start_http_server(address, port, [&loop, &hooks](const HttpRequest& request) {
    return serve_route(request, loop.status(), unix_ms(), hooks);
  });
  if (!server) return fail(server.error().message);
  log_info(
      fmt::format("serving http://{}:{}/ (metrics, healthz, readyz, status); {} read from {}, "
                  "mode {}, a cycle every {} s",
                  address.find(':') == std::string::npos ? address : "[" + address + "]",
                  (*server)->port(), options.paths.size() == 1 ? options.paths[0] : "the paths",
                  *worktree ? "git branch " + (*worktree)->branch : std::string("disk"),
                  options.mode, options.interval.ms / 1000));
  bool stopping = false;
  while (!stopping) {
    loop.cycle(stop_pending);
    stopping = stop_pending() || wait_for_next(signals, options.interval.ms);
  }
  (*server)->stop();
  log_info("stopped");
  return kExitOk;
}

}  // namespace

int run_serve(const std::vector<std::string>& args) {
  ServeOptions options;
  if (auto parsed = parse_serve(args, options); parsed != Parsed::run) return exit_code(parsed);
  if (reports_per_environment(options.environments)) {
    if (auto own = use_each_environments_cluster(options.connection); !own)
      return fail(own.error().message);
  }
  // git must never wait at a prompt for credentials nobody will type.
  setenv("GIT_TERMINAL_PROMPT", "0", 1);
  sigset_t signals = serve_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  return serve(options, signals);
}

}  // namespace topicform
