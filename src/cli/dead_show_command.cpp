// `topicform dead show`: the runbook's step 4 triage — each managed dead topic's messages grouped
// by dead-error — read as no group, so nobody's position moves; exit 1 when any holds messages.
#include <unistd.h>

#include <iostream>

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/dead_reading.hpp"
#include "cli/operation_options.hpp"
#include "cli/plan_io.hpp"
#include "cli/report_formats.hpp"
#include "cli/terminal.hpp"
#include "core/operations/dead_topics.hpp"
#include "render/dead_letters_render.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kUsage = R"(Usage: topicform dead show [PATH...] [options]

Reads each managed dead-letter topic (or those --topic names) to its end as it is at the start,
and groups its messages by the runbook's dead-error header: one cause on a hundred messages is
one defect. Each cause shows its count, the first and last dead-at, the consumer groups that
gave up (dead-consumer-group), the origin topic, partitions and offset range, the attempts and
a sample key; messages without a dead-error header are counted apart.

It reads as no consumer group (assigned partitions, nothing committed), so no service's or
replay's position moves. Memory grows with the distinct causes, not with the messages.

Exit status: 0 every dead topic shown is empty, 1 any holds messages or is missing, the cluster
cannot be read, errors in the manifests or bad usage.

Options)";

using Triage = std::vector<DeadTopicTriage>;

const ReportFormats<Triage> kFormats = {
    {"text",
     [](std::ostream& out, const Triage& shown, bool colour) {
       out << render_triage_text(shown, colour);
     },
     {}},
    {"json",
     [](std::ostream& out, const Triage& shown, bool) { out << render_triage_json(shown); },
     {}},
    {"markdown",
     [](std::ostream& out, const Triage& shown, bool) { out << render_triage_markdown(shown); },
     {}},
};

}  // namespace

Parsed parse_show(const std::vector<std::string>& args, ShowOptions& options) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help");
  add_format_option(visible, options.format, format_names(kFormats));
  visible.add_options()(
      "topic,t", po::value(&options.topics)->composing(),
      "a dead topic, or its source, to read (repeatable; default: every managed one)");
  add_environment_option(visible, options.environment);
  add_colour_option(visible, options.colour);
  add_settings_option(visible, options.settings);
  add_connection_options(visible, options.connection);
  auto parsed =
      parse_arguments(args, visible, options.paths, "dead show",
                      "Examples:\n  topicform dead show --bootstrap-server 127.0.0.1:9092 topics/\n"
                      "  topicform dead show --topic orders.created --format json topics/\n");
  return parsed;
}

int run_dead_show(const std::vector<std::string>& args) {
  ShowOptions options;
  if (auto parsed = parse_show(args, options); parsed != Parsed::run) return exit_code(parsed);
  auto checked = load_and_check(options.paths, options.environment, options.settings);
  if (!usable_after_report(*checked, options.colour)) {
    return fail("the manifests have errors; nothing was read");
  }
  auto names = dead_topics_to_show(checked->topics, options.topics);
  if (!names) return fail(names.error().message);
  auto reader = DeadTopicReader::connect(options.connection, checked->environment);
  if (!reader) return fail(reader.error().message);
  std::vector<DeadTopicTriage> shown;
  bool alarm = false;
  for (const auto& name : *names) {
    auto triage = reader->triage(name, "");
    if (!triage) return fail(triage.error().message);
    alarm = alarm || !triage->exists || triage->messages > 0;
    shown.push_back(std::move(*triage));
  }
  write_report(kFormats, options.format, shown, options.colour);
  return alarm ? kExitFailure : kExitOk;
}

}  // namespace topicform
