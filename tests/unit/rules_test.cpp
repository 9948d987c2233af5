// Every offline rule, shown firing on a small change to a clean manifest and silent without it.
#include <set>

#include <gtest/gtest.h>

#include "core/rules/check.hpp"
#include "core/rules/rule_catalog.hpp"
#include "manifest/project_loader.hpp"
#include "unit/printers.hpp"

namespace topicform {
namespace {

const std::string kClean = R"(apiVersion: topicform/v1
kind: Topic
metadata:
  name: orders.created
spec:
  description: An order was created.
  kind: event
  partitions: 3
  replicationFactor: 3
  retention: 7d
  config: {min.insync.replicas: 2}
  owner:
    team: orders
    producer: order-service
    consumers: [billing-service]
    key: order_id
    ordering: per-key
)";

// `text` with `from` replaced by `to`; fails the test if `from` is absent.
std::string with(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "no '" << from << "' in the manifest";
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

struct Checked {
  std::vector<Diagnostic> diagnostics;
  std::set<std::string> rules;
  std::vector<std::string> names;  // desired topics, dead ones included
};

Checked check(const std::string& manifests, const std::string& environment = "") {
  Project project;
  load_manifest_text(manifests, "t.yaml", project);
  Checked out;
  out.diagnostics = project.diagnostics;
  RuleSink sink(project.settings, out.diagnostics);
  Environment env = select_environment(project.settings, environment, sink);
  for (const auto& topic : check_topics(project.topics, project.settings, env, sink)) {
    out.names.push_back(topic.name);
  }
  sort_diagnostics(out.diagnostics);
  for (const auto& d : out.diagnostics) out.rules.insert(d.rule);
  return out;
}

bool fires(const std::string& rule, const std::string& manifests, const std::string& env = "") {
  return check(manifests, env).rules.count(rule) > 0;
}

TEST(Rules, CleanManifestHasNoFindingsAndDerivesItsDeadTopic) {
  auto result = check(kClean);
  EXPECT_TRUE(result.diagnostics.empty()) << result.diagnostics[0].message;
  EXPECT_EQ(result.names, (std::vector<std::string>{"orders.created", "orders.created.dead"}));
}

TEST(NamingRules, Legal) {
  EXPECT_TRUE(fires("naming/legal", with(kClean, "orders.created", "orders.cre@ted")));
  EXPECT_TRUE(fires("naming/legal", with(kClean, "orders.created", std::string(250, 'a'))));
  EXPECT_TRUE(fires("naming/legal", with(kClean, "name: orders.created", "name: '..'")));
  EXPECT_FALSE(fires("naming/legal", kClean));
}

TEST(NamingRules, Lowercase) {
  auto result = check(with(kClean, "orders.created", "Orders.created"));
  ASSERT_TRUE(result.rules.count("naming/lowercase"));
  EXPECT_FALSE(fires("naming/lowercase", kClean));
}

TEST(NamingRules, Separators) {
  EXPECT_TRUE(fires("naming/separators", with(kClean, "orders.created", "orders_created")));
  EXPECT_TRUE(fires("naming/separators", with(kClean, "orders.created", "orders..created")));
  EXPECT_TRUE(fires("naming/separators", with(kClean, "orders.created", "orders.-created")));
  EXPECT_FALSE(fires("naming/separators", with(kClean, "orders.created", "orders.method-changed")));
}

TEST(NamingRules, MetricCollision) {
  std::string other = with(with(kClean, "orders.created", "orders.paid"),
                           "consumers: [billing-service]", "consumers: []");
  std::string colliding = with(kClean, "orders.created", "orders_created");
  auto result = check(kClean + "---\n" + colliding);
  EXPECT_TRUE(result.rules.count("naming/metric-collision"));
  EXPECT_FALSE(fires("naming/metric-collision", kClean + "---\n" + other));
}

TEST(NamingRules, ConventionPresetsAndPatterns) {
  EXPECT_TRUE(fires("naming/convention", with(kClean, "orders.created", "created")));
  EXPECT_TRUE(fires("naming/convention", with(kClean, "orders.created", "commerce.orders.events")));
  std::string settings =
      "apiVersion: topicform/v1\nkind: Settings\nspec:\n  naming:\n"
      "    convention: [domain-entity-kind, {pattern: 'legacy\\..*'}]\n---\n";
  EXPECT_FALSE(fires("naming/convention",
                     settings + with(kClean, "orders.created", "commerce.orders.events")));
  EXPECT_FALSE(fires("naming/convention", settings + with(kClean, "orders.created", "legacy.x")));
  EXPECT_TRUE(fires("naming/convention", settings + kClean));
}

TEST(NamingRules, NoOwnerNames) {
  EXPECT_TRUE(
      fires("naming/no-owner-names", with(kClean, "orders.created", "order-service.created")));
  EXPECT_TRUE(fires("naming/no-owner-names", with(kClean, "orders.created", "orders.created-v2")));
  EXPECT_TRUE(
      fires("naming/no-owner-names", with(kClean, "orders.created", "orders.prod-created")));
  EXPECT_TRUE(
      fires("naming/no-owner-names", with(kClean, "orders.created", "billing-service.paid")));
  EXPECT_FALSE(fires("naming/no-owner-names", kClean));
}

TEST(NamingRules, PastTenseIsAWarning) {
  auto result = check(with(kClean, "orders.created", "orders.create"));
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].severity, Severity::warning);
  EXPECT_EQ(result.diagnostics[0].rule, "naming/past-tense");
  EXPECT_FALSE(fires("naming/past-tense", with(kClean, "orders.created", "orders.paid")));
}

