// The engine on an in-memory cluster with faults: the safety contract on every path, retries,
// and the read-back that decides convergence.
#include "engine/reconciler.hpp"

#include <gtest/gtest.h>

#include "core/plan/diff.hpp"
#include "engine/saved_plan.hpp"
#include "unit/fake_cluster.hpp"
#include "unit/plan_fixture.hpp"
#include "unit/printers.hpp"

namespace topicform {
namespace {

ExecutePolicy quiet_policy(bool allow_delete = false) {
  ExecutePolicy policy;
  policy.allow_delete = allow_delete;
  policy.retry = RetryPolicy{3, [](int) {}};
  policy.sleep = [](int) {};
  return policy;
}

const Progress kSilent = [](const std::string&) {};

struct EngineRun {
  Plan plan;
  Outcome outcome;
};

EngineRun plan_and_execute(const Manifests& m, FakeCluster& fake, bool allow_delete = false) {
  auto planned = make_plan(m.engine(), deletes_allowed(allow_delete), {fake, &fake});
  EXPECT_TRUE(planned.has_value());
  Outcome outcome =
      execute(planned->plan, m.engine(), {fake, &fake}, fake, quiet_policy(allow_delete), kSilent);
  return {planned->plan, outcome};
}

const std::string kDeleted = "  deleted: true\n";

ClusterState with_source_and_dead() {
  return cluster({{"orders.created", {"", 3, 1, {}, true, false}},
                  {"orders.created.dead", {"", 1, 1, {}, true, false}}});
}

TEST(Engine, RefusesADeleteThatTheWritingCommandDoesNotAllow) {
  auto m = desired(topic("orders.created", 3, "none", kDeleted));
  FakeCluster fake(with_source_and_dead());
  auto planned = make_plan(m->engine(), deletes_allowed(true), {fake, &fake});
  ASSERT_EQ(deleted_topics(planned->plan).size(), 2u);
  Outcome out =
      execute(planned->plan, m->engine(), {fake, &fake}, fake, quiet_policy(false), kSilent);
  EXPECT_EQ(out.error,
            "the plan deletes 2 topic(s) (first: 'orders.created') but deletes are not allowed: "
            "run apply with --allow-delete; nothing was applied");
  EXPECT_EQ(fake.writes, 0);
  EXPECT_EQ(fake.state().topics.size(), 2u);
}

TEST(Engine, RefusesABlockedPlanAndWhatTheBrokerRefuses) {
  auto m = desired(topic("orders.created", 3));
  FakeCluster fake(cluster({{"orders.created", {"", 5, 1, {}, true, false}}}));
  EngineRun blocked = plan_and_execute(*m, fake);
  EXPECT_EQ(blocked.outcome.error, "the plan has blocked changes; nothing was applied");
  auto m2 = desired(topic("orders.paid", 3));
  FakeCluster refusing(cluster());
  refusing.faults.failing["orders.paid.dead"] = "Authorization failed";
  EngineRun refused = plan_and_execute(*m2, refusing);
  EXPECT_EQ(refused.outcome.error,
            "the cluster refuses 1 change(s), e.g. 'orders.paid.dead': Authorization failed; "
            "nothing was applied");
  EXPECT_EQ(refusing.writes, 0);
  EXPECT_TRUE(refusing.state().topics.empty());
}

TEST(Engine, APlanComesWholeWithTheBrokersRefusalsAfterItsRead) {
  auto m = desired(topic("orders.paid", 3));
  FakeCluster refusing(cluster());
  refusing.faults.failing["orders.paid.dead"] = "Authorization failed";
  std::vector<std::string> phases;
  PlanRequest request;
  request.broker_check = &refusing;
  request.on_phase = [&](std::string_view phase) { phases.emplace_back(phase); };
  auto planned = make_plan(m->engine(), request, {refusing, &refusing});
  ASSERT_TRUE(planned.has_value());
  EXPECT_EQ(phases, (std::vector<std::string>{"read", "validate-only"}));
  ASSERT_EQ(planned->plan.blocked.size(), 1u);
  EXPECT_EQ(planned->plan.blocked[0].message,
            "the broker refuses the change: Authorization failed");
  EXPECT_EQ(refusing.writes, 0);
  auto unchecked = make_plan(m->engine(), {}, {refusing, &refusing});
  EXPECT_TRUE(unchecked->plan.blocked.empty());
}

TEST(Engine, APlanSaysWhyTheEnvironmentsRegistryWasNotRead) {
  auto m = desired(topic("orders.paid", 3));
  FakeCluster fake(cluster());
  PlanRequest request;
  request.registry_absent_because = "--skip-registry: not read";
  EXPECT_EQ(make_plan(m->engine(), request, {fake, &fake})->plan.schemas_skipped, "")
      << "no registry is named, so none was skipped";
  m->environment.schema_registry = RegistrySettings{};
  EXPECT_EQ(make_plan(m->engine(), request, {fake, &fake})->plan.schemas_skipped,
            "--skip-registry: not read");
}

TEST(Engine, ARequestThatTimedOutAfterDoingItsWorkConverges) {
  auto m = desired(topic("orders.created", 3));
  FakeCluster fake(cluster());
  fake.faults.timeout_after_doing = {"create"};
  EngineRun run = plan_and_execute(*m, fake);
  EXPECT_TRUE(run.outcome.converged()) << run.outcome.error;
  EXPECT_EQ(fake.writes, 1);  // the re-read found the topics: nothing sent twice
  EXPECT_EQ(fake.state().topics.size(), 2u);
}

TEST(Engine, APartialBatchFailureStopsLaterPhasesAndSaysSo) {
  auto m = desired(topic("orders.created", 3) + topic("orders.paid", 2));
  FakeCluster fake(cluster({{"orders.paid", {"", 1, 1, {}, true, false}}}));
  EngineRun run = plan_and_execute(*m, fake);
  EXPECT_TRUE(run.outcome.converged());
  FakeCluster failing(cluster({{"orders.paid", {"", 1, 1, {}, true, false}}}));
  auto planned = make_plan(m->engine(), {}, {failing, &failing});
  failing.faults.failing["orders.created.dead"] = "Replication factor: 3 larger than brokers";
  // The failure appears only after the validate-only pass, as a broker's state can change.
  class Late : public FakeCluster {
   public:
    using FakeCluster::FakeCluster;
    Result<std::vector<TopicOutcome>> create_topics(const std::vector<CreateTopic>& t,
                                                    bool validate_only) override {
      if (validate_only) return FakeCluster::create_topics({}, true);
      return FakeCluster::create_topics(t, false);
    }
  } late(cluster({{"orders.paid", {"", 1, 1, {}, true, false}}}));
  late.faults.failing["orders.created.dead"] = "Replication factor: 3 larger than brokers";
  Outcome out = execute(planned->plan, m->engine(), {late, &late}, late, quiet_policy(), kSilent);
  EXPECT_EQ(out.error, "apply stopped: a change failed");
  EXPECT_EQ(out.report.count(ActionStatus::failed), 1u);
  EXPECT_EQ(out.report.count(ActionStatus::not_attempted), 2u);  // partitions, configs
  EXPECT_EQ(late.state().topics.at("orders.paid").partitions, 1);
}

TEST(Engine, DeletedTopicsThatMetadataStillListsCountAsGone) {
  for (int lag : {1, 3, 30}) {
    auto m = desired(topic("orders.created", 3, "none", kDeleted));
    FakeCluster fake(with_source_and_dead());
    fake.faults.reads_lagging_after_delete = lag;
    EngineRun run = plan_and_execute(*m, fake, true);
    EXPECT_TRUE(run.outcome.converged()) << "lag " << lag << ": " << run.outcome.error;
    EXPECT_TRUE(fake.state().topics.empty());
  }
}

TEST(Engine, CreatedTopicsThatMetadataShowsLateAreWaitedForNotReadBack) {
  auto m = desired(topic("orders.created", 3));
  FakeCluster fake(cluster());
  fake.faults.reads_lagging_after_create = 4;
  EngineRun run = plan_and_execute(*m, fake);
  EXPECT_TRUE(run.outcome.converged()) << run.outcome.error;
  EXPECT_EQ(fake.writes, 1);
  EXPECT_EQ(fake.leader_polls, 4);  // four polls without them, then the one that shows them
  EXPECT_EQ(fake.reads, 1);         // the plan's: the create set everything the read would see
  FakeCluster never(cluster());
  never.faults.reads_lagging_after_create = 1000;
  EngineRun stuck = plan_and_execute(*m, never);
  EXPECT_TRUE(stuck.outcome.error.starts_with(
      "apply stopped: 2 created topic(s) have no leader for every partition after 60000 ms"))
      << stuck.outcome.error;
}

// CreatePartitions set the count and the leader wait saw every new partition led: nothing is
// left to read back. A topic grown whose configs changed too is read back, and only it.
TEST(Engine, GrownTopicsAreWaitedForNotReadBack) {
  auto one = desired(topic("orders.created", 1) + topic("billing.paid", 1));
  FakeCluster fake(cluster());
  ASSERT_TRUE(plan_and_execute(*one, fake).outcome.converged());
  auto grown = desired(topic("orders.created", 3) + topic("billing.paid", 1));
  int reads_before = fake.reads;
  EngineRun run = plan_and_execute(*grown, fake);
  EXPECT_TRUE(run.outcome.converged()) << run.outcome.error;
  EXPECT_EQ(fake.writes, 2);                // the create, then the growth
  EXPECT_EQ(fake.reads - reads_before, 1);  // the plan's only
  EXPECT_EQ(fake.state().topics.at("orders.created").partitions, 3);
  fake.state().topics.at("orders.created").configs["retention.ms"] = "86400000";
  auto more = desired(topic("orders.created", 4) + topic("billing.paid", 1));
  reads_before = fake.reads;
  EngineRun both = plan_and_execute(*more, fake);
  EXPECT_TRUE(both.outcome.converged()) << both.outcome.error;
  EXPECT_EQ(fake.reads - reads_before, 2);  // the plan's, and the read-back's
  EXPECT_EQ(fake.last_request.managed, std::vector<std::string>{"orders.created"});
}

// A growth another writer made first (the broker answers "already has 3 partitions") is read
// back: this run did not make it.
TEST(Engine, AGrowthAnotherWriterMadeFirstIsReadBack) {
  auto one = desired(topic("orders.created", 1));
  FakeCluster fake(cluster());
  ASSERT_TRUE(plan_and_execute(*one, fake).outcome.converged());
  auto grown = desired(topic("orders.created", 3));
  auto planned = make_plan(grown->engine(), {}, {fake, &fake});
  ASSERT_TRUE(planned.has_value());
  fake.state().topics.at("orders.created").partitions = 3;  // grown meanwhile
  int reads_before = fake.reads;
  Outcome out =
      execute(planned->plan, grown->engine(), {fake, &fake}, fake, quiet_policy(), kSilent);
  EXPECT_TRUE(out.converged()) << out.error;
  ASSERT_EQ(out.report.results.size(), 1u);
  EXPECT_TRUE(out.report.results[0].already_done);
  EXPECT_EQ(fake.reads - reads_before, 1);
  EXPECT_EQ(fake.last_request.managed, std::vector<std::string>{"orders.created"});
}

// A topic that existed before the create (made meanwhile by someone else) is planned again from a
// fresh read, and what differs is written.
TEST(Engine, ATopicThatAlreadyExistedWhenCreatedIsPlannedAgain) {
  auto m = desired(topic("orders.created", 3));
  FakeCluster fake(cluster());
  auto planned = make_plan(m->engine(), {}, {fake, &fake});
  ASSERT_TRUE(planned.has_value());
  fake.state().topics["orders.created"] = ClusterTopic{"orders.created", 1, 1, {}, true, false};
  Outcome out = execute(planned->plan, m->engine(), {fake, &fake}, fake, quiet_policy(), kSilent);
  EXPECT_TRUE(out.converged()) << out.error;
  EXPECT_EQ(fake.state().topics.at("orders.created").partitions, 3);
  std::vector<std::string> kinds;
  for (const auto& r : out.report.results) {
    if (r.topic == "orders.created") kinds.emplace_back(action_kind_name(r.kind));
  }
  EXPECT_EQ(kinds, (std::vector<std::string>{"create", "add-partitions", "alter-config"}));
}

TEST(Engine, ABrokerThatIsGoneIsAnErrorBeforeAnyWrite) {
  auto m = desired(topic("orders.created", 3));
  FakeCluster fake(cluster());
  fake.faults.down = true;
  auto planned = make_plan(m->engine(), {}, {fake, &fake});
  ASSERT_FALSE(planned.has_value());
  EXPECT_EQ(planned.error().message, "read cluster metadata: Local: Broker transport failure");
}

TEST(Engine, ThrottlesSetByAReassignmentAreSentBackNotReset) {
  auto m = desired(topic("orders.created", 3));
  ClusterState state = cluster({{"orders.created", {"", 3, 1, {}, true, false}},
                                {"orders.created.dead", {"", 1, 1, {}, true, false}}});
  auto& configs = state.topics["orders.created"].configs;
  configs = {{"retention.ms", "86400000"},
             {"leader.replication.throttled.replicas", "*"},
             {"follower.replication.throttled.replicas", "1:2,0:1"}};
  state.topics["orders.created.dead"].configs = {{"cleanup.policy", "delete"},
                                                 {"retention.ms", "2592000000"}};
  FakeCluster fake(state);
  EngineRun run = plan_and_execute(*m, fake);
  ASSERT_TRUE(run.outcome.converged()) << run.outcome.error;
  const auto& alter = std::get<AlterConfig>(run.plan.actions.at(0));
  ASSERT_EQ(alter.changes.size(), 1u);
  EXPECT_EQ(alter.changes[0].key, "retention.ms");
  const auto& now = fake.state().topics.at("orders.created").configs;
  EXPECT_EQ(now.at("leader.replication.throttled.replicas"), "*");
  EXPECT_EQ(now.at("follower.replication.throttled.replicas"), "1:2,0:1");
  EXPECT_EQ(now.at("retention.ms"), "604800000");
}

TEST(Engine, AGroupThatAppearsAfterTheSavedPlanMakesItStale) {
  auto m = desired(topic("orders.created", 3, "none", kDeleted));
  FakeCluster fake(with_source_and_dead());
  auto planned = make_plan(m->engine(), deletes_allowed(true), {fake, &fake});
  SavedPlan saved{planned->plan, "d1", {}, {}};
  fake.state().readers["orders.created"] = {"billing-service"};
  auto fresh = make_plan(m->engine(), deletes_allowed(true), {fake, &fake});
  auto stale = stale_because(saved, fresh->plan, "d1");
  ASSERT_TRUE(stale.has_value());
  EXPECT_EQ(stale->reason, "the cluster changed since it was made, so a plan made now differs");
  EXPECT_EQ(stale->details,
            (std::vector<std::string>{
                "planned: delete orders.created", "planned: delete orders.created.dead",
                "now:     blocked orders.created [delete/no-active-consumers] 'orders.created' is "
                "read by group(s) with live members (billing-service): stop the consumers, "
                "remove the topic from their config and delete the groups first",
                "now:     blocked orders.created.dead [dead/delete-order] 'orders.created.dead' "
                "is deleted only with its source 'orders.created', whose delete is blocked"}));
}

TEST(Engine, ASavedPlanIsStaleForAnotherEnvironmentClusterOrManifest) {
  auto m = desired(topic("orders.created", 3));
  FakeCluster fake(cluster());
  auto planned = make_plan(m->engine(), {}, {fake, &fake});
  SavedPlan saved{planned->plan, "d1", {}, {}};
  EXPECT_FALSE(stale_because(saved, planned->plan, "d1").has_value());
  EXPECT_EQ(stale_because(saved, planned->plan, "d2")->reason,
            "the manifests or settings changed since it was made");
  Plan other_env = planned->plan;
  other_env.environment = "local";
  saved.plan.environment = "prod";
  EXPECT_EQ(stale_because(saved, other_env, "d1")->reason,
            "it was made for environment 'prod', this run is for 'local'");
  saved.plan.environment = other_env.environment;
  other_env.cluster_id = "c2";
  EXPECT_EQ(stale_because(saved, other_env, "d1")->reason,
            "it was made for cluster 'c1', this is 'c2'");
  // A hand-edited action is a difference even with the right digest.
  SavedPlan edited{planned->plan, "d1", {}, {}};
  std::get<CreateTopic>(edited.plan.actions[0]).partitions = 7;
  auto stale = stale_because(edited, planned->plan, "d1");
  ASSERT_TRUE(stale.has_value());
  EXPECT_EQ(stale->details.front(),
            "planned: create orders.created partitions=7 replicationFactor=1 "
            "configs={retention.ms=604800000}");
}

}  // namespace
}  // namespace topicform

