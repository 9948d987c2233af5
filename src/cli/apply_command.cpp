// `topicform apply`: plan, confirm, execute in order, wait until led, re-read, report.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "apply/apply.hpp"
#include "cli/arguments.hpp"
#include "cli/broker_wait.hpp"
#include "cli/checked_project.hpp"
#include "cli/cluster_connection.hpp"
#include "cli/commands.hpp"
#include "cli/live_delete_checks.hpp"
#include "cli/terminal.hpp"
#include "core/diff.hpp"
#include "core/fingerprint.hpp"
#include "render/diagnostics_render.hpp"
#include "render/plan_file.hpp"
#include "render/plan_render.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage = R"(Usage: topicform apply [PATH...] [options]

Plans (as `topicform plan`), shows the plan, asks for confirmation on a terminal, then executes
it in order: creates (each topic with its .dead topic, in one batch) -> partition increases ->
config changes -> deletes. Returns once every created topic has a leader for each partition,
then reads the cluster again and reports anything left to change. Anything blocked: nothing is
written. Safe to re-run: a converged cluster gets no writes.

As a Compose init container (or any one-shot job before consumers start):
  topicform apply --auto-approve --wait-for-brokers --timeout 2m /topics
waits until the cluster answers and enough brokers are registered (by default the highest
replication factor in the manifests), then applies; on a converged cluster it writes nothing.

Exit status: 0 the cluster matches the manifests, 1 otherwise (errors, blocked, failed, brokers
not ready in time); the reason is the last line on stderr.

Options)";

struct ApplyOptions {
  std::vector<std::string> paths;
  std::string environment;
  std::string colour = "auto";
  ConnectionOptions connection;
  std::string plan_file;
  bool auto_approve = false;
  bool allow_delete = false;
  int wait_seconds = 60;
  std::int64_t wait_for_brokers = -1;  // -1: do not wait; 0: the highest replication factor
  bool stats = false;
};

constexpr int kRetries = 2;

int fail(const std::string& message) {
  std::cerr << fmt::format("topicform: error: {}\n", message);
  return kExitFailure;
}

// A saved plan runs only against the cluster state it was made from.
Result<Plan> load_saved_plan(const std::string& path, KafkaAdmin& admin) {
  std::ifstream in(path);
  if (!in) return Error{fmt::format("cannot read plan '{}'", path)};
  std::stringstream buffer;
  buffer << in.rdbuf();
  auto saved = read_plan_file(buffer.str());
  if (!saved) return Error{fmt::format("plan '{}': {}", path, saved.error().message)};
  std::vector<std::string> touched;
  for (const auto& [topic, seen] : saved->fingerprints) touched.push_back(topic);
  auto state = admin.read(touched);
  if (!state) return state.error();
  if (state->cluster_id != saved->plan.cluster_id) {
    return Error{
        fmt::format("the plan is stale: it was made for cluster '{}', this is '{}'; "
                    "nothing was applied",
                    saved->plan.cluster_id, state->cluster_id)};
  }
  for (const auto& [topic, seen] : saved->fingerprints) {
    std::string now = topic_fingerprint(*state, topic);
    if (now != seen) {
      return Error{
          fmt::format("the plan is stale: '{}' was '{}' when planned and is '{}' now; "
                      "plan again; nothing was applied",
                      topic, seen, now)};
    }
  }
  return saved->plan;
}

bool confirmed(const Plan& plan) {
  std::cerr << fmt::format("Apply these changes to cluster {}? Only 'yes' is accepted: ",
                           plan.cluster_id);
  std::string answer;
  std::getline(std::cin, answer);
  return answer == "yes";
}

std::string status_line(const ApplyReport& report) {
  return fmt::format("{} applied, {} failed, {} not attempted", report.count(ActionStatus::applied),
                     report.count(ActionStatus::failed), report.count(ActionStatus::not_attempted));
}

}  // namespace