TEST(NamingRules, PastTenseCanBeTurnedOff) {
  std::string settings =
      "apiVersion: topicform/v1\nkind: Settings\nspec:\n  rules:\n"
      "    naming/past-tense: off\n---\n";
  EXPECT_FALSE(
      fires("naming/past-tense", settings + with(kClean, "orders.created", "orders.create")));
}

TEST(NamingRules, ReservedSuffixAndOrphan) {
  auto result = check(with(kClean, "orders.created", "orders.created.dead"));
  EXPECT_TRUE(result.rules.count("naming/reserved-suffix"));
  EXPECT_TRUE(result.rules.count("dead/orphan"));
  EXPECT_FALSE(fires("naming/reserved-suffix", kClean));
}

TEST(NamingRules, RenameIsInformation) {
  auto result =
      check(with(kClean, "  kind: event\n", "  kind: event\n  previousName: orders.made\n"));
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].severity, Severity::info);
  EXPECT_EQ(result.diagnostics[0].rule, "naming/rename");
}

TEST(PartitionRules, Positive) {
  EXPECT_TRUE(fires("partitions/positive", with(kClean, "partitions: 3", "partitions: 0")));
  EXPECT_FALSE(fires("partitions/positive", with(kClean, "partitions: 3", "partitions: 1")));
}

TEST(PartitionRules, ConsumerParallelism) {
  std::string many = with(kClean, "[billing-service]", "[{group: billing-service, replicas: 4}]");
  std::string enough = with(kClean, "[billing-service]", "[{group: billing-service, replicas: 3}]");
  EXPECT_TRUE(fires("partitions/consumer-parallelism", many));
  EXPECT_FALSE(fires("partitions/consumer-parallelism", enough));
}

TEST(PartitionRules, SizingFollowsTheArticlesArithmetic) {
  std::string load =
      "    throughput: {peakMessagesPerSecond: 40000, consumerMessagesPerSecond: 5000}\n";
  std::string sized = with(kClean + load, "partitions: 3", "partitions: 12");
  EXPECT_TRUE(fires("partitions/sizing", with(kClean + load, "partitions: 3", "partitions: 8")));
  EXPECT_FALSE(fires("partitions/sizing", sized));
}

