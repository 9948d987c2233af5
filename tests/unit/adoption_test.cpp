// plan_adoption() and the manifests written from it: what is adopted, how the dead topics pair,
// and the contract that the written manifests plan as "no changes" against the cluster read.
#include "core/plan/adoption.hpp"

#include <gtest/gtest.h>

#include "core/plan/diff.hpp"
#include "core/rules/check.hpp"
#include "manifest/manifest_writer.hpp"
#include "manifest/project_loader.hpp"
#include "unit/plan_fixture.hpp"

namespace topicform {
namespace {

ClusterTopic with(std::int64_t partitions, std::int64_t rf,
                  std::map<std::string, std::string> configs) {
  ClusterTopic t;
  t.partitions = partitions;
  t.replication_factor = rf;
  t.configs = std::move(configs);
  return t;
}

// Topics with the shapes adoption must read back exactly.
ClusterState assorted() {
  ClusterState state = cluster({
      {"orders.created", with(3, 3, {{"retention.ms", "604800000"}, {"cleanup.policy", "delete"}})},
      {"orders.created.dead",
       with(2, 3, {{"retention.ms", "5184000000"}, {"cleanup.policy", "delete"}})},
      {"payments.settled", with(6, 2,
                                {{"retention.ms", "86400001"},
                                 {"min.insync.replicas", "2"},
                                 {"compression.type", "zstd"},
                                 {"min.cleanable.dirty.ratio", "0.3"},
                                 {"message.timestamp.type", "LogAppendTime"}})},
      {"payments.settled.dead", with(1, 2, {{"retention.ms", "2592000000"}})},
      {"UserProfiles_v2", with(2, 1,
                               {{"cleanup.policy", "compact,delete"},
                                {"retention.bytes", "1536"},
                                {"unclean.leader.election.enable", "true"}})},
      {"forever", with(1, 1, {{"retention.ms", "-1"}, {"retention.bytes", "10737418240"}})},
      {"forever.dead", with(1, 1, {{"retention.ms", "-1"}, {"cleanup.policy", "delete"}})},
      {"legacy", with(1, 1, {})},
      // The runbook's own command (step 4): retention only, cleanup.policy the broker's default.
      {"orders.shipped", with(3, 1, {{"retention.ms", "604800000"}})},
      {"orders.shipped.dead", with(1, 1, {{"retention.ms", "2592000000"}})},
      {"-odd.name", with(1, 1, {{"follower.replication.throttled.replicas", "0:1,1:2"}})},
      {"stray.dead", with(1, 1, {{"retention.ms", "1"}})},
      {"_schemas", with(1, 1, {{"cleanup.policy", "compact"}})},
  });
  // What the broker's configs say, as a read has them.
  state.message_max_bytes = 1048588;
  state.topic_defaults = {{"cleanup.policy", "delete"},
                          {"max.message.bytes", "1048588"},
                          {"min.insync.replicas", "1"},
                          {"retention.ms", "604800000"}};
  state.topics["__consumer_offsets"] = with(50, 3, {});
  state.topics["__consumer_offsets"].internal = true;
  state.committed_groups = {{"orders.created", {"billing-service"}},
                            {"legacy", {"console-consumer-12345", "null"}},
                            {"forever", {"*", "", "{{", "reader-service"}}};
  return state;
}

const AdoptedTopic* find(const Adoption& adoption, const std::string& name) {
  for (const auto& t : adoption.topics) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

std::vector<std::string> names(const Adoption& adoption) {
  std::vector<std::string> out;
  for (const auto& t : adoption.topics) out.push_back(t.name);
  return out;
}

// Loads the written manifests as the project would and plans them against `state`.
Plan plan_written(const Adoption& adoption, const ClusterState& state,
                  std::vector<Diagnostic>& diagnostics) {
  static Project project;  // the plan's topics point into it
  project = Project{};
  for (const auto& t : adoption.topics) {
    load_manifest_text(adopted_manifest_text(t, state.cluster_id), t.path, project);
  }
  diagnostics = project.diagnostics;
  RuleSink sink(project.settings, diagnostics);
  Environment environment = select_environment(project.settings, "", sink);
  static std::vector<EffectiveTopic> topics;
  topics = check_topics(project.topics, project.settings, environment, sink);
  return diff(topics, state, {});
}

TEST(Adoption, WrittenManifestsPlanAsNoChangesAgainstTheClusterRead) {
  ClusterState state = assorted();
  Adoption adoption = plan_adoption(state, {});
  std::vector<Diagnostic> diagnostics;
  Plan plan = plan_written(adoption, state, diagnostics);
  EXPECT_TRUE(plan.actions.empty()) << plan.actions.size() << " actions";
  EXPECT_TRUE(plan.blocked.empty());
  EXPECT_FALSE(has_errors(diagnostics)) << diagnostics.front().message;
  EXPECT_EQ(plan.unmanaged, (std::vector<std::string>{"_schemas"}));
}

// A group that commits offsets as '*' (or '', or any name that is not literal) is never made a
// declared consumer: the owner card would grant it every group.
TEST(Adoption, OnlyGroupsWithLiteralNamesBecomeConsumers) {
  Adoption adoption = plan_adoption(assorted(), {});
  EXPECT_EQ(find(adoption, "forever")->consumers, (std::vector<std::string>{"reader-service"}));
}

TEST(Adoption, SkipsInternalUnderscoredAndManagedTopics) {
  ClusterState state = assorted();
  AdoptionScope scope;
  scope.managed = {"legacy"};
  Adoption adoption = plan_adoption(state, scope);
  EXPECT_EQ(names(adoption),
            (std::vector<std::string>{"-odd.name", "UserProfiles_v2", "forever", "orders.created",
                                      "orders.shipped", "payments.settled", "payments.settled.dead",
                                      "stray.dead"}));
  EXPECT_EQ(adoption.skipped, (std::vector<std::string>{
                                  "_schemas: a name starting with '_' is a tool's internal topic; "
                                  "--include adopts it"}));
}

TEST(Adoption, IncludeMatchesWholeNamesAndCanNameUnderscoredTopics) {
  ClusterState state = assorted();
  auto pattern = Pattern::compile("_schemas|orders\\..*|forever");
  ASSERT_TRUE(pattern);
  AdoptionScope scope;
  scope.include = &*pattern;
  Adoption adoption = plan_adoption(state, scope);
  // orders.created.dead comes with its source; "forever" does not match "forever.dead" but the
  // dead topic pairs with it.
  EXPECT_EQ(names(adoption),
            (std::vector<std::string>{"_schemas", "forever", "orders.created", "orders.shipped"}));
  EXPECT_EQ(find(adoption, "forever")->dead_topic, "forever.dead");
  EXPECT_TRUE(adoption.skipped.empty());
}

TEST(Adoption, DeadTopicsPairWhenDerivableWithOnlyTheirDifferences) {
  Adoption adoption = plan_adoption(assorted(), {});
  const AdoptedTopic* orders = find(adoption, "orders.created");
  ASSERT_NE(orders, nullptr);
  EXPECT_EQ(orders->dead_topic, "orders.created.dead");
  EXPECT_TRUE(orders->dead_letter.derived);
  EXPECT_EQ(orders->dead_letter.retention, "60d");
  EXPECT_EQ(orders->dead_letter.partitions, 2);
  EXPECT_EQ(orders->consumers, (std::vector<std::string>{"billing-service"}));
  // A source kept for ever derives a dead topic kept for ever: nothing to override.
  const AdoptedTopic* forever = find(adoption, "forever");
  EXPECT_TRUE(forever->dead_letter.derived);
  EXPECT_FALSE(forever->dead_letter.retention);
  EXPECT_EQ(forever->retention, "infinite");
  EXPECT_EQ(forever->retention_bytes, "10GiB");
}

// A `.dead` made the runbook's way deletes by the broker's default: it is its source's
// `deadLetter:`, keeping the broker's message limit it has (dead/accepts-source then warns).
TEST(Adoption, ADeadTopicMadeTheRunbooksWayIsItsSourcesDeadLetter) {
  Adoption adoption = plan_adoption(assorted(), {});
  const AdoptedTopic* shipped = find(adoption, "orders.shipped");
  ASSERT_NE(shipped, nullptr);
  EXPECT_TRUE(shipped->dead_letter.derived) << shipped->dead_letter.reason;
  EXPECT_EQ(shipped->dead_topic, "orders.shipped.dead");
  EXPECT_EQ(shipped->dead_letter.config,
            (std::map<std::string, std::string>{{"max.message.bytes", "1048588"}}));
  EXPECT_EQ(find(adoption, "orders.shipped.dead"), nullptr);
}

TEST(Adoption, AnUnderivableOrMissingDeadTopicIsSaidWhy) {
  Adoption adoption = plan_adoption(assorted(), {});
  EXPECT_EQ(find(adoption, "payments.settled")->dead_letter.reason,
            "'payments.settled.dead' is adopted as it is, in its own manifest: its "
            "min.insync.replicas differs from its source's");
  EXPECT_NE(find(adoption, "payments.settled.dead"), nullptr);
  EXPECT_EQ(find(adoption, "legacy")->dead_letter.reason,
            "'legacy.dead' was not on the cluster when the topic was adopted; remove this to "
            "create it");
  EXPECT_FALSE(find(adoption, "legacy")->dead_letter.derived);
}

TEST(Adoption, FieldsInHumanUnitsOnlyWhereExactTheRestAsConfig) {
  Adoption adoption = plan_adoption(assorted(), {});
  const AdoptedTopic* payments = find(adoption, "payments.settled");
  EXPECT_EQ(payments->retention, "86400001ms");
  EXPECT_EQ(payments->config.at("min.cleanable.dirty.ratio"), "0.3");
  const AdoptedTopic* profiles = find(adoption, "UserProfiles_v2");
  EXPECT_EQ(profiles->cleanup_policy, (std::vector<std::string>{"compact", "delete"}));
  EXPECT_EQ(profiles->retention_bytes, "1536");
  EXPECT_FALSE(profiles->retention);
}

TEST(Adoption, ASnapshotWithoutConfigsIsNotGuessedFrom) {
  ClusterState state = assorted();
  state.topics["legacy"].configs_known = false;
  Adoption adoption = plan_adoption(state, {});
  EXPECT_EQ(adoption.configs_unknown, (std::vector<std::string>{"legacy"}));
}

TEST(Adoption, PathsFollowTheFirstLevelAndAreNeverHiddenOrAmbiguous) {
  EXPECT_EQ(adopted_path("orders.created"), "orders/created.yaml");
  EXPECT_EQ(adopted_path("commerce.orders.events"), "commerce/orders.events.yaml");
  EXPECT_EQ(adopted_path("legacy"), "legacy.yaml");
  EXPECT_EQ(adopted_path(".hidden"), "+.hidden.yaml");
  EXPECT_EQ(adopted_path("-x"), "+-x.yaml");
  EXPECT_NE(adopted_path("-x"), adopted_path("topic-x"));
  EXPECT_EQ(adopted_path("a."), "a..yaml");
  EXPECT_EQ(adopted_path("orders..created"), "orders/+.created.yaml");
  EXPECT_EQ(adopted_path("orders.-x"), "orders/+-x.yaml");
  EXPECT_EQ(adopted_path("topicform"), "+topicform.yaml");
  EXPECT_EQ(adopted_path("topicform.x"), "topicform/x.yaml");
}

// Quoted wherever a YAML 1.1 or 1.2 reader could take them for anything but a string.
TEST(Adoption, WordsOtherReadersTakeForBooleansOrNumbersAreQuoted) {
  for (std::string word : {"yes", "off", "On", "y", "N", "0x10", "0o17", "1_000", "0b101", "017",
                           "1e5", ".5", "null"}) {
    EXPECT_EQ(yaml_scalar(word), "\"" + word + "\"") << word;
  }
  for (std::string word : {"7d", "86400001ms", "orders.created", "billing-service", "yesterday"}) {
    EXPECT_EQ(yaml_scalar(word), word) << word;
  }
}

TEST(Adoption, ScalarsReadBackAsTheSameStrings) {
  for (std::string text :
       {"yes", "null", "~",    "true",  "1e5",         "0x10",      "12",     "a: b",
        "#x",  "",     "'q'",  "\"",    "caf\xc3\xa9", "tab\there", "- item", "7d",
        "[x]", "off",  "0o17", "1_000", "y",           "0b101",     "017",    ".5"}) {
    Project project;
    load_manifest_text(fmt::format("apiVersion: topicform/v1\nkind: Topic\nmetadata: {{name: "
                                   "a.b}}\nspec:\n  partitions: 1\n  description: {}\n",
                                   yaml_scalar(text)),
                       "t.yaml", project);
    ASSERT_EQ(project.topics.size(), 1u) << text;
    EXPECT_EQ(project.topics[0].description.value, text) << yaml_scalar(text);
  }
}

TEST(Adoption, AdoptedTopicsWarnWhereOthersFailButUnreadableManifestsStillFail) {
  std::string body =
      "apiVersion: topicform/v1\nkind: Topic\nmetadata: {name: Legacy_Topic}\nspec:\n"
      "  partitions: 1\n  config: {segment.ms: 5, retention.ms: 1, max.message.bytes: x}\n";
  auto strict = desired(body);
  auto adopted = desired(body + "  adopted: true\n");
  auto rules_with = [](const Manifests& m, Severity severity) {
    std::set<std::string> out;
    for (const auto& d : m.diagnostics) {
      if (d.severity == severity) out.insert(d.rule);
    }
    return out;
  };
  EXPECT_TRUE(rules_with(*strict, Severity::error).count("naming/lowercase"));
  EXPECT_TRUE(rules_with(*strict, Severity::error).count("config/cross-field"));
  EXPECT_EQ(rules_with(*adopted, Severity::error), (std::set<std::string>{"config/known-key"}));
  EXPECT_TRUE(rules_with(*adopted, Severity::warning).count("naming/lowercase"));
  EXPECT_TRUE(rules_with(*adopted, Severity::warning).count("config/cross-field"));
}

TEST(Adoption, TheWrittenEnvironmentTakesTheMostCommonFactorAndTheLowestAsMinimum) {
  Adoption adoption;
  for (std::int64_t factor : {3, 3, 2, 3, 1}) {
    AdoptedTopic topic;
    topic.replication_factor = factor;
    adoption.topics.push_back(topic);
  }
  ClusterState state;
  state.cluster_id = "c1";
  state.brokers = 3;
  auto environment = adopted_environment(adoption, state, "", "127.0.0.1:9092");
  EXPECT_EQ(environment.name, "default");
  EXPECT_EQ(environment.bootstrap_servers, "127.0.0.1:9092");
  EXPECT_EQ(environment.cluster_id, "c1");
  EXPECT_EQ(environment.brokers, 3);
  EXPECT_EQ(environment.replication_factor, 3);
  EXPECT_EQ(environment.minimum_replication_factor, 1);
  auto empty = adopted_environment(Adoption{}, ClusterState{}, "prod", "");
  EXPECT_EQ(empty.name, "prod");
  EXPECT_EQ(empty.brokers, 1);
  EXPECT_EQ(empty.replication_factor, 1);
}

TEST(Adoption, AProjectWithoutManifestsIsWhereAdoptionStarts) {
  std::vector<Diagnostic> diagnostics(2);
  diagnostics[0].rule = "manifest/none";
  diagnostics[1].rule = "naming/past-tense";
  drop_no_manifests(diagnostics);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].rule, "naming/past-tense");
}

}  // namespace
}  // namespace topicform
