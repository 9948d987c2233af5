// assess() and the check's renderers: each layer's verdict from hand-made facts, and the exact
// text, JSON and Prometheus output.
#include "core/operations/health.hpp"

#include <gtest/gtest.h>

#include "core/plan/diff.hpp"
#include "render/health_render.hpp"
#include "unit/plan_fixture.hpp"

namespace topicform {
namespace {

// orders.created (2 partitions, 7d, read by c-service, 10 msg/s at peak, 1h downtime allowed)
// and its dead topic, both as the manifest says, on a healthy cluster.
struct Contour {
  std::unique_ptr<Manifests> manifests = desired(R"(apiVersion: topicform/v1
kind: Topic
metadata: {name: orders.created}
spec:
  description: d
  kind: event
  partitions: 2
  retention: 7d
  owner:
    team: t
    producer: p-service
    consumers: [c-service]
    key: none
    throughput: {peakMessagesPerSecond: 10}
    maxConsumerDowntime: 1h
)");
  ClusterState state =
      cluster({{"orders.created", {"", 2, 1, {{"retention.ms", "604800000"}}, true, false}},
               {"orders.created.dead", derived_dead_topic()}});
  HealthFacts facts;

  Contour() {
    state.dead_messages["orders.created.dead"] = 0;
    facts.partitions["orders.created"] = {{1, 1, 1, 100}, {1, 1, 1, 50}};
    facts.partitions["orders.created.dead"] = {{1, 1, 1, 0}};
    GroupHealth group;
    group.exists = true;
    group.state = "Stable";
    group.members = 2;
    group.committed["orders.created"] = {{0, 100}, {1, 50}};
    facts.groups["c-service"] = group;
  }

