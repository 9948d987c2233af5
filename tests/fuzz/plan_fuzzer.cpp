// libFuzzer target: any manifest bytes, planned against a fixed cluster, rendered in every format,
// saved and read back: no crash, no exception, valid UTF-8 out, and the saved plan round-trips.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/plan/diff.hpp"
#include "core/rules/check.hpp"
#include "core/text/visible_text.hpp"
#include "docs/catalogue.hpp"
#include "docs/markdown_catalogue.hpp"
#include "fuzz_require.hpp"
#include "manifest/project_loader.hpp"
#include "render/diagnostics_render.hpp"
#include "render/plan_file.hpp"
#include "render/plan_render.hpp"

namespace {

using namespace topicform;

// A cluster with a little of everything a plan reads: configs, drift, readers, dead messages.
ClusterState fixed_cluster() {
  ClusterState state;
  state.cluster_id = "fuzz-cluster";
  state.brokers = 3;
  state.offsets_retention_ms = 7LL * 86'400'000;
  state.auto_create_topics = true;
  for (const char* name : {"orders.created", "orders.created.dead", "orders_paid", "a.b"}) {
    ClusterTopic topic{name, 3,    1, {{"retention.ms", "86400000"}, {"segment.ms", "1"}},
                       true, false};
    state.topics[name] = topic;
  }
  state.topics["orders.created"].configs["leader.replication.throttled.replicas"] = "*";
  state.readers["orders.created"] = {"billing-service"};
  state.undescribed_groups["audit-service"] = {"a.b"};
  state.dead_messages["orders.created.dead"] = 2;
  return state;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ClusterState cluster = fixed_cluster();
  Project project;
  load_manifest_text(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.yaml",
                     project);
  RuleSink sink(project.settings, project.diagnostics);
  Environment environment = select_environment(project.settings, "", sink);
  auto topics = check_topics(project.topics, project.settings, environment, sink);
  sort_diagnostics(project.diagnostics);
  ValidationSummary summary{1, topics.size(), environment.name};
  for (const std::string& out :
       {render_text(project.diagnostics, summary, true), render_json(project.diagnostics, summary),
        render_github(project.diagnostics, summary)}) {
    require(is_valid_utf8(out), "a diagnostics rendering is not valid UTF-8");
  }
  for (bool allow_delete : {false, true}) {
    Plan plan = diff(topics, cluster, {allow_delete, "", environment.name, &project.settings});
    for (const std::string& out : {render_plan_text(plan, true), render_plan_json(plan),
                                   render_plan_markdown(plan, 4096), render_plan_github(plan)}) {
      require(is_valid_utf8(out), "a plan rendering is not valid UTF-8");
    }
    auto saved = read_plan_file(write_plan_file(SavedPlan{plan, "digest", {"/p"}, {}}));
    // Locations are not saved; what an action would write is.
    require(saved.has_value() && saved->plan.actions.size() == plan.actions.size(),
            "a saved plan does not read back");
    for (std::size_t i = 0; i < plan.actions.size(); ++i) {
      require(describe_action(saved->plan.actions[i]) == describe_action(plan.actions[i]),
              "a saved action reads back as another");
    }
  }
  if (!has_errors(project.diagnostics)) {
    Catalogue catalogue = build_catalogue(topics, project.settings, environment);
    render_markdown_catalogue(catalogue);
  }
  return 0;
}