namespace topicform {
namespace {

// A run narrowed with --target plans from every manifest but writes only what the targets
// select, and its read-back does not count the drift it left alone.
TEST(EngineTargets, ANarrowRunLeavesTheRestAloneAndConverges) {
  auto m = desired(topic("orders.created", 3) + topic("billing.paid", 3));
  ClusterState state =
      cluster({{"orders.created", {"", 3, 1, {{"segment.ms", "1000"}}, true, false}},
               {"orders.created.dead", {"", 1, 1, {}, true, false}}});
  FakeCluster fake(state);
  Targets targets{{"billing.*"}};
  Desired narrow = m->engine();
  narrow.targets = &targets;
  auto planned = make_plan(narrow, {}, {fake, &fake});
  ASSERT_TRUE(planned.has_value());
  ASSERT_EQ(planned->plan.actions.size(), 2u);
  EXPECT_EQ(action_topic(planned->plan.actions[0]), "billing.paid");
  EXPECT_EQ(action_topic(planned->plan.actions[1]), "billing.paid.dead");
  EXPECT_EQ(planned->plan.targets, std::vector<std::string>{"billing.*"});
  Outcome out = execute(planned->plan, narrow, {fake, &fake}, fake, quiet_policy(), kSilent);
  EXPECT_TRUE(out.converged()) << out.error;
  EXPECT_EQ(fake.state().topics.at("orders.created").configs.at("segment.ms"), "1000");
  EXPECT_TRUE(fake.state().topics.count("billing.paid.dead"));
  // The whole project still sees the drift the narrow run left.
  auto whole = make_plan(m->engine(), {}, {fake, &fake});
  ASSERT_TRUE(whole.has_value());
  EXPECT_TRUE(whole->plan.has_changes());
}

}  // namespace
}  // namespace topicform

