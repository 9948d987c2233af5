// Three views of one HealthReport; every list is in the report's order, so output is stable.
#include "render/health_render.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/text/visible_text.hpp"
#include "render/exposition.hpp"

namespace topicform {
namespace {

const char* verdict_name(Verdict v) {
  return v == Verdict::failing ? "failing" : v == Verdict::warning ? "warning" : "ok";
}

std::string tag(Verdict v, bool colour) {
  const char* text = v == Verdict::failing ? "[FAIL]" : v == Verdict::warning ? "[warn]" : "[ok]";
  if (!colour) return text;
  const char* code = v == Verdict::failing ? "31" : v == Verdict::warning ? "33" : "32";
  return fmt::format("\033[{}m{}\033[0m", code, text);
}

std::string counted(const std::string& layer, std::size_t n) {
  const char* noun = layer == "consumer-groups" ? "group on a topic"
                     : layer == "dead-letters"  ? "dead-letter topic"
                                                : "topic";
  if (n == 1) return fmt::format("1 {}", noun);
  std::string plural = layer == "consumer-groups" ? "groups on topics" : std::string(noun) + "s";
  return fmt::format("{} {}", n, plural);
}

// The layer's line: the cluster's one finding as it is; elsewhere what was checked and how many
// need attention (the findings follow, one per line).
std::string layer_line(const HealthLayer& layer, bool colour) {
  std::string head = fmt::format("{} {}", tag(layer.verdict(), colour), layer.name);
  if (layer.name == "cluster" && layer.findings.size() == 1) {
    return fmt::format("{}: {}\n", head, visible(layer.findings[0].message));
  }
  if (layer.findings.empty()) return head + ": nothing to check\n";
  std::size_t problems = 0;
  for (const auto& f : layer.findings) problems += f.verdict != Verdict::ok;
  if (problems == 0) {
    return fmt::format("{}: {} checked, all pass\n", head,
                       counted(layer.name, layer.findings.size()));
  }
  return fmt::format("{}: {} of {} need{} attention\n", head, problems,
                     counted(layer.name, layer.findings.size()), problems == 1 ? "s" : "");
}

}  // namespace

std::string render_health_text(const HealthReport& report, bool colour, bool verbose) {
  std::string out =
      fmt::format("topicform check for environment '{}'", visible(report.environment));
  if (!report.cluster_id.empty()) out += fmt::format(" (cluster {})", visible(report.cluster_id));
  const HealthLayer* failing = report.first_failing();
  out += failing ? fmt::format(": failing, first at the {} layer\n\n", failing->name)
                 : ": healthy\n\n";
  for (const auto& layer : report.layers) {
    if (!layer.checked) {
      out += fmt::format("[skip] {}: not checked\n", layer.name);
      continue;
    }
    out += layer_line(layer, colour);
    if (layer.name == "cluster" && layer.findings.size() == 1) continue;
    // Names come from the cluster too: a newline or tab in one is shown as \n or \t, never
    // written, so one finding stays one line.
    for (const auto& f : layer.findings) {
      if (f.verdict == Verdict::ok && !verbose) continue;
      out += fmt::format("    {} {}: {}\n", tag(f.verdict, colour), visible(f.subject),
                         visible(f.message));
    }
  }
  return out;
}

std::string render_health_json(const HealthReport& report) {
  nlohmann::ordered_json root;
  root["version"] = 1;
  root["environment"] = report.environment;
  root["clusterId"] = report.cluster_id;
  root["healthy"] = report.healthy();
  const HealthLayer* failing = report.first_failing();
  root["firstFailingLayer"] = failing ? nlohmann::ordered_json(failing->name) : nullptr;
  root["layers"] = nlohmann::ordered_json::array();
  for (const auto& layer : report.layers) {
    nlohmann::ordered_json l;
    l["name"] = layer.name;
    l["verdict"] = layer.checked ? verdict_name(layer.verdict()) : "skipped";
    l["findings"] = nlohmann::ordered_json::array();
    for (const auto& f : layer.findings) {
      l["findings"].push_back(
          {{"verdict", verdict_name(f.verdict)}, {"subject", f.subject}, {"message", f.message}});
    }
    root["layers"].push_back(l);
  }
  return root.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

namespace {

template <class Map>
void per_topic(Exposition& out, const std::string& name, const std::string& help, const Map& map,
               double scale = 1) {
  if (map.empty()) return;
  out.metric(name, help);
  for (const auto& [topic, value] : map)
    out.sample({{"topic", topic}}, static_cast<double>(value) * scale);
}

}  // namespace

std::string render_health_prometheus(const HealthReport& report) {
  Exposition out({{"environment", report.environment}});
  out.metric("topicform_check_healthy", "1 when every layer of topicform check passes.");
  out.sample({}, report.healthy() ? 1 : 0);
  out.metric("topicform_check_layer_healthy",
             "1 when the layer (cluster, topics, replication, consumer-groups, dead-letters) "
             "passes.");
  // A layer that was not checked is not healthy: 1 would tell a dashboard that it passed.
  for (const auto& layer : report.layers) {
    out.sample({{"layer", layer.name}}, layer.checked && layer.verdict() != Verdict::failing);
  }
  const HealthNumbers& n = report.numbers;
  per_topic(out, "topicform_topic_matches_manifest",
            "1 when the topic exists with its manifest's partitions, replication and configs.",
            n.matches);
  per_topic(out, "topicform_topic_partitions_under_replicated",
            "Partitions with fewer in-sync replicas than replicas.", n.under_replicated);
  per_topic(out, "topicform_topic_partitions_offline", "Partitions without a leader.", n.offline);
  if (!n.members.empty()) {
    out.metric("topicform_consumer_group_members", "Live members of a declared consumer group.");
    for (const auto& [group, members] : n.members) out.sample({{"group", group}}, members);
  }
  if (!n.lag.empty()) {
    out.metric("topicform_consumer_group_lag",
               "Messages a declared group has not read yet, summed over the topic's partitions.");
    for (const auto& [key, lag] : n.lag) {
      out.sample({{"group", key.first}, {"topic", key.second}}, static_cast<double>(lag));
    }
  }
  per_topic(out, "topicform_dead_letter_messages",
            "Messages held by a dead-letter topic (-1: could not be counted).", n.dead_messages);
  per_topic(out, "topicform_dead_letter_newest_message_timestamp_seconds",
            "When the newest message of a dead-letter topic was written.", n.dead_newest_ms, 0.001);
  return out.text();
}

}  // namespace topicform
