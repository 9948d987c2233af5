// `topicform dead replay SOURCE`: the runbook's replay.py, exactly once. Dry run by default:
// what would go back, by cause; --execute writes it in transactions with the replay group's
// offsets, so a replay stopped anywhere and run again writes each message once.
#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/dead_reading.hpp"
#include "cli/operation_options.hpp"
#include "cli/plan_io.hpp"
#include "cli/progress.hpp"
#include "cli/terminal.hpp"
#include "cluster/replayer.hpp"
#include "core/model/units.hpp"
#include "core/operations/dead_topics.hpp"
#include "core/text/visible_text.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage = R"(Usage: topicform dead replay SOURCE [PATH...] [options]

Returns the messages of SOURCE.dead to SOURCE once the fix is deployed (runbook step 4): the
same key, the same value bytes, the message's own headers without the seven dead-* ones (a
second failure then carries one dead-error, not two), to the partition dead-origin-partition
names (else the one the key chooses, with librdkafka's partitioner, as the runbook's services).

It reads from the position of a replay group of its own (--group, never a service's group) to
the end the dead topic has when it starts, so messages that fail again are not replayed twice
in one run. Without --execute it only shows, by cause, what would be replayed.

With --execute it writes in transactions that commit the replay group's offsets with the
messages (exactly once for read_committed consumers): a replay killed at any moment and run
again writes each message to SOURCE once. The runbook's replay.py flushes, then commits: a
stop between the two replays those messages a second time.

It refuses a SOURCE the manifests do not manage or give no dead topic, and one missing on the
cluster: it never creates a topic.

Options)";

// TOPICFORM_REPLAY_HOLD_AFTER=N, a hook for the exactly-once test: hold the transaction after
// N committed ones open until killed.
std::int64_t hold_after_from_environment() {
  const char* value = std::getenv("TOPICFORM_REPLAY_HOLD_AFTER");
  auto parsed = value ? parse_integer(value) : std::nullopt;
  return parsed && *parsed >= 0 ? *parsed : -1;
}

Result<std::int32_t> existing_partitions(KafkaAdmin& admin, const std::string& topic) {
  auto count = admin.partition_count(topic);
  if (!count) return count.error();
  if (!*count) {
    return Error{
        fmt::format("topic '{}' does not exist on the cluster: a replay never creates a "
                    "topic; run 'topicform apply' first; nothing was written",
                    topic)};
  }
  return **count;
}

Result<ReplayJob> replay_job(const CheckedProject& checked, const ReplayOptions& options,
                             KafkaAdmin& admin) {
  auto dead = replay_dead_topic(checked.topics, options.source);
  if (!dead) return dead.error();
  if (auto refused = service_group_refusal(checked.topics, options.group)) return *refused;
  auto source_partitions = existing_partitions(admin, options.source);
  if (!source_partitions) return source_partitions.error();
  if (auto dead_partitions = existing_partitions(admin, *dead); !dead_partitions) {
    return dead_partitions.error();
  }
  ReplayJob job;
  job.source = options.source;
  job.dead = *dead;
  job.group = options.group;
  job.source_partitions = *source_partitions;
  job.messages_per_transaction = options.transaction_size;
  job.hold_after_transactions = hold_after_from_environment();
  return job;
}

int dry_run(DeadTopicReader& reader, const ReplayJob& job, const ReplayOptions& options) {
  auto triage = reader.triage(job.dead, job.group);
  if (!triage) return fail(triage.error().message);
  std::cout << render_triage_text({*triage}, use_colour(options.colour, STDOUT_FILENO));
  std::cout << fmt::format(
      "would replay {} message{} from {} to {} (replay group '{}'); nothing was written: run "
      "again with --execute once the fix is deployed\n",
      triage->messages, triage->messages == 1 ? "" : "s", visible(job.dead), visible(job.source),
      visible(job.group));
  return kExitOk;
}

}  // namespace

Parsed parse_replay(const std::vector<std::string>& args, ReplayOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help")("execute", po::bool_switch(&options.execute),
                                                    "write: without it nothing is written")(
      "group,g", po::value(&options.group)->default_value("topicform-replay"),
      "the replay's own consumer group, whose offsets record what was replayed")(
      "transaction-size", po::value(&options.transaction_size)->default_value(10'000),
      "messages per transaction (1 to 100000; a transaction also ends at 64 MiB)");
  add_environment_option(visible, options.environment);
  add_colour_option(visible, options.colour);
  add_settings_option(visible, options.settings);
  add_connection_options(visible, options.connection);
  bool no_operand = false;
  auto parsed = parse_arguments(
      args, visible, options.paths, "dead replay",
      "Examples:\n  topicform dead replay orders.created topics/            # what would go back\n"
      "  topicform dead replay orders.created topics/ --execute  # after the fix is deployed\n",
      &no_operand);
  if (parsed != Parsed::run) return parsed;
  if (no_operand) {
    fail("dead replay needs the SOURCE topic: topicform dead replay SOURCE [PATH...]");
    return Parsed::usage_error;
  }
  if (options.transaction_size < 1 || options.transaction_size > 100'000) {
    fail(
        fmt::format("--transaction-size {} is not between 1 and 100000", options.transaction_size));
    return Parsed::usage_error;
  }
  options.source = options.paths.front();
  options.paths.erase(options.paths.begin());
  if (options.paths.empty()) options.paths.push_back("topics");
  return parsed;
}

int run_dead_replay(const std::vector<std::string>& args) {
  ReplayOptions options;
  if (auto parsed = parse_replay(args, options); parsed != Parsed::run) return exit_code(parsed);
  auto checked = load_and_check(options.paths, options.environment, options.settings);
  if (!usable_after_report(*checked, options.colour)) {
    return fail("the manifests have errors; nothing was read or written");
  }
  auto reader = DeadTopicReader::connect(options.connection, checked->environment);
  if (!reader) return fail(reader.error().message);
  auto job = replay_job(*checked, options, reader->admin());
  if (!job) return fail(job.error().message);
  if (!options.execute) return dry_run(*reader, *job, options);
  ProgressLine progress(fmt::format("replaying {}", job->dead), 0);
  auto replayed = replay_dead_letters(reader->options(), *job,
                                      [&](std::int64_t done) { progress.update(done); });
  if (!replayed) return fail(replayed.error().message);
  std::cout << fmt::format("replayed {} message{} from {} to {} in {} transaction{}\n",
                           replayed->replayed, replayed->replayed == 1 ? "" : "s", job->dead,
                           job->source, replayed->transactions,
                           replayed->transactions == 1 ? "" : "s");
  return kExitOk;
}

}  // namespace topicform