namespace topicform {
namespace {

// The cluster as the manifests want it, but `retention_ms` on every source topic.
ClusterState converged_but_retention(const Manifests& m, const std::string& retention_ms) {
  std::map<std::string, ClusterTopic> topics;
  for (const auto& t : m.topics) {
    ConfigMap configs = desired_configs(t);
    if (!t.is_dead) configs["retention.ms"] = retention_ms;
    topics[t.name] = {"", t.partitions.value, 1, configs, true, false};
  }
  return cluster(topics);
}

// A busy broker (right after a large create) shows an accepted config change late, and may
// answer a read with an error meanwhile: the read-back reads again, sends nothing again, and
// converges; it describes only the topic it changed.
TEST(EngineReadBack, ALaggingOrFailingReadIsReadAgainNeverWrittenAgain) {
  auto m = desired(topic("orders.created", 3) + topic("billing.paid", 3));
  FakeCluster fake(converged_but_retention(*m, "604800000"));
  fake.state().topics.at("orders.created").configs["retention.ms"] = "86400000";
  auto planned = make_plan(m->engine(), {}, {fake, &fake});
  ASSERT_TRUE(planned.has_value());
  ASSERT_EQ(planned->plan.actions.size(), 1u);
  fake.faults.reads_lagging_after_alter = 6;
  fake.faults.before_read = [&, failed = false](ClusterState&) mutable {
    if (fake.writes > 0 && !failed) fake.faults.failing_reads = 2, failed = true;
  };
  int slept_ms = 0;
  ExecutePolicy policy = quiet_policy();
  policy.sleep = [&](int ms) { slept_ms += ms; };
  Outcome out = execute(planned->plan, m->engine(), {fake, &fake}, fake, policy, kSilent);
  EXPECT_TRUE(out.converged()) << out.error;
  EXPECT_EQ(fake.writes, 1);
  EXPECT_EQ(fake.last_request.managed, std::vector<std::string>{"orders.created"});
  EXPECT_LE(slept_ms, policy.readback_timeout_ms);
  EXPECT_EQ(fake.state().topics.at("orders.created").configs.at("retention.ms"), "604800000");
}

// The budget counts from the last read that showed progress: a broker that shows one change,
// then the other well past the budget from the start, is still waited for; one that shows
// nothing new for the whole budget is not (GivesUpAfterTheTimeoutWithFewReads). A topic that
// showed its change is not read again.
TEST(EngineReadBack, AReadThatShowsProgressRestartsTheBudget) {
  auto m = desired(topic("orders.created", 3) + topic("billing.paid", 3));
  FakeCluster fake(converged_but_retention(*m, "86400000"));
  auto planned = make_plan(m->engine(), {}, {fake, &fake});
  ASSERT_TRUE(planned.has_value());
  ASSERT_EQ(planned->plan.actions.size(), 2u);
  fake.faults.reads_lagging_after_alter_of = {{"billing.paid", 14}, {"orders.created", 19}};
  int slept_ms = 0;
  ExecutePolicy policy = quiet_policy();
  policy.readback_timeout_ms = 10'000;
  policy.sleep = [&](int ms) { slept_ms += ms; };
  Outcome out = execute(planned->plan, m->engine(), {fake, &fake}, fake, policy, kSilent);
  EXPECT_TRUE(out.converged()) << out.error;
  EXPECT_EQ(fake.writes, 1);
  EXPECT_GT(slept_ms, policy.readback_timeout_ms);
  // Once billing.paid showed its change, only orders.created was read.
  EXPECT_EQ(fake.last_request.managed, std::vector<std::string>{"orders.created"});
}

// A read-back that never sees the change ends after the timeout, with backed-off reads.
TEST(EngineReadBack, GivesUpAfterTheTimeoutWithFewReads) {
  auto m = desired(topic("orders.created", 3) + topic("billing.paid", 3));
  FakeCluster fake(converged_but_retention(*m, "86400000"));
  auto planned = make_plan(m->engine(), {}, {fake, &fake});
  ASSERT_TRUE(planned.has_value());
  fake.faults.reads_lagging_after_alter = 1000;
  int slept_ms = 0;
  ExecutePolicy policy = quiet_policy();
  policy.readback_timeout_ms = 30'000;
  policy.sleep = [&](int ms) { slept_ms += ms; };
  int reads_before = fake.reads;
  Outcome out = execute(planned->plan, m->engine(), {fake, &fake}, fake, policy, kSilent);
  EXPECT_FALSE(out.converged());
  EXPECT_TRUE(out.error.starts_with("the cluster still differs: the broker accepted every change"))
      << out.error;
  EXPECT_EQ(fake.writes, 1);
  EXPECT_GE(slept_ms, 30'000);
  EXPECT_LE(fake.reads - reads_before, 30);  // 200 ms reads for 2 s, then backed off to 2 s
  fake.faults.failing_reads = 1000;
  Outcome failing = execute(planned->plan, m->engine(), {fake, &fake}, fake, policy, kSilent);
  EXPECT_TRUE(
      failing.error.starts_with("the changes were accepted, but reading them back failed "
                                "for 30 s: describe configs: Broker: Unknown topic"))
      << failing.error;
}

// A broker behind the others does not list topics that exist: the plan creates them, the
// broker answers "already exists", and they are read again until a read lists them and their
// change is written; reads that never list them end the run with that reason.
TEST(Engine, ATopicReadsMissIsReadAgainUntilListedThenChanged) {
  auto m = desired(topic("orders.created", 3));
  ClusterState state = converged_but_retention(*m, "86400000");
  FakeCluster fake(state);
  fake.faults.reads_missing = {{"orders.created", 2}};
  EngineRun run = plan_and_execute(*m, fake);
  EXPECT_TRUE(run.outcome.converged()) << run.outcome.error;
  EXPECT_EQ(fake.state().topics.at("orders.created").configs.at("retention.ms"), "604800000");
  FakeCluster never(state);
  never.faults.reads_missing = {{"orders.created", 1000}};
  EngineRun stuck = plan_and_execute(*m, never);
  EXPECT_EQ(stuck.outcome.error,
            "1 topic(s) (first: 'orders.created') exist on the cluster, but its reads do not list "
            "them: a broker is behind the others (as after a large create); re-run once it has "
            "caught up");
  EXPECT_EQ(never.state().topics.at("orders.created").configs.at("retention.ms"), "86400000");
}

TEST(SavedPlanRefusal, OtherTargetsAndUnallowedDeletesAreRefused) {
  SavedPlan saved;
  saved.targets = {"orders.*"};
  EXPECT_EQ(saved_plan_refusal(saved, false, {"orders.*"}), std::nullopt);
  EXPECT_EQ(*saved_plan_refusal(saved, false, {"payments.*"}),
            "the plan was saved with --target orders.*: apply it with the same targets or none; "
            "nothing was applied");
  saved.targets.clear();
  EXPECT_EQ(*saved_plan_refusal(saved, false, {"payments.*"}),
            "the plan was saved with --target (none): apply it with the same targets or none; "
            "nothing was applied");
  saved.plan.actions.push_back(DeleteTopic{"orders.old", {}});
  EXPECT_EQ(*saved_plan_refusal(saved, false, {}),
            "the plan deletes 1 topic(s) (first: 'orders.old'): run apply with --allow-delete to "
            "delete them; nothing was applied");
  EXPECT_EQ(saved_plan_refusal(saved, true, {}), std::nullopt);
}

}  // namespace
}  // namespace topicform