TEST(PartitionRules, Budget) {
  std::string settings =
      "apiVersion: topicform/v1\nkind: Settings\nspec:\n  budgets:\n"
      "    partitionReplicasPerBroker: 10\n---\n";
  EXPECT_TRUE(fires("partitions/budget", settings + kClean));  // (3 + 1) x 3 = 12 > 10
  EXPECT_FALSE(fires("partitions/budget", kClean));
}

const std::string kEnvironments = R"(apiVersion: topicform/v1
kind: Settings
spec:
  defaultEnvironment: prod
  environments:
    prod:
      brokers: 3
      replicationFactor: {default: 3, minimum: 3}
      minInsyncReplicas: {default: 2, minimum: 2}
---
)";

TEST(ReplicationRules, EnvironmentMinimum) {
  EXPECT_TRUE(fires("replication/environment-minimum",
                    kEnvironments + with(kClean, "replicationFactor: 3", "replicationFactor: 2")));
  EXPECT_FALSE(fires("replication/environment-minimum", kEnvironments + kClean));
}

TEST(ReplicationRules, EnvironmentDefaultMinIsrBecomesDesiredConfig) {
  auto result = check(kEnvironments + with(kClean, "  config: {min.insync.replicas: 2}\n", ""));
  EXPECT_TRUE(result.diagnostics.empty()) << result.diagnostics[0].message;
}

TEST(ReplicationRules, MinIsr) {
  EXPECT_TRUE(fires("replication/min-isr",
                    with(kClean, "min.insync.replicas: 2", "min.insync.replicas: 3")));
  EXPECT_TRUE(fires("replication/min-isr",
                    with(kClean, "min.insync.replicas: 2", "min.insync.replicas: 1")));
  EXPECT_TRUE(
      fires("replication/min-isr", with(kClean, "  config: {min.insync.replicas: 2}\n", "")));
  EXPECT_FALSE(fires("replication/min-isr", kClean));
}

TEST(ReplicationRules, SingleCopyUnlessReplayable) {
  std::string single = with(with(kClean, "replicationFactor: 3", "replicationFactor: 1"),
                            "min.insync.replicas: 2", "min.insync.replicas: 1");
  EXPECT_TRUE(fires("replication/single-copy", single));
  EXPECT_FALSE(fires("replication/single-copy",
                     with(single, "  kind: event\n", "  kind: event\n  replayable: outbox\n")));
}

TEST(RetentionRules, Explicit) {
  EXPECT_TRUE(fires("retention/explicit", with(kClean, "  retention: 7d\n", "")));
  EXPECT_FALSE(fires("retention/explicit",
                     with(kClean, "  retention: 7d\n", "  config: {retention.ms: 604800000}\n")
                         .replace(0, 0, "")));
}

TEST(RetentionRules, Units) {
  EXPECT_TRUE(fires("retention/units", with(kClean, "retention: 7d", "retention: 7days")));
  EXPECT_TRUE(fires("retention/units",
                    with(kClean, "retention: 7d", "retention: 7d\n  retentionBytes: 10gb")));
  EXPECT_FALSE(fires("retention/units",
                     with(kClean, "retention: 7d", "retention: 7d\n  retentionBytes: 10GiB")));
}

TEST(RetentionRules, StorageEstimateAgainstBudget) {
  std::string settings =
      "apiVersion: topicform/v1\nkind: Settings\nspec:\n  budgets:\n"
      "    storagePerTopic: 20GiB\n---\n";
  // The runbook's example: 10 msg/s x 2 KiB x 7 d x RF 3 = 34.6 GiB (+ 9 GiB of active segments).
  std::string load = "    throughput: {peakMessagesPerSecond: 10, averageMessageBytes: 2048}\n";
  EXPECT_TRUE(fires("retention/storage-estimate", settings + kClean + load));
  EXPECT_FALSE(fires("retention/storage-estimate", kClean + load));
}

