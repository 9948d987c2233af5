// A subject apply has not yet published fails, since consumers that look the schema up by
// subject cannot start; a different latest version is drift, which apply would mend.
#include "core/operations/subject_health.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace topicform {
namespace {

HealthFinding subject_finding(const DeclaredSubject& declared, const SubjectState& state) {
  if (!state.exists) {
    std::string remedy = declared.desired != nullptr
                             ? "'topicform apply' registers the manifest's schema"
                             : "register it, or name the schema file in owner.schema";
    return HealthFinding{Verdict::failing, declared.topic,
                         fmt::format("schema subject '{}' is missing from the schema registry: {}",
                                     declared.subject, remedy)};
  }
  if (declared.desired != nullptr && !same_schema(*declared.desired, state.latest_schema)) {
    return HealthFinding{
        Verdict::warning, declared.topic,
        fmt::format("schema subject '{}': its latest version {} is not the manifest's schema "
                    "('topicform plan' shows the change)",
                    declared.subject, state.latest_version)};
  }
  return HealthFinding{Verdict::ok, declared.topic,
                       fmt::format("schema subject '{}' at version {} ({})", declared.subject,
                                   state.latest_version, state.level)};
}

}  // namespace

std::vector<HealthFinding> assess_subjects(const std::vector<DeclaredSubject>& declared,
                                           const std::vector<SubjectState>& states) {
  std::vector<HealthFinding> out;
  for (std::size_t i = 0; i < declared.size() && i < states.size(); ++i)
    out.push_back(subject_finding(declared[i], states[i]));
  return out;
}

void add_topic_findings(HealthReport& report, std::vector<HealthFinding> findings) {
  auto topics = std::find_if(report.layers.begin(), report.layers.end(),
                             [](const HealthLayer& layer) { return layer.name == "topics"; });
  if (topics == report.layers.end() || !topics->checked) return;
  for (auto& f : findings) topics->findings.push_back(std::move(f));
  std::stable_sort(topics->findings.begin(), topics->findings.end(),
                   [](const auto& x, const auto& y) { return x.verdict > y.verdict; });
}

}  // namespace topicform
