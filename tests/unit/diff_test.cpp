// diff() and apply_plan(): the plan's content and order, blocks, and convergence on a fake cluster.
#include "core/plan/diff.hpp"
#include "core/operations/reassignment.hpp"

#include <algorithm>
#include <random>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/model/topic_configs.hpp"
#include "core/rules/check.hpp"
#include "engine/reconciler.hpp"
#include "manifest/project_loader.hpp"
#include "unit/fake_cluster.hpp"
#include "unit/plan_fixture.hpp"
#include "unit/printers.hpp"

namespace topicform {
namespace {

TEST(Diff, CreatesEachSourceFollowedByItsDeadTopic) {
  auto d = desired(topic("orders.created", 3) + topic("orders.paid", 2));
  Plan plan = diff(d->topics, cluster(), {});
  std::vector<std::string> order;
  for (const auto& a : plan.actions) order.push_back(action_topic(a));
  EXPECT_EQ(order, (std::vector<std::string>{"orders.created", "orders.created.dead", "orders.paid",
                                             "orders.paid.dead"}));
  const auto& dead = std::get<CreateTopic>(plan.actions[1]);
  EXPECT_EQ(dead.partitions, 1);
  EXPECT_EQ(dead.dead_letter_of, "orders.created");
  EXPECT_EQ(dead.configs, (ConfigMap{{"cleanup.policy", "delete"},
                                     {"max.message.bytes", "1056780"},
                                     {"retention.ms", "2592000000"}}));
}

// The dead topic takes every message its source takes, with room for the dead-letter headers:
// the source's own limit, else the broker's message.max.bytes as read, plus 8 KiB.
TEST(Diff, TheDeadTopicsMessageLimitFollowsItsSource) {
  auto raised = desired(topic("orders.big", 3, "none", "  config: {max.message.bytes: 8388608}\n") +
                        topic("orders.small", 3));
  ClusterState state = cluster();
  state.message_max_bytes = 2097152;
  Plan plan = diff(raised->topics, state, {});
  ASSERT_EQ(plan.actions.size(), 4u);
  EXPECT_EQ(std::get<CreateTopic>(plan.actions[1]).configs.at("max.message.bytes"), "8396800");
  EXPECT_EQ(std::get<CreateTopic>(plan.actions[3]).configs.at("max.message.bytes"), "2105344");
  // Raising the source's limit raises its dead topic's in the same plan.
  auto doubled =
      desired(topic("orders.big", 3, "none", "  config: {max.message.bytes: 16777216}\n"));
  ClusterState existing =
      cluster({{"orders.big", {"", 3, 1, {{"max.message.bytes", "8388608"}}, true, false}},
               {"orders.big.dead", {"", 1, 1, {{"max.message.bytes", "8396800"}}, true, false}}});
  std::map<std::string, std::string> limits;
  for (const auto& action : diff(doubled->topics, existing, {}).actions) {
    const auto& alter = std::get<AlterConfig>(action);
    limits[alter.name] = alter.desired.at("max.message.bytes");
  }
  EXPECT_EQ(limits, (std::map<std::string, std::string>{{"orders.big", "16777216"},
                                                        {"orders.big.dead", "16785408"}}));
}

// A `.dead` created the runbook's way (retention only) deletes by the broker's default: pinning
// cleanup.policy = delete changes nothing, so the plan neither shows it nor calls it destructive;
// only the message limit it lacks is a change.
TEST(Diff, ADerivedValueTheDeadTopicHasInEffectIsNoChange) {
  auto d = desired(topic("orders.created", 3));
  auto state =
      cluster({{"orders.created", {"", 3, 1, {{"retention.ms", "604800000"}}, true, false}},
               {"orders.created.dead", {"", 1, 1, {{"retention.ms", "2592000000"}}, true, false}}});
  state.message_max_bytes = 1048588;
  state.topic_defaults = {{"cleanup.policy", "delete"}, {"max.message.bytes", "1048588"}};
  Plan plan = diff(d->topics, state, {});
  ASSERT_EQ(plan.actions.size(), 1u);
  const auto& alter = std::get<AlterConfig>(plan.actions[0]);
  EXPECT_EQ(alter.name, "orders.created.dead");
  ASSERT_EQ(alter.changes.size(), 1u);
  EXPECT_EQ(alter.changes[0].key, "max.message.bytes");
  EXPECT_FALSE(alter.destructive);
  // Once the limit is there, nothing is left.
  state.topics["orders.created.dead"].configs["max.message.bytes"] = "1056780";
  EXPECT_FALSE(diff(d->topics, state, {}).has_changes());
  // A broker whose default policy compacts: the pin is a real change, and destructive.
  state.topic_defaults["cleanup.policy"] = "compact";
  Plan compacting = diff(d->topics, state, {});
  ASSERT_EQ(compacting.actions.size(), 1u);
  EXPECT_TRUE(std::get<AlterConfig>(compacting.actions[0]).destructive);
}

TEST(Diff, BrokerDefaultsAreReadForTheKeysTopicformDerives) {
  auto defaults = topic_defaults_of_broker({{"log.cleanup.policy", "delete"},
                                            {"log.retention.hours", "168"},
                                            {"log.retention.minutes", ""},
                                            {"message.max.bytes", "1048588"},
                                            {"min.insync.replicas", "2"},
                                            {"num.partitions", "1"}});
  EXPECT_EQ(defaults, (std::map<std::string, std::string>{{"cleanup.policy", "delete"},
                                                          {"max.message.bytes", "1048588"},
                                                          {"min.insync.replicas", "2"},
                                                          {"retention.ms", "604800000"}}));
  EXPECT_EQ(topic_defaults_of_broker({{"log.retention.ms", "1000"}, {"log.retention.hours", "1"}})
                .at("retention.ms"),
            "1000");
}

TEST(Diff, NormalisedValuesShowNoChange) {
  auto d = desired(topic("orders.created", 3, "none", "  cleanupPolicy: [compact, delete]\n"));
  auto state = cluster({{"orders.created",
                         {"",
                          3,
                          1,
                          {{"cleanup.policy", "compact, delete"}, {"retention.ms", "604800000"}},
                          true,
                          false}},
                        {"orders.created.dead", derived_dead_topic()}});
  Plan plan = diff(d->topics, state, {});
  EXPECT_FALSE(plan.has_changes());
  EXPECT_FALSE(plan.is_blocked());
}

TEST(Diff, BlocksDecreaseReplicationChangeAndKeyedGrowth) {
  auto d = desired(topic("orders.created", 2) + topic("orders.paid", 4, "order_id"));
  auto state = cluster({{"orders.created", {"", 3, 2, {}, true, false}},
                        {"orders.paid", {"", 2, 1, {}, true, false}}});
  Plan plan = diff(d->topics, state, {});
  std::vector<std::string> rules;
  for (const auto& b : plan.blocked) rules.push_back(b.rule);
  EXPECT_EQ(rules, (std::vector<std::string>{"replication/change", "partitions/only-grow",
                                             "partitions/key-remap"}));
  auto ack = desired(topic("orders.paid", 4, "order_id", "  allowKeyRemap: true\n"));
  Plan acknowledged = diff(ack->topics, state, {});
  EXPECT_TRUE(acknowledged.blocked.empty());
  EXPECT_EQ(std::get<AddPartitions>(acknowledged.actions[1]),
            (AddPartitions{"orders.paid", 2, 4, {"t.yaml", 7, 15}}));
}

TEST(Diff, BlocksAWrongClusterIdAndTooFewBrokers) {
  auto d = desired(topic("orders.created", 3, "none", "  replicationFactor: 4\n"));
  Plan plan = diff(d->topics, cluster(), {false, "other-cluster", "prod"});
  ASSERT_EQ(plan.blocked.size(), 3u);  // the id, then the source and its dead topic (RF 4 > 3)
  EXPECT_EQ(plan.blocked[0].rule, "cluster/id");
  EXPECT_EQ(plan.blocked[1].rule, "replication/available");
}

TEST(Diff, DeletesOnlyWhenAllowedAndListsUnmanagedTopics) {
  auto d = desired(topic("orders.created", 3, "none", "  deleted: true\n"));
  auto state = cluster({{"orders.created", {"", 3, 1, {}, true, false}},
                        {"orders.created.dead", {"", 1, 1, {}, true, false}},
                        {"legacy.topic", {"", 1, 1, {}, true, false}},
                        {"__consumer_offsets", {"", 50, 1, {}, true, true}}});
  Plan kept = diff(d->topics, state, {});
  EXPECT_FALSE(kept.has_changes());
  EXPECT_EQ(kept.unmanaged, (std::vector<std::string>{"legacy.topic"}));
  Plan removed = diff(d->topics, state, {true, "", ""});
  ASSERT_EQ(removed.actions.size(), 2u);
  EXPECT_EQ(action_topic(removed.actions[0]),
            "orders.created");  // the source before its dead topic
  EXPECT_EQ(action_topic(removed.actions[1]), "orders.created.dead");
}

TEST(Diff, ResetsDriftAndMarksRetentionDecreasesDestructive) {
  auto d = desired(topic("orders.created", 3));
  auto state = cluster(
      {{"orders.created",
        {"", 3, 1, {{"retention.ms", "1209600000"}, {"segment.ms", "3600000"}}, true, false}}});
  Plan plan = diff(d->topics, state, {});
  const auto& alter = std::get<AlterConfig>(plan.actions[1]);
  EXPECT_TRUE(alter.destructive);
  EXPECT_EQ(alter.desired, (ConfigMap{{"retention.ms", "604800000"}}));
  ASSERT_EQ(plan.warnings.size(), 2u);
  EXPECT_EQ(plan.warnings[0].rule, "retention/decrease");
  EXPECT_EQ(plan.warnings[1].rule, "config/authoritative");
}

// The convergence property: whatever the cluster holds (within what can change in place),
// applying the plan and planning again gives an empty plan.
TEST(Convergence, ApplyingThePlanLeavesNothingToDo) {
  std::mt19937 random(20261129);
  for (int round = 0; round < 200; ++round) {
    std::string manifests;
    std::map<std::string, ClusterTopic> existing;
    int count = 1 + static_cast<int>(random() % 6);
    for (int i = 0; i < count; ++i) {
      std::string name = fmt::format("orders.event{}-happened", i);
      int partitions = 1 + static_cast<int>(random() % 8);
      manifests += topic(name, partitions, "none",
                         random() % 2 ? "  config: {segment.bytes: 104857600}\n" : "");
      if (random() % 3 == 0) continue;  // not on the cluster yet
      ClusterTopic current{"",   1 + static_cast<std::int64_t>(random() % partitions), 1, {}, true,
                           false};
      if (random() % 2) current.configs["retention.ms"] = std::to_string(random() % 1'000'000'000);
      if (random() % 2) current.configs["segment.ms"] = "3600000";
      existing[name] = current;
    }
    auto d = desired(manifests);
    FakeCluster fake(cluster(existing));
    ReadRequest every;
    for (const auto& t : d->topics) every.managed.push_back(t.name);
    Plan plan = diff(d->topics, *fake.read(every), {});
    ASSERT_FALSE(plan.is_blocked()) << "round " << round;
    ApplyReport report = apply_plan(
        plan, fake, [](const std::string&) {}, 1000);
    ASSERT_TRUE(report.succeeded()) << "round " << round;
    Plan again = diff(d->topics, fake.state(), {});
    EXPECT_FALSE(again.has_changes()) << "round " << round;
  }
}

TEST(Apply, StopsLaterPhasesAfterAFailure) {
  auto d = desired(topic("orders.created", 3) + topic("orders.paid", 2));
  auto state = cluster({{"orders.paid", {"", 1, 1, {}, true, false}}});
  class Failing : public FakeCluster {
   public:
    using FakeCluster::FakeCluster;
    Result<std::vector<TopicOutcome>> create_topics(const std::vector<CreateTopic>&,
                                                    bool) override {
      return Error{"create topics: Local: Broker transport failure"};
    }
  } failing(state);
  Plan plan = diff(d->topics, state, {});
  ApplyReport report = apply_plan(
      plan, failing, [](const std::string&) {}, 1000);
  EXPECT_FALSE(report.succeeded());
  EXPECT_EQ(report.count(ActionStatus::failed), 3u);  // the three creates
  EXPECT_EQ(report.count(ActionStatus::not_attempted),
            2u);  // partitions and configs of orders.paid
  EXPECT_EQ(report.error, "create topics: Local: Broker transport failure");
}

// A cluster whose creates fail for the first `flaky` tries of each topic, as a broker does while
// its controller moves.
class Flaky : public FakeCluster {
 public:
  Flaky(ClusterState state, int flaky, bool transient)
      : FakeCluster(std::move(state)), m_flaky(flaky), m_transient(transient) {}
  Result<std::vector<TopicOutcome>> create_topics(const std::vector<CreateTopic>& topics,
                                                  bool validate_only) override {
    ++calls;
    std::vector<CreateTopic> pass;
    std::vector<TopicOutcome> failed;
    for (const auto& t : topics) {
      if (m_tries[t.name]++ < m_flaky) {
        failed.push_back({t.name, false, false, "This is not the correct controller", m_transient});
      } else {
        pass.push_back(t);
      }
    }
    auto out = *FakeCluster::create_topics(pass, validate_only);
    out.insert(out.end(), failed.begin(), failed.end());
    return out;
  }
  int calls = 0;

 private:
  int m_flaky;
  bool m_transient;
  std::map<std::string, int> m_tries;
};

TEST(Apply, RetriesOnlyTheTopicsThatFailedTransiently) {
  auto d = desired(topic("orders.created", 3));
  Flaky flaky(cluster(), 2, true);
  std::vector<std::string> lines;
  std::vector<int> pauses;
  RetryPolicy retry{3, [&](int attempt) { pauses.push_back(attempt); }};
  ApplyReport report = apply_plan(
      diff(d->topics, cluster(), {}), flaky,
      [&](const std::string& line) { lines.push_back(line); }, 1000, retry);
  EXPECT_TRUE(report.succeeded());
  EXPECT_EQ(flaky.calls, 3);
  EXPECT_EQ(pauses, (std::vector<int>{1, 2}));
  EXPECT_EQ(flaky.state().topics.size(), 2u);
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      "  retry   create of 2 topic(s) after a transient error (1/3)"),
            lines.end());
}

TEST(Apply, GivesUpAfterTheBoundAndOnLastingErrors) {
  auto d = desired(topic("orders.created", 3));
  RetryPolicy retry{2, [](int) {}};
  Flaky always(cluster(), 100, true);
  ApplyReport bounded = apply_plan(
      diff(d->topics, cluster(), {}), always, [](const std::string&) {}, 1000, retry);
  EXPECT_FALSE(bounded.succeeded());
  EXPECT_EQ(always.calls, 3);  // the first try and two retries
  EXPECT_EQ(bounded.count(ActionStatus::failed), 2u);
  Flaky lasting(cluster(), 1, false);
  ApplyReport once = apply_plan(
      diff(d->topics, cluster(), {}), lasting, [](const std::string&) {}, 1000, retry);
  EXPECT_FALSE(once.succeeded());
  EXPECT_EQ(lasting.calls, 1);
}

}  // namespace
}  // namespace topicform