TEST(RetentionRules, Downtime) {
  EXPECT_TRUE(fires("retention/downtime", kClean + "    maxConsumerDowntime: 7d\n"));
  EXPECT_FALSE(fires("retention/downtime", kClean + "    maxConsumerDowntime: 2d\n"));
}

TEST(CleanupRules, Valid) {
  EXPECT_TRUE(fires("cleanup/valid", with(kClean, "  retention: 7d\n",
                                          "  retention: 7d\n  cleanupPolicy: remove\n")));
  EXPECT_FALSE(fires(
      "cleanup/valid",
      with(kClean, "  retention: 7d\n", "  retention: 7d\n  cleanupPolicy: [compact, delete]\n")));
}

TEST(CleanupRules, CompactNeedsKey) {
  std::string compacted = with(with(kClean, "kind: event", "kind: state"), "  retention: 7d\n",
                               "  retention: 7d\n  cleanupPolicy: compact\n");
  EXPECT_TRUE(fires("cleanup/compact-needs-key", with(with(compacted, "key: order_id", "key: none"),
                                                      "ordering: per-key", "ordering: none")));
  EXPECT_FALSE(fires("cleanup/compact-needs-key", compacted));
}

TEST(CleanupRules, StateIsCompacted) {
  EXPECT_TRUE(fires("cleanup/state-is-compacted", with(kClean, "kind: event", "kind: state")));
  EXPECT_FALSE(fires("cleanup/state-is-compacted", kClean));
}

TEST(CleanupRules, DeltasNotCompacted) {
  std::string compacted =
      with(kClean, "  retention: 7d\n", "  retention: 7d\n  cleanupPolicy: compact\n");
  EXPECT_TRUE(fires("cleanup/deltas-not-compacted", compacted));
  EXPECT_FALSE(
      fires("cleanup/deltas-not-compacted", with(compacted, "kind: event", "kind: state")));
}

TEST(DeadLetterRules, PairedNeedsAReasonToOptOut) {
  std::string off = kClean.substr(0, kClean.find("  owner:")) + "  deadLetter: {enabled: false}\n" +
                    kClean.substr(kClean.find("  owner:"));
  EXPECT_TRUE(fires("dead/paired", off));
  auto with_reason =
      check(with(off, "{enabled: false}", "{enabled: false, reason: replayed from the outbox}"));
  EXPECT_FALSE(with_reason.rules.count("dead/paired"));
  EXPECT_EQ(with_reason.names, (std::vector<std::string>{"orders.created"}));
}

TEST(DeadLetterRules, DerivedTopicFollowsTheRunbook) {
  Project project;
  load_manifest_text(kClean, "t.yaml", project);
  std::vector<Diagnostic> diagnostics;
  RuleSink sink(project.settings, diagnostics);
  Environment env = select_environment(project.settings, "", sink);
  auto topics = check_topics(project.topics, project.settings, env, sink);
  ASSERT_EQ(topics.size(), 2u);
  const EffectiveTopic& dead = topics[1];
  EXPECT_EQ(dead.partitions.value, 1);
  EXPECT_EQ(dead.replication_factor.value, 3);
  EXPECT_EQ(dead.config.at("retention.ms").value, "2592000000");
  EXPECT_EQ(dead.config.at("cleanup.policy").value, "delete");
  EXPECT_EQ(dead.config.at("min.insync.replicas").value, "2");
}

TEST(DeadLetterRules, LongerRetention) {
  EXPECT_TRUE(fires("dead/longer-retention", with(kClean, "retention: 7d", "retention: 30d")));
  EXPECT_FALSE(fires("dead/longer-retention", with(kClean, "retention: 7d", "retention: 29d")));
}

TEST(DeadLetterRules, NoChain) {
  std::string dead = with(kClean, "orders.created", "orders.created.dead");
  dead = with(dead, "  owner:", "  deadLetter: {retention: 60d}\n  owner:");
  EXPECT_TRUE(fires("dead/no-chain", kClean + "---\n" + dead));
  EXPECT_FALSE(fires("dead/no-chain", kClean));
}

