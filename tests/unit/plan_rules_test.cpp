// Plan-phase rules through the settings' severities, and the catalogue walk: every rule id that
// `topicform rules` lists is shown firing by the corpus or by a plan scenario here.
#include "core/plan/plan_rules.hpp"

#include <filesystem>
#include <set>

#include <gtest/gtest.h>

#include "core/plan/diff.hpp"
#include "core/rules/rule_catalog.hpp"
#include "engine/reconciler.hpp"
#include "unit/contract_scenarios.hpp"
#include "unit/fake_cluster.hpp"
#include "unit/plan_fixture.hpp"
#include "unit/printers.hpp"

namespace topicform {
namespace {

const std::string kSettingsHead = R"(apiVersion: topicform/v1
kind: Settings
spec:
)";

Plan plan_of(const Manifests& m, const ClusterState& state, bool allow_delete = false) {
  return diff(m.topics, state,
              {allow_delete, m.environment.cluster_id, m.environment.name, &m.project.settings});
}

ClusterState one_topic(ConfigMap configs, std::int64_t partitions = 3) {
  ClusterState state =
      cluster({{"orders.created", {"", partitions, 1, std::move(configs), true, false}},
               {"orders.created.dead", derived_dead_topic()}});
  return state;
}

// `manifest` with its retention replaced (the fixture writes 7d).
std::string retained(std::string manifest, const std::string& retention) {
  return manifest.replace(manifest.find("retention: 7d"), 13, "retention: " + retention);
}

std::set<std::string> rule_ids(const Plan& plan) {
  std::set<std::string> out;
  for (const auto& w : plan.warnings) out.insert(w.rule);
  for (const auto& b : plan.blocked) out.insert(b.rule);
  return out;
}

TEST(PlanRules, SettingsChangeSeverityOffWarningOrErrorThatBlocks) {
  std::string lower = topic("orders.created", 3);  // 7d, against 14d on the cluster
  ConfigMap longer{{"retention.ms", "1209600000"}};
  auto by_default = desired(lower);
  Plan warned = plan_of(*by_default, one_topic(longer));
  EXPECT_EQ(rule_ids(warned), (std::set<std::string>{"retention/decrease"}));
  EXPECT_EQ(warned.actions.size(), 1u);
  auto strict = desired(kSettingsHead + "  rules: {retention/decrease: error}\n---\n" + lower);
  Plan blocked = plan_of(*strict, one_topic(longer));
  EXPECT_TRUE(blocked.actions.empty());
  ASSERT_EQ(blocked.blocked.size(), 1u);
  EXPECT_EQ(blocked.blocked[0].rule, "retention/decrease");
  auto off = desired(kSettingsHead + "  rules: {retention/decrease: off}\n---\n" + lower);
  Plan silent = plan_of(*off, one_topic(longer));
  EXPECT_TRUE(silent.warnings.empty());
  ASSERT_EQ(silent.actions.size(), 1u);
  EXPECT_TRUE(std::get<AlterConfig>(silent.actions[0]).destructive);  // still marked
  auto remap = desired(kSettingsHead + "  rules: {partitions/key-remap: warning}\n---\n" +
                       topic("orders.created", 4, "order_id"));
  Plan grown = plan_of(*remap, one_topic({{"retention.ms", "604800000"}}));
  EXPECT_EQ(rule_ids(grown), (std::set<std::string>{"partitions/key-remap"}));
  EXPECT_EQ(grown.actions.size(), 1u);
}

TEST(PlanRules, CleanupPolicyIsASetAndAChangeIsDestructive) {
  auto m = desired(topic("orders.created", 3, "order_id", "  cleanupPolicy: [delete, compact]\n"));
  Plan same =
      plan_of(*m, one_topic({{"cleanup.policy", "compact,delete"}, {"retention.ms", "604800000"}}));
  EXPECT_FALSE(same.differs()) << same.actions.size();
  auto compacted = desired(topic("orders.created", 3, "order_id", "  cleanupPolicy: compact\n"));
  Plan changed =
      plan_of(*compacted, one_topic({{"cleanup.policy", "delete"}, {"retention.ms", "604800000"}}));
  ASSERT_EQ(changed.actions.size(), 1u);
  EXPECT_TRUE(std::get<AlterConfig>(changed.actions[0]).destructive);
  EXPECT_EQ(rule_ids(changed), (std::set<std::string>{"cleanup/policy-change"}));
}

TEST(PlanRules, AWithheldDeleteIsAChangeButNoAction) {
  auto m = desired(topic("orders.created", 3, "none", "  deleted: true\n"));
  Plan plan = plan_of(*m, one_topic({}));
  EXPECT_FALSE(plan.has_changes());
  EXPECT_TRUE(plan.differs());
  EXPECT_EQ(plan.withheld.size(), 2u);
  EXPECT_EQ(rule_ids(plan), (std::set<std::string>{"delete/explicit"}));
}

TEST(PlanRules, AGroupThatCannotBeDescribedBlocksTheDeletesItMayRead) {
  auto m = desired(topic("orders.created", 3, "none", "  deleted: true\n"));
  ClusterState state = one_topic({});
  state.undescribed_groups["billing-service"] = {"orders.created"};
  Plan plan = plan_of(*m, state, true);
  EXPECT_TRUE(plan.actions.empty());
  ASSERT_EQ(plan.blocked.size(), 2u);
  EXPECT_EQ(plan.blocked[0].message,
            "'orders.created' may be read by group 'billing-service', which has live members that "
            "this client cannot describe (a Kafka 4 'consumer' protocol group): stop it and "
            "delete the group first");
  state.undescribed_groups["billing-service"] = {};  // no offsets: it may read anything
  EXPECT_TRUE(plan_of(*m, state, true).actions.empty());
  state.undescribed_groups["billing-service"] = {"other.topic"};
  EXPECT_EQ(plan_of(*m, state, true).actions.size(), 2u);
}

TEST(PlanRules, DeadMessagesOffsetsRetentionAndOrphansAreWarnedOf) {
  auto m = desired(retained(topic("orders.created", 3), "infinite"));
  ClusterState state = one_topic({{"retention.ms", "-1"}});
  state.topics["orders.created.dead"].configs["retention.ms"] = "-1";
  state.dead_messages["orders.created.dead"] = 3;
  state.offsets_retention_ms = 7LL * 86'400'000;
  Plan plan = plan_of(*m, state);
  EXPECT_FALSE(plan.has_changes());  // the dead topic of an infinite source keeps for ever too
  ASSERT_EQ(plan.warnings.size(), 2u);
  EXPECT_EQ(plan.warnings[0].message,
            "'orders.created' keeps messages for ever but the broker forgets an idle group's "
            "offsets after 7d (offsets.retention.minutes): a consumer stopped longer than that "
            "starts again from its auto.offset.reset, not where it stopped");
  EXPECT_EQ(plan.warnings[1].message,
            "'orders.created.dead' holds 3 messages: each is a failure nobody has handled yet");
  // A compact-only topic expires nothing by time: a group that lost its offsets reads the whole
  // state again, so the offsets' retention is no concern.
  auto compacted = desired(
      retained(topic("orders.created", 3, "order_id", "  cleanupPolicy: compact\n"), "infinite"));
  for (const auto& id : rule_ids(plan_of(*compacted, state))) {
    EXPECT_NE(id, "cluster/offsets-retention");
  }
  auto off =
      desired(retained(topic("orders.created", 3, "none",
                             "  deadLetter: {enabled: false, reason: replayed from outbox}\n"),
                       "infinite"));
  Plan orphan = plan_of(*off, state);
  EXPECT_EQ(rule_ids(orphan),
            (std::set<std::string>{"cluster/offsets-retention", "dead/orphan", "dead/alert"}));
}

TEST(PlanRules, ANameThatCollidesInMetricsWithAClusterTopicIsNotCreated) {
  auto m = desired(topic("orders.payments-refunded", 1));
  ClusterState state = cluster({{"orders_payments-refunded", {"", 1, 1, {}, true, false}}});
  Plan plan = plan_of(*m, state);
  ASSERT_EQ(plan.actions.size(), 1u);  // the dead topic has no twin
  ASSERT_EQ(plan.blocked.size(), 1u);
  EXPECT_EQ(plan.blocked[0].message,
            "'orders.payments-refunded' and 'orders_payments-refunded', already on the cluster, "
            "are both 'orders_payments-refunded' in Kafka's metrics");
  EXPECT_EQ(plan.blocked[0].rule, "naming/metric-collision");
}

// ---- the catalogue walk ----

// Rules that shape a plan rather than report, each shown by what it shapes.
std::set<std::string> shaped_rules() {
  std::set<std::string> out;
  auto m = desired(topic("orders.created", 3));
  Plan plan = plan_of(*m, cluster());
  if (plan.actions.size() == 2 &&
      std::get<CreateTopic>(plan.actions[1]).dead_letter_of == "orders.created") {
    out.insert("dead/created-with-source");
  }
  auto gone = desired(topic("orders.created", 3, "none", "  deleted: true\n"));
  Plan removed = plan_of(*gone, one_topic({}), true);
  if (removed.actions.size() == 2 && std::holds_alternative<DeleteTopic>(removed.actions[0])) {
    out.insert("delete/irreversible");
  }
  return out;
}

std::set<std::string> plan_scenario_rules() {
  std::set<std::string> out;
  auto add = [&](const Plan& plan) {
    auto ids = rule_ids(plan);
    out.insert(ids.begin(), ids.end());
  };
  ClusterState state = one_topic({{"segment.ms", "1"}}, 5);
  state.topics["orders.created"].replication_factor = 2;
  state.auto_create_topics = true;
  auto keyed = desired(retained(topic("orders.created", 6, "order_id"), "infinite") +
                       topic("orders.paid", 1, "none", "  replicationFactor: 4\n"));
  add(plan_of(*keyed, state));
  auto pinned = desired(kSettingsHead + "  environments: {prod: {clusterId: other}}\n---\n" +
                        topic("orders.created", 2));
  add(plan_of(*pinned, state));
  auto changed = desired(topic("orders.created", 5, "none",
                               "  cleanupPolicy: compact\n  previousName: orders.made\n") +
                         topic("orders.paid", 1, "none", "  deleted: true\n"));
  ClusterState longer = one_topic({{"retention.ms", "-1"}, {"cleanup.policy", "delete"}}, 5);
  longer.topics["orders.paid"] = ClusterTopic{"orders.paid", 1, 1, {}, true, false};
  add(plan_of(*changed, longer));
  for (const auto& d : changed->diagnostics) out.insert(d.rule);  // naming/rename is info
  FakeCluster refusing(cluster());
  refusing.faults.failing["orders.created"] = "policy";
  Plan refused = plan_of(*pinned, cluster());
  if (add_broker_refusals(refused, refusing)) add(refused);
  return out;
}

std::set<std::string> corpus_rules() {
  std::set<std::string> out;
  for (const auto& entry : std::filesystem::directory_iterator(TOPICFORM_CORPUS_DIR)) {
    if (!entry.is_directory()) continue;
    Project project = load_project({entry.path().string()});
    std::vector<Diagnostic> diagnostics = project.diagnostics;
    RuleSink sink(project.settings, diagnostics);
    Environment env = select_environment(project.settings, "", sink);
    check_topics(project.topics, project.settings, env, sink);
    for (const auto& d : diagnostics) out.insert(d.rule);
  }
  // A path that does not exist cannot be a corpus folder.
  for (const auto& d : load_project({"/nonexistent/topics"}).diagnostics) out.insert(d.rule);
  return out;
}

TEST(RuleCatalogue, EveryListedRuleIsShownFiring) {
  std::set<std::string> fired = corpus_rules();
  for (const auto& set :
       {plan_scenario_rules(), shaped_rules(), against_scenario_rules(), registry_scenario_rules()})
    fired.insert(set.begin(), set.end());
  fired.insert("delete/no-active-consumers");  // Diff.DeletesOfTopicsWithLiveReadersAreBlocked
  fired.insert("dead/delete-order");           // Diff.DeadTopicsHoldingMessagesAreNotDeleted
  {
    auto m = desired(retained(topic("orders.created", 3), "infinite"));
    ClusterState state = one_topic({});
    state.dead_messages["orders.created.dead"] = 1;
    state.offsets_retention_ms = 1;
    for (const auto& id : rule_ids(plan_of(*m, state))) fired.insert(id);
  }
  std::vector<std::string> silent;
  for (const auto& rule : all_rules()) {
    if (!fired.count(std::string(rule.id))) silent.push_back(std::string(rule.id));
  }
  EXPECT_EQ(silent, std::vector<std::string>{});
}

}  // namespace
}  // namespace topicform