namespace topicform {
namespace {

TEST(Diff, DeletesOfTopicsWithLiveReadersAreBlocked) {
  auto d = desired(topic("orders.created", 3, "none", "  deleted: true\n") +
                   topic("orders.paid", 3, "none", "  deleted: true\n"));
  auto state = cluster({{"orders.created", {"", 3, 1, {}, true, false}},
                        {"orders.created.dead", {"", 1, 1, {}, true, false}},
                        {"orders.paid", {"", 3, 1, {}, true, false}}});
  state.readers["orders.created"] = {"billing-service"};
  Plan plan = diff(d->topics, state, {true, "", ""});
  ASSERT_EQ(plan.actions.size(), 1u);
  EXPECT_EQ(action_topic(plan.actions[0]), "orders.paid");
  ASSERT_EQ(plan.blocked.size(), 2u);
  EXPECT_EQ(plan.blocked[0].rule, "delete/no-active-consumers");
  EXPECT_EQ(plan.blocked[0].message,
            "'orders.created' is read by group(s) with live members (billing-service): stop the "
            "consumers, remove the topic from their config and delete the groups first");
  EXPECT_EQ(plan.blocked[1].rule, "dead/delete-order");
  EXPECT_EQ(plan.blocked[1].message,
            "'orders.created.dead' is deleted only with its source 'orders.created', whose delete "
            "is blocked");
}

TEST(Diff, DeletesHeldByIdleGroupsAreWarnedOfAndStayInThePlan) {
  Plan plan;
  plan.actions = {DeleteTopic{"orders.created", {"t.yaml", 9, 12}},
                  DeleteTopic{"orders.paid", {"u.yaml", 9, 12}}};
  warn_deletes_held_by_idle_groups(
      plan, {{"orders.created", {"audit-service", "billing-service"}}, {"orders.other", {"x"}}});
  EXPECT_EQ(plan.actions.size(), 2u);
  EXPECT_TRUE(plan.blocked.empty());
  ASSERT_EQ(plan.warnings.size(), 1u);
  EXPECT_EQ(plan.warnings[0].rule, "delete/no-active-consumers");
  EXPECT_EQ(plan.warnings[0].at.line, 9);
  EXPECT_EQ(plan.warnings[0].message,
            "'orders.created' still has committed offsets of group(s) with no live member "
            "(audit-service, billing-service): a stopped service may still read it; remove the "
            "topic from its config and delete the groups first");
}

TEST(Diff, ReadsTheReadersFromTheClusterState) {
  auto d = desired(topic("orders.created", 3, "none", "  deleted: true\n"));
  auto state = cluster({{"orders.created", {"", 3, 1, {}, true, false}},
                        {"orders.created.dead", {"", 1, 1, {}, true, false}}});
  DiffOptions allow{true, "", ""};
  EXPECT_EQ(diff(d->topics, state, allow).actions.size(), 2u);
  state.readers["orders.created.dead"] = {"replay-service"};
  Plan plan = diff(d->topics, state, allow);
  ASSERT_EQ(plan.actions.size(), 1u);
  EXPECT_EQ(action_topic(plan.actions[0]), "orders.created");
  ASSERT_EQ(plan.blocked.size(), 1u);
  EXPECT_EQ(plan.blocked[0].topic, "orders.created.dead");
  EXPECT_EQ(plan.blocked[0].rule, "delete/no-active-consumers");
}

}  // namespace
}  // namespace topicform