TEST(OwnerRules, Required) {
  auto result = check(
      with(with(kClean, "    team: orders\n", ""), "  description: An order was created.\n", ""));
  std::vector<std::string> messages;
  for (const auto& d : result.diagnostics) messages.push_back(d.message);
  EXPECT_EQ(messages,
            (std::vector<std::string>{"the owner card of 'orders.created' lacks 'description'",
                                      "the owner card of 'orders.created' lacks 'owner.team'"}));
  EXPECT_FALSE(fires("owner/required", kClean));
}

TEST(OwnerRules, SettingsCanRequireMore) {
  std::string settings =
      "apiVersion: topicform/v1\nkind: Settings\nspec:\n  owner:\n"
      "    require: [schema]\n---\n";
  EXPECT_TRUE(fires("owner/required", settings + kClean));
  EXPECT_FALSE(fires("owner/required", settings + kClean + "    schema: s.json\n"));
}

TEST(OwnerRules, GroupNames) {
  for (const char* bad : {"billing-6f9c2d1e0a", "billing-service-1", "ip-10-0-1-14",
                          "3f2b9c1e-7d4a-4f1b-9e8a-1c2d3e4f5a6b", "billing-7d9f8b6c4-x2kqp"}) {
    EXPECT_TRUE(
        fires("owner/group-names", with(kClean, "[billing-service]", std::string("[") + bad + "]")))
        << bad;
  }
  EXPECT_TRUE(fires("owner/group-names",
                    with(kClean, "[billing-service]", "[billing-service, billing-service]")));
  EXPECT_FALSE(fires("owner/group-names",
                     with(kClean, "[billing-service]", "[billing-service, analytics-service]")));
}

TEST(OwnerRules, CommandOneExecutor) {
  std::string command = with(with(kClean, "kind: event", "kind: command"), "orders.created",
                             "orders.invoice.commands");
  EXPECT_TRUE(fires("owner/command-one-executor",
                    with(command, "[billing-service]", "[billing-service, pdf-service]")));
  EXPECT_FALSE(fires("owner/command-one-executor", command));
}

TEST(OwnerRules, KeyQuality) {
  EXPECT_TRUE(fires("owner/key-quality", with(kClean, "key: order_id", "key: status")));
  EXPECT_TRUE(fires("owner/key-quality", with(kClean, "key: order_id", "key: created_at")));
  EXPECT_TRUE(fires("owner/key-quality", with(kClean, "key: order_id", "key: orders")));
  EXPECT_FALSE(fires("owner/key-quality", kClean));
}

TEST(OwnerRules, OrderingNeedsKey) {
  EXPECT_TRUE(fires("owner/ordering-needs-key", with(kClean, "key: order_id", "key: none")));
  EXPECT_FALSE(fires("owner/ordering-needs-key", with(with(kClean, "key: order_id", "key: none"),
                                                      "ordering: per-key", "ordering: none")));
}

TEST(ConfigRules, KnownKeyWithDidYouMean) {
  auto result =
      check(with(kClean, "{min.insync.replicas: 2}", "{min.insync.replicas: 2, retention.mss: 1}"));
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].message,
            "'retention.mss' is not a Kafka topic config: did you mean 'retention.ms'?");
  EXPECT_EQ(result.diagnostics[0].at, (Location{"t.yaml", 11, 36}));
  EXPECT_TRUE(
      fires("config/known-key", with(kClean, "{min.insync.replicas: 2}",
                                     "{min.insync.replicas: 2, message.format.version: 3.0}")));
  EXPECT_FALSE(fires("config/known-key", with(kClean, "{min.insync.replicas: 2}",
                                              "{min.insync.replicas: 2, compression.type: zstd}")));
}