  HealthReport report() const {
    Plan plan = diff(manifests->topics, state, {});
    return assess(manifests->topics, plan, state, facts, manifests->environment);
  }
};

Verdict layer_verdict(const HealthReport& r, const std::string& name) {
  for (const auto& l : r.layers) {
    if (l.name == name) return l.verdict();
  }
  ADD_FAILURE() << "no layer " << name;
  return Verdict::ok;
}

TEST(Health, AHealthyContourPassesEveryLayer) {
  Contour c;
  HealthReport r = c.report();
  EXPECT_TRUE(r.healthy());
  EXPECT_EQ(r.numbers.lag.at({"c-service", "orders.created"}), 0);
  EXPECT_EQ(render_health_text(r, false, false),
            "topicform check for environment 'default' (cluster c1): healthy\n\n"
            "[ok] cluster: cluster c1 answers with 3 brokers\n"
            "[ok] topics: 2 topics checked, all pass\n"
            "[ok] replication: 2 topics checked, all pass\n"
            "[ok] consumer-groups: 1 group on a topic checked, all pass\n"
            "[ok] dead-letters: 1 dead-letter topic checked, all pass\n");
}

TEST(Health, TheFirstFailingLayerComesFirstInTheHeadline) {
  Contour c;
  c.state.topics.erase("orders.created.dead");
  c.state.dead_messages.clear();
  c.facts.partitions.erase("orders.created.dead");
  c.facts.groups["c-service"].committed.clear();
  HealthReport r = c.report();
  ASSERT_NE(r.first_failing(), nullptr);
  EXPECT_EQ(r.first_failing()->name, "topics");
  EXPECT_EQ(render_health_text(r, false, false),
            "topicform check for environment 'default' (cluster c1): failing, first at the topics "
            "layer\n\n"
            "[ok] cluster: cluster c1 answers with 3 brokers\n"
            "[FAIL] topics: 1 of 2 topics needs attention\n"
            "    [FAIL] orders.created.dead: does not exist: 'topicform apply' creates it\n"
            "[ok] replication: 1 topic checked, all pass\n"
            "[FAIL] consumer-groups: 1 of 1 group on a topic needs attention\n"
            "    [FAIL] c-service on orders.created: the group has committed no offset on the "
            "topic: it has not read it\n"
            "[ok] dead-letters: nothing to check\n");
}

TEST(Health, OfflineAndBelowMinIsrFailUnderReplicatedWarns) {
  Contour c;
  c.facts.partitions["orders.created"] = {{-1, 3, 0, -1}, {1, 3, 2, 50}};
  EXPECT_EQ(layer_verdict(c.report(), "replication"), Verdict::failing);
  c.facts.partitions["orders.created"] = {{1, 3, 2, 100}, {1, 3, 3, 50}};
  HealthReport r = c.report();
  EXPECT_EQ(layer_verdict(r, "replication"), Verdict::warning);
  EXPECT_TRUE(r.healthy());
  EXPECT_EQ(r.numbers.under_replicated.at("orders.created"), 1);
  c.state.topics["orders.created"].configs["min.insync.replicas"] = "3";
  auto manifests =
      desired(topic("orders.created", 2, "none", "  config: {min.insync.replicas: 3}\n"));
  Plan plan = diff(manifests->topics, c.state, {});
  HealthReport strict = assess(manifests->topics, plan, c.state, c.facts, manifests->environment);
  EXPECT_EQ(layer_verdict(strict, "replication"), Verdict::failing);
}

TEST(Health, LagFailsPastTheAllowedDowntimeAndSaysWhenMessagesExpire) {
  Contour c;
  c.facts.groups["c-service"].committed["orders.created"] = {{0, 100 - 30'000}, {1, 50}};
  HealthReport within = c.report();
  EXPECT_EQ(within.layers[3].findings[0].message,
            "lag 30000, 2 members (Stable), about 50m behind at the declared peak; unread "
            "messages start expiring in about 10030m");
  EXPECT_EQ(layer_verdict(within, "consumer-groups"), Verdict::ok);
  c.facts.groups["c-service"].committed["orders.created"] = {{0, 100 - 40'000}, {1, 50}};
  HealthReport behind = c.report();
  EXPECT_EQ(behind.layers[3].findings[0].message,
            "lag 40000, 2 members (Stable), about 4000s behind at the declared peak: more than "
            "maxConsumerDowntime (1h)");
  EXPECT_EQ(layer_verdict(behind, "consumer-groups"), Verdict::failing);
}

TEST(Health, AGroupThatDoesNotExistOrIsIdle) {
  Contour c;
  c.facts.groups["c-service"].members = 0;
  c.facts.groups["c-service"].state = "Empty";
  EXPECT_EQ(layer_verdict(c.report(), "consumer-groups"), Verdict::warning);
  c.facts.groups["c-service"].exists = false;
  EXPECT_EQ(layer_verdict(c.report(), "consumer-groups"), Verdict::failing);
}

TEST(Health, ADeadTopicWithMessagesFailsWithItsNewestTime) {
  Contour c;
  c.state.dead_messages["orders.created.dead"] = 3;
  c.facts.dead_newest_ms["orders.created.dead"] = 1'768'480'811'000;  // 2026-01-15T12:40:11Z
  HealthReport r = c.report();
  EXPECT_EQ(r.first_failing()->name, "dead-letters");
  EXPECT_EQ(r.layers[4].findings[0].message,
            "holds 3 messages, the newest written 2026-01-15T12:40:11Z: each is a failure nobody "
            "has handled yet");
  c.facts.dead_newest_ms.clear();
  EXPECT_EQ(c.report().layers[4].findings[0].message,
            "holds 3 messages (the newest's time needs librdkafka 2.3.0): each is a failure "
            "nobody has handled yet");
}

TEST(Health, APinnedIdThatDiffersFailsTheClusterLayer) {
  Contour c;
  c.manifests->environment.cluster_id = "other";
  EXPECT_EQ(c.report().first_failing()->name, "cluster");
}

TEST(Health, PrometheusGaugesAndJson) {
  Contour c;
  c.state.dead_messages["orders.created.dead"] = 1;
  c.facts.dead_newest_ms["orders.created.dead"] = 1'768'480'811'500;
  HealthReport r = c.report();
  EXPECT_EQ(
      render_health_prometheus(r),
      "# HELP topicform_check_healthy 1 when every layer of topicform check passes.\n"
      "# TYPE topicform_check_healthy gauge\n"
      "topicform_check_healthy{environment=\"default\"} 0\n"
      "# HELP topicform_check_layer_healthy 1 when the layer (cluster, topics, replication, "
      "consumer-groups, dead-letters) passes.\n"
      "# TYPE topicform_check_layer_healthy gauge\n"
      "topicform_check_layer_healthy{environment=\"default\",layer=\"cluster\"} 1\n"
      "topicform_check_layer_healthy{environment=\"default\",layer=\"topics\"} 1\n"
      "topicform_check_layer_healthy{environment=\"default\",layer=\"replication\"} 1\n"
      "topicform_check_layer_healthy{environment=\"default\",layer=\"consumer-groups\"} 1\n"
      "topicform_check_layer_healthy{environment=\"default\",layer=\"dead-letters\"} 0\n"
      "# HELP topicform_topic_matches_manifest 1 when the topic exists with its manifest's "
      "partitions, replication and configs.\n"
      "# TYPE topicform_topic_matches_manifest gauge\n"
      "topicform_topic_matches_manifest{environment=\"default\",topic=\"orders.created\"} 1\n"
      "topicform_topic_matches_manifest{environment=\"default\",topic=\"orders.created.dead\"} "
      "1\n"
      "# HELP topicform_topic_partitions_under_replicated Partitions with fewer in-sync "
      "replicas than replicas.\n"
      "# TYPE topicform_topic_partitions_under_replicated gauge\n"
      "topicform_topic_partitions_under_replicated{environment=\"default\",topic=\"orders."
      "created\"} 0\n"
      "topicform_topic_partitions_under_replicated{environment=\"default\",topic=\"orders."
      "created.dead\"} 0\n"
      "# HELP topicform_topic_partitions_offline Partitions without a leader.\n"
      "# TYPE topicform_topic_partitions_offline gauge\n"
      "topicform_topic_partitions_offline{environment=\"default\",topic=\"orders.created\"} 0\n"
      "topicform_topic_partitions_offline{environment=\"default\",topic=\"orders.created."
      "dead\"} 0\n"
      "# HELP topicform_consumer_group_members Live members of a declared consumer group.\n"
      "# TYPE topicform_consumer_group_members gauge\n"
      "topicform_consumer_group_members{environment=\"default\",group=\"c-service\"} 2\n"
      "# HELP topicform_consumer_group_lag Messages a declared group has not read yet, summed "
      "over the topic's partitions.\n"
      "# TYPE topicform_consumer_group_lag gauge\n"
      "topicform_consumer_group_lag{environment=\"default\",group=\"c-service\",topic="
      "\"orders.created\"} 0\n"
      "# HELP topicform_dead_letter_messages Messages held by a dead-letter topic (-1: could "
      "not be counted).\n"
      "# TYPE topicform_dead_letter_messages gauge\n"
      "topicform_dead_letter_messages{environment=\"default\",topic=\"orders.created.dead\"} "
      "1\n"
      "# HELP topicform_dead_letter_newest_message_timestamp_seconds When the newest message "
      "of a dead-letter topic was written.\n"
      "# TYPE topicform_dead_letter_newest_message_timestamp_seconds gauge\n"
      "topicform_dead_letter_newest_message_timestamp_seconds{environment=\"default\",topic="
      "\"orders.created.dead\"} 1768480811.5\n");
}

TEST(Health, JsonIsVersionedWithEveryLayerAndFinding) {
  Contour c;
  c.facts.groups["c-service"].exists = false;
  EXPECT_EQ(render_health_json(c.report()), R"({
  "version": 1,
  "environment": "default",
  "clusterId": "c1",
  "healthy": false,
  "firstFailingLayer": "consumer-groups",
  "layers": [
    {
      "name": "cluster",
      "verdict": "ok",
      "findings": [
        {
          "verdict": "ok",
          "subject": "cluster",
          "message": "cluster c1 answers with 3 brokers"
        }
      ]
    },
    {
      "name": "topics",
      "verdict": "ok",
      "findings": [
        {
          "verdict": "ok",
          "subject": "orders.created",
          "message": "as its manifest says"
        },
        {
          "verdict": "ok",
          "subject": "orders.created.dead",
          "message": "as its manifest says"
        }
      ]
    },
    {
      "name": "replication",
      "verdict": "ok",
      "findings": [
        {
          "verdict": "ok",
          "subject": "orders.created",
          "message": "2 partitions led, every replica in sync"
        },
        {
          "verdict": "ok",
          "subject": "orders.created.dead",
          "message": "1 partition led, every replica in sync"
        }
      ]
    },
    {
      "name": "consumer-groups",
      "verdict": "failing",
      "findings": [
        {
          "verdict": "failing",
          "subject": "c-service on orders.created",
          "message": "the group does not exist: the service has not started, or uses another group id"
        }
      ]
    },
    {
      "name": "dead-letters",
      "verdict": "ok",
      "findings": [
        {
          "verdict": "ok",
          "subject": "orders.created.dead",
          "message": "empty"
        }
      ]
    }
  ]
}
)");
}

TEST(Health, AnUnreachableClusterFailsTheFirstLayerWithTheReason) {
  HealthReport r = unreachable_report("prod", "no broker answered at 127.0.0.1:9 within 1s");
  EXPECT_EQ(r.layers.size(), 5u);
  EXPECT_EQ(render_health_text(r, false, false),
            "topicform check for environment 'prod': failing, first at the cluster layer\n\n"
            "[FAIL] cluster: no broker answered at 127.0.0.1:9 within 1s\n"
            "[skip] topics: not checked\n"
            "[skip] replication: not checked\n"
            "[skip] consumer-groups: not checked\n"
            "[skip] dead-letters: not checked\n");
  // Not checked is its own verdict: never "ok" in JSON, never healthy in Prometheus.
  std::string json = render_health_json(r);
  EXPECT_NE(json.find("\"name\": \"topics\",\n      \"verdict\": \"skipped\""), std::string::npos)
      << json;
  EXPECT_EQ(json.find("\"verdict\": \"ok\""), std::string::npos) << json;
  std::string gauges = render_health_prometheus(r);
  for (const char* layer :
       {"cluster", "topics", "replication", "consumer-groups", "dead-letters"}) {
    EXPECT_NE(gauges.find(fmt::format(
                  "topicform_check_layer_healthy{{environment=\"prod\",layer=\"{}\"}} 0\n", layer)),
              std::string::npos)
        << layer << "\n"
        << gauges;
  }
}

// A name with a newline or a tab stays on its finding's line, written as \n or \t.
TEST(Health, ControlCharactersInNamesAreShownNotWritten) {
  HealthReport r = unreachable_report("prod", "x");
  r.reached = true;
  for (auto& layer : r.layers) layer.checked = true;
  r.layers[0].findings[0] = {Verdict::ok, "cluster", "answers"};
  r.layers[3].findings.push_back({Verdict::failing, "bill\ning\tservice on a.b", "no group"});
  std::string text = render_health_text(r, false, false);
  EXPECT_NE(text.find("    [FAIL] bill\\ning\\tservice on a.b: no group\n"), std::string::npos)
      << text;
}

TEST(Health, TheRequestReadsExistingTopicsDeclaredGroupsAndDeadTopicsHoldingMessages) {
  auto d = desired(topic("orders.created", 2) + topic("orders.paid", 1) +
                   topic("orders.gone", 1, "none", "  deleted: true\n"));
  auto state = cluster({{"orders.created", {"", 2, 1, {}, true, false}},
                        {"orders.created.dead", derived_dead_topic()},
                        {"orders.gone", {"", 1, 1, {}, true, false}}});
  state.dead_messages = {{"orders.created.dead", 4}};
  auto request = health_request(d->topics, state);
  EXPECT_EQ(request.topics, (std::vector<std::string>{"orders.created", "orders.created.dead"}));
  EXPECT_EQ(request.groups, (std::vector<std::string>{"c-service"}));
  EXPECT_EQ(request.dead_with_messages, (std::vector<std::string>{"orders.created.dead"}));
}

}  // namespace
}  // namespace topicform