namespace topicform {
namespace {

TEST(Diff, DeadTopicsHoldingMessagesAreNotDeleted) {
  auto d = desired(topic("orders.created", 3, "none", "  deleted: true\n"));
  auto state = cluster({{"orders.created", {"", 3, 1, {}, true, false}},
                        {"orders.created.dead", {"", 1, 1, {}, true, false}}});
  state.dead_messages["orders.created.dead"] = 0;
  EXPECT_EQ(diff(d->topics, state, {true, "", ""}).actions.size(), 2u);
  state.dead_messages["orders.created.dead"] = 3;
  Plan plan = diff(d->topics, state, {true, "", ""});
  ASSERT_EQ(plan.actions.size(), 1u);
  ASSERT_EQ(plan.blocked.size(), 1u);
  EXPECT_EQ(plan.blocked[0].message,
            "'orders.created.dead' still holds 3 messages: failures nobody has handled; read or "
            "move them before deleting it");
}

// reassign works from the replication differences, which are exactly the changes the plan
// blocks as replication/change.
TEST(Diff, ReplicationChangesAreWhatThePlanBlocksAsSuch) {
  auto d = desired(topic("orders.created", 2) + topic("orders.paid", 4) +
                   topic("orders.shipped", 1, "none", "  deleted: true\n"));
  auto state = cluster({{"orders.created", {"", 2, 2, {}, true, false}},
                        {"orders.paid", {"", 4, 1, {}, true, false}},
                        {"orders.shipped", {"", 1, 3, {}, true, false}}});
  Plan plan = diff(d->topics, state, {});
  std::map<std::string, std::int64_t> blocked;
  for (const auto& b : plan.blocked) {
    if (b.rule == "replication/change") blocked[b.topic] = 1;
  }
  auto changes = replication_changes(d->topics, state);
  EXPECT_EQ(changes, (std::map<std::string, std::int64_t>{{"orders.created", 1}}));
  ASSERT_EQ(blocked.size(), changes.size());
  EXPECT_EQ(blocked.begin()->first, changes.begin()->first);
}

}  // namespace
}  // namespace topicform