TEST(ConfigRules, CrossField) {
  EXPECT_TRUE(fires("config/cross-field", with(kClean, "{min.insync.replicas: 2}",
                                               "{min.insync.replicas: 2, segment.ms: 700000000}")));
  EXPECT_TRUE(fires("config/cross-field", with(kClean, "{min.insync.replicas: 2}",
                                               "{min.insync.replicas: 2, retention.ms: 1000}")));
  EXPECT_FALSE(fires("config/cross-field", with(kClean, "{min.insync.replicas: 2}",
                                                "{min.insync.replicas: 2, segment.ms: 3600000}")));
}

TEST(ProjectRules, DuplicateTopic) {
  auto result = check(kClean + "---\n" + kClean);
  EXPECT_TRUE(result.rules.count("manifest/duplicate-topic"));
  EXPECT_FALSE(fires("manifest/duplicate-topic", kClean));
}

TEST(ProjectRules, UnknownEnvironment) {
  EXPECT_TRUE(fires("manifest/unknown-environment", kEnvironments + kClean, "staging"));
  EXPECT_TRUE(fires("manifest/unknown-environment",
                    kEnvironments + kClean + "  overrides:\n    staging: {partitions: 1}\n"));
  EXPECT_FALSE(fires("manifest/unknown-environment", kEnvironments + kClean, "prod"));
}

TEST(SettingsRules, RejectUnknownRulesAndBadPatterns) {
  std::string settings =
      "apiVersion: topicform/v1\nkind: Settings\nspec:\n  rules:\n"
      "    naming/past-tence: off\n  naming:\n    convention: {pattern: '(['}\n";
  auto result = check(settings);
  ASSERT_EQ(result.diagnostics.size(), 2u);
  EXPECT_EQ(result.diagnostics[0].message,
            "unknown rule 'naming/past-tence': did you mean 'naming/past-tense'?");
  EXPECT_EQ(result.diagnostics[1].rule, "manifest/settings");
}

}  // namespace
}  // namespace topicform

namespace topicform {
namespace {

TEST(ContractRules, ASubjectIsOnePathSegmentOfTheRegistrysApi) {
  const std::string owned = "    ordering: per-key\n";
  auto subject = [&](const std::string& schema) {
    return with(kClean, owned, owned + "    schema: " + schema + "\n");
  };
  auto result = check(subject("{subject: '.'}"));
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].rule, "contract/subject-name");
  EXPECT_EQ(result.diagnostics[0].message,
            "schema subject '.' cannot be addressed in the registry's API: a URL path drops it, "
            "so the request would reach the registry-wide level; name a subject such as "
            "'<topic>-value'");
  EXPECT_EQ(result.diagnostics[0].at.line, 18);
  EXPECT_EQ(result.diagnostics[0].at.column, 23);
  EXPECT_TRUE(fires("contract/subject-name", subject("'..'")));
  EXPECT_TRUE(fires("contract/subject-name", subject("{subject: 'a/b'}")));
  EXPECT_TRUE(fires("contract/subject-name", subject("{subject: 'a\\b'}")));
  EXPECT_TRUE(fires("contract/subject-name", subject("{subject: \"a\\tb\"}")));
  EXPECT_FALSE(fires("contract/subject-name", subject("{subject: orders.created-value}")));
  EXPECT_FALSE(fires("contract/subject-name", subject("orders-value")));
  EXPECT_FALSE(fires("contract/subject-name", subject("'..value'")));
  EXPECT_FALSE(fires("contract/subject-name", kClean));
}

}  // namespace
}  // namespace topicform

namespace topicform {
namespace {

TEST(RuleCatalog, AFamilyIsTheIdBeforeItsSlash) {
  EXPECT_EQ(rule_family("naming/past-tense"), "naming");
  EXPECT_EQ(rule_family("dead/alert"), "dead");
  EXPECT_EQ(rule_family("schema"), "schema");
}

}  // namespace
}  // namespace topicform