int run_apply(const std::vector<std::string>& args) {
  ApplyOptions options;
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help")("env,e", po::value(&options.environment),
                                                    "environment from the settings")(
      "plan", po::value(&options.plan_file),
      "execute a plan saved by 'plan --out FILE', only if the cluster still matches what it saw")(
      "auto-approve", po::bool_switch(&options.auto_approve),
      "apply without asking (required when there is no terminal)")(
      "allow-delete", po::bool_switch(&options.allow_delete),
      "delete topics whose manifest says `deleted: true`")(
      "wait", po::value(&options.wait_seconds)->default_value(60),
      "seconds to wait for created topics to have leaders")(
      "wait-for-brokers",
      po::value(&options.wait_for_brokers)->value_name("N")->implicit_value(0, "highest RF"),
      "first wait (up to --timeout) until the cluster answers with at least N brokers; N "
      "defaults to the highest replication factor in the manifests")(
      "stats", po::bool_switch(&options.stats),
      "print the number of admin requests sent, on stderr")(
      "color", po::value(&options.colour)->default_value("auto"), "auto, always or never");
  add_connection_options(visible, options.connection);
  if (auto parsed = parse_arguments(
          args, visible, options.paths, "apply",
          "Example:\n  topicform apply --auto-approve --bootstrap-server 127.0.0.1:9092 topics/\n");
      parsed != Parsed::run) {
    return exit_code(parsed);
  }

  auto checked = load_and_check(options.paths, options.environment);
  if (!usable_after_report(*checked, options.colour))
    return fail("the manifests have errors; nothing was applied");
  auto admin = connect_kafka(options.connection, checked->environment);
  if (!admin) return fail(admin.error().message);
  auto print_stats = [&] {
    if (options.stats) std::cerr << format_request_counts((*admin)->requests(), "writes") << "\n";
  };
  if (options.wait_for_brokers >= 0) {
    std::int64_t wanted = options.wait_for_brokers;
    if (wanted == 0) {  // not given: enough brokers for the widest replication asked for
      for (const auto& topic : checked->topics) {
        wanted = std::max(wanted, topic.replication_factor.value);
      }
    }
    auto ready = wait_for_brokers(**admin, std::max<std::int64_t>(wanted, 1),
                                  *timeout_ms(options.connection));
    if (!ready) return fail(ready.error().message);
  }
  std::vector<std::string> managed;
  for (const auto& topic : checked->topics) managed.push_back(topic.name);
  DiffOptions diff_options{options.allow_delete, checked->environment.cluster_id,
                           checked->environment.name};

  auto plan_now = [&]() -> Result<Plan> {
    auto state = (*admin)->read(managed);
    if (!state) return state.error();
    Plan fresh = diff(checked->topics, *state, diff_options);
    if (auto checked_live = check_deletes_live(fresh, **admin); !checked_live) {
      return checked_live.error();
    }
    return fresh;
  };
  Plan plan;
  if (options.plan_file.empty()) {
    auto fresh = plan_now();
    if (!fresh) return fail(fresh.error().message);
    plan = std::move(*fresh);
  } else {
    auto saved = load_saved_plan(options.plan_file, **admin);
    if (!saved) return fail(saved.error().message);
    plan = std::move(*saved);
  }
  std::cout << render_plan_text(plan, use_colour(options.colour, STDOUT_FILENO));
  std::cout.flush();
  if (plan.is_blocked()) return fail("the plan has blocked changes; nothing was applied");
  if (!plan.has_changes()) {
    print_stats();
    return kExitOk;
  }
  if (!options.auto_approve) {
    if (isatty(STDIN_FILENO) != 1) {
      return fail("no terminal to confirm on: run with --auto-approve to apply without asking");
    }
    if (!confirmed(plan)) return fail("not confirmed; nothing was applied");
  }
  // The broker checks every change first (validate_only), so a missing ACL or a broker policy
  // refusing one topic stops the run before anything is written, not halfway through.
  auto refused = validate_plan(plan, **admin);
  if (!refused) return fail(refused.error().message);
  if (!refused->empty()) {
    for (const auto& r : *refused) std::cerr << fmt::format("  refused {}: {}\n", r.topic, r.error);
    return fail(fmt::format("the cluster refuses {} change(s), e.g. '{}': {}; nothing was applied",
                            refused->size(), refused->front().topic, refused->front().error));
  }
  auto progress = [](const std::string& line) { std::cerr << line << "\n"; };
  ApplyReport report = apply_plan(plan, **admin, progress, options.wait_seconds * 1000);
  // A request that failed as a whole (timeout, lost connection) may have been carried out
  // anyway: read the cluster again and apply only what is still missing, a bounded number of
  // times. A saved plan is never re-planned.
  for (int retry = 1; !report.succeeded() && !report.error.empty() && retry <= kRetries &&
                      options.plan_file.empty();
       ++retry) {
    std::cerr << fmt::format("apply: {}; reading the cluster again and retrying ({}/{})\n",
                             report.error, retry, kRetries);
    std::this_thread::sleep_for(std::chrono::seconds(retry));
    auto fresh = plan_now();
    if (!fresh) continue;  // still unreachable: the report keeps the first failure
    if (fresh->is_blocked()) return fail("the plan has blocked changes after a retry");
    if (!fresh->has_changes()) {
      report = ApplyReport{};
      break;
    }
    report = apply_plan(*fresh, **admin, progress, options.wait_seconds * 1000);
  }
  if (!report.succeeded()) {
    return fail(fmt::format("apply stopped: {}{}; re-run to continue",
                            report.error.empty() ? "" : report.error + "; ", status_line(report)));
  }
  // Read back: converged only when a new plan is empty. Brokers show changes a little after they
  // accept them, so a difference is re-read for a few seconds before it counts.
  Plan remaining;
  for (int attempt = 0;; ++attempt) {
    auto after = (*admin)->read(managed);
    if (!after) return fail(after.error().message);
    remaining = diff(checked->topics, *after, diff_options);
    if ((!remaining.has_changes() && !remaining.is_blocked()) || attempt == 20) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  if (remaining.has_changes() || remaining.is_blocked()) {
    std::cerr << render_plan_text(remaining, false);
    return fail(fmt::format("applied ({}), but the cluster still differs", status_line(report)));
  }
  print_stats();
  std::cerr << fmt::format("Apply complete: {}. The cluster matches the manifests.\n",
                           status_line(report));
  return kExitOk;
}

}  // namespace topicform
