// drift_of() by reason from real diffs of hand-made clusters, and serve's metrics, status and
// routes rendered exactly.
#include "core/operations/drift.hpp"

#include <algorithm>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/serve_routes.hpp"
#include "core/plan/diff.hpp"
#include "render/environment_reports_render.hpp"
#include "render/serve_render.hpp"
#include "unit/plan_fixture.hpp"

namespace topicform {
namespace {

const ClusterTopic kOrders{"", 2, 1, {{"retention.ms", "604800000"}}, true, false};

struct Drifted {
  std::unique_ptr<Manifests> manifests = desired(topic("orders.created", 2));
  ClusterState state =
      cluster({{"orders.created", kOrders}, {"orders.created.dead", derived_dead_topic()}});

  DriftReport report() const {
    Plan plan = diff(manifests->topics, state, {});
    return drift_of(manifests->topics, state, plan);
  }
};

std::vector<DriftReason> reasons_of(const DriftReport& report, const std::string& topic) {
  for (const auto& d : report.drifted)
    if (d.topic == topic) return d.reasons;
  return {};
}

TEST(Drift, ATopicAsItsManifestSaysIsInSync) {
  Drifted d;
  auto report = d.report();
  EXPECT_EQ(report.in_sync, (std::vector<std::string>{"orders.created", "orders.created.dead"}));
  EXPECT_TRUE(report.drifted.empty());
  EXPECT_TRUE(report.waiting.empty());
}

TEST(Drift, EachDifferenceHasItsReasonOnce) {
  Drifted d;
  d.state.topics["orders.created"].configs["retention.ms"] = "1000";
  d.state.topics["orders.created"].partitions = 3;
  d.state.topics["orders.created"].replication_factor = 2;
  d.state.topics.erase("orders.created.dead");
  d.state.topics["legacy.audit"] = {"legacy.audit", 1, 1, {}, false, false};
  auto report = d.report();
  EXPECT_EQ(reasons_of(report, "orders.created"),
            (std::vector<DriftReason>{DriftReason::config, DriftReason::partitions,
                                      DriftReason::replication}));
  EXPECT_EQ(reasons_of(report, "orders.created.dead"),
            std::vector<DriftReason>{DriftReason::missing});
  EXPECT_EQ(reasons_of(report, "legacy.audit"), std::vector<DriftReason>{DriftReason::unmanaged});
  EXPECT_EQ(report.count(DriftReason::missing), 1u);
  EXPECT_TRUE(report.in_sync.empty());
  // Fewer partitions and another replication factor are blocked: both wait for a person.
  ASSERT_EQ(report.waiting.size(), 2u);
  EXPECT_NE(report.waiting[0].find("[replication/change]"), std::string::npos) << report.waiting[0];
  EXPECT_NE(report.waiting[1].find("[partitions/only-grow]"), std::string::npos)
      << report.waiting[1];
}

TEST(Drift, AReplicationFactorNoRuleBlocksStillWaitsForAReassignment) {
  Drifted d;
  d.state.topics["orders.created"].replication_factor = 2;
  auto report = drift_of(d.manifests->topics, d.state, Plan{});
  EXPECT_EQ(reasons_of(report, "orders.created"),
            std::vector<DriftReason>{DriftReason::replication});
  EXPECT_EQ(report.waiting,
            std::vector<std::string>{"reassign orders.created replicationFactor 2 -> 1"});
}

TEST(Drift, ATopicGitDeletesThatStaysIsDeletedAndWaits) {
  Drifted d;
  d.manifests = desired(topic("orders.created", 2, "none", "  deleted: true\n"));
  auto report = d.report();
  EXPECT_EQ(reasons_of(report, "orders.created"), std::vector<DriftReason>{DriftReason::deleted});
  EXPECT_NE(std::find(report.waiting.begin(), report.waiting.end(), "delete orders.created"),
            report.waiting.end());
}

TEST(AutomaticTopics, OnlyTopicsWhoseEveryChangeNeedsNoPerson) {
  Drifted d;
  d.manifests =
      desired(topic("a.made", 2) + topic("b.made", 2) + topic("c.made", 2) + topic("d.made", 2));
  d.state = cluster({{"b.made", kOrders},
                     {"b.made.dead", derived_dead_topic()},
                     {"c.made", kOrders},
                     {"c.made.dead", derived_dead_topic()},
                     {"d.made", kOrders},
                     {"d.made.dead", derived_dead_topic()}});
  d.state.topics["b.made"].configs["retention.ms"] = "1000";        // raised back: destroys nothing
  d.state.topics["c.made"].configs["retention.ms"] = "2592000000";  // lowered: deletes data
  d.state.topics["d.made"].partitions = 3;                          // shrinking is blocked
  Plan plan = diff(d.manifests->topics, d.state, {});
  auto topics = automatic_topics(plan);
  ASSERT_TRUE(topics.has_value());
  EXPECT_EQ(*topics, (std::vector<std::string>{"a.made", "a.made.dead", "b.made"}));
}

TEST(AutomaticTopics, ABlockedChangeAboutTheClusterStopsEveryWrite) {
  Plan plan;
  plan.actions.push_back(CreateTopic{"a.made", 1, 1, {}, "", {}});
  plan.blocked.push_back(BlockedChange{"", "cluster/id", "another cluster", {}});
  EXPECT_FALSE(automatic_topics(plan).has_value());
  plan.blocked.clear();
  EXPECT_EQ(automatic_topics(plan), (std::vector<std::string>{"a.made"}));
}

ServeStatus status_with(const DriftReport& drift) {
  ServeStatus status;
  status.source = "git";
  status.revision = "0123456789ab";
  status.started_ms = 1'000'000;
  status.interval_ms = 120'000;
  status.cycles = 3;
  status.last_cycle_end_ms = 1'500'000;
  status.last_cycle_seconds = 0.25;
  EnvironmentStatus env;
  env.environment = "prod";
  env.planned = true;
  env.drift = drift;
  env.cycles[CycleResult::success] = 2;
  env.cycles[CycleResult::failed] = 1;
  env.last_success_ms = 1'500'000;
  status.environments.push_back(env);
  return status;
}

TEST(ServeRender, MetricsNameEveryReasonAndCount) {
  DriftReport drift;
  drift.in_sync = {"a"};
  drift.drifted = {{"b", {DriftReason::config, DriftReason::partitions}},
                   {"x\"y", {DriftReason::unmanaged}}};
  std::string text = render_serve_metrics(status_with(drift));
  for (const char* line :
       {"topicform_topic_in_sync{environment=\"prod\",topic=\"a\",reason=\"none\"} 1\n",
        "topicform_topic_in_sync{environment=\"prod\",topic=\"b\",reason=\"config\"} 0\n",
        "topicform_topic_in_sync{environment=\"prod\",topic=\"b\",reason=\"partitions\"} 0\n",
        "topicform_topic_in_sync{environment=\"prod\",topic=\"x\\\"y\",reason=\"unmanaged\"} 0\n",
        "topicform_topics_out_of_sync{environment=\"prod\",reason=\"missing\"} 0\n",
        "topicform_topics_out_of_sync{environment=\"prod\",reason=\"config\"} 1\n",
        "topicform_topics_managed{environment=\"prod\"} 2\n",
        "# TYPE topicform_cycles_total counter\n",
        "topicform_cycles_total{environment=\"prod\",result=\"success\"} 2\n",
        "topicform_cycles_total{environment=\"prod\",result=\"invalid\"} 0\n",
        "topicform_cycles_total{environment=\"prod\",result=\"failed\"} 1\n",
        "topicform_last_successful_cycle_timestamp_seconds{environment=\"prod\"} 1500\n",
        "topicform_cycle_duration_seconds 0.25\n",
        "topicform_git_revision_info{revision=\"0123456789ab\"} 1\n",
        "topicform_git_fetch_failures_total 0\n"}) {
    EXPECT_NE(text.find(line), std::string::npos) << line << "\nin\n" << text;
  }
}

TEST(ServeRender, CheckedEnvironmentsAddChecksGaugesAndVerdict) {
  ServeStatus status = status_with({});
  std::string unchecked = render_serve_metrics(status);
  EXPECT_EQ(unchecked.find("topicform_check_healthy"), std::string::npos);
  EXPECT_EQ(render_serve_status_json(status).find("\"check\""), std::string::npos);
  status.environments[0].health = unreachable_report("prod", "no broker answered");
  std::string text = render_serve_metrics(status);
  EXPECT_EQ(text.substr(0, unchecked.size()), unchecked);  // serve's own first, unchanged
  EXPECT_EQ(text.substr(unchecked.size()),
            render_healths_prometheus({*status.environments[0].health}));
  EXPECT_NE(text.find("topicform_check_healthy{environment=\"prod\"} 0\n"), std::string::npos);
  auto json = nlohmann::json::parse(render_serve_status_json(status));
  EXPECT_EQ(json["environments"][0]["check"],
            nlohmann::json({{"healthy", false}, {"firstFailingLayer", "cluster"}}));
}

TEST(ServeRoutes, EachPathAnswersAndOthersDoNot) {
  ServeStatus status = status_with({});
  auto get = [&](const std::string& target, std::int64_t now = 1'600'000) {
    return serve_route(HttpRequest{"GET", target, {}, ""}, status, now, {});
  };
  EXPECT_EQ(get("/metrics").status, 200);
  EXPECT_EQ(get("/metrics").content_type, "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_EQ(get("/status?pretty").content_type, "application/json");
  EXPECT_EQ(get("/").content_type, "text/html; charset=utf-8");
  EXPECT_EQ(get("/readyz").body, "ready\n");
  EXPECT_EQ(get("/healthz").status, 200);
  // Three intervals after the last cycle ended the loop counts as stuck.
  EXPECT_EQ(get("/healthz", 1'500'000 + 3 * 120'000).status, 200);
  EXPECT_EQ(get("/healthz", 1'500'001 + 3 * 120'000).status, 503);
  EXPECT_EQ(get("/nothing").status, 404);
  EXPECT_EQ(serve_route(HttpRequest{"POST", "/metrics", {}, ""}, status, 0, {}).status, 405);
  status.cycles = 0;
  EXPECT_EQ(get("/readyz").status, 503);
}

TEST(ServeRoutes, WithAnElectionReadinessWaitsForTheRoleAndTellsIt) {
  ServeStatus status = status_with({});
  auto readyz = [&] { return serve_route(HttpRequest{"GET", "/readyz", {}, ""}, status, 0, {}); };
  EXPECT_EQ(render_serve_metrics(status).find("topicform_leader"), std::string::npos);
  status.role = "joining";
  status.election_trouble = "leader group 'ops.lead': Broker: Unknown topic or partition";
  EXPECT_EQ(readyz().status, 503);
  EXPECT_EQ(readyz().body,
            "the leader group has not given this replica a role yet: leader group 'ops.lead': "
            "Broker: Unknown topic or partition\n");
  EXPECT_NE(render_serve_metrics(status).find("\ntopicform_leader 0\n"), std::string::npos);
  status.role = "standby";
  EXPECT_EQ(readyz().body, "ready: standby\n");
  status.role = "leader";
  EXPECT_EQ(readyz().body, "ready: leader\n");
  EXPECT_NE(render_serve_metrics(status).find("\ntopicform_leader 1\n"), std::string::npos);
  auto json = nlohmann::json::parse(render_serve_status_json(status));
  EXPECT_EQ(json["role"], "leader");
}

TEST(ServeRoutes, OnlyASignedWebhookWakesTheLoop) {
  int woken = 0;
  WebhookGate hooks{"It's a Secret to Everybody", [&] { ++woken; }};
  auto post = [&](const std::string& path, std::map<std::string, std::string> headers) {
    return serve_route(HttpRequest{"POST", path, std::move(headers), "Hello, World!"}, {}, 0, hooks)
        .status;
  };
  // GitHub's documented example of this secret and body.
  const std::string good =
      "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
  EXPECT_EQ(post("/hooks/github", {{"x-hub-signature-256", good}}), 202);
  EXPECT_EQ(woken, 1);
  std::string bad = good;
  bad.back() = '8';
  EXPECT_EQ(post("/hooks/github", {{"x-hub-signature-256", bad}}), 401);
  EXPECT_EQ(post("/hooks/github", {}), 401);
  EXPECT_EQ(post("/hooks/gitlab", {{"x-gitlab-token", "It's a Secret to Everybody"}}), 202);
  EXPECT_EQ(post("/hooks/gitlab", {{"x-gitlab-token", "It's a secret to everybody"}}), 401);
  EXPECT_EQ(woken, 2);
  hooks.secret.clear();
  EXPECT_EQ(post("/hooks/github", {{"x-hub-signature-256", good}}), 404);
  EXPECT_EQ(woken, 2);
}

TEST(ServeRender, ThePageEscapesWhatTheClusterNames) {
  DriftReport drift;
  drift.drifted = {{"<img src=x onerror=alert(1)>", {DriftReason::unmanaged}}};
  std::string page = render_serve_page(status_with(drift));
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_NE(page.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
}

}  // namespace
}  // namespace topicform
