// The reconciler's commands' argument parsing: what lands where, and bad values refused as usage
// errors with a message on stderr.
#include "cli/command_options.hpp"

#include <cstdlib>

#include <gtest/gtest.h>

namespace topicform {
namespace {

// Parses `args` with `parse` into a fresh T: the result, and stderr in `said`.
template <class T, class Parse>
Parsed parsed(Parse parse, const std::vector<std::string>& args, T& into, std::string& said) {
  testing::internal::CaptureStderr();
  Parsed result = parse(args, into);
  said = testing::internal::GetCapturedStderr();
  return result;
}

template <class T, class Parse>
void expect_usage_error(Parse parse, const std::vector<std::string>& args,
                        const std::string& message) {
  T options;
  std::string said;
  EXPECT_EQ(parsed(parse, args, options, said), Parsed::usage_error) << message;
  EXPECT_NE(said.find("topicform: error: " + message), std::string::npos) << said;
}

TEST(CommandOptions, RulesTakesAFormatAndNothingElse) {
  RulesOptions o;
  std::string said;
  ASSERT_EQ(parsed(parse_rules, {"--format", "json"}, o, said), Parsed::run);
  EXPECT_EQ(o.format, "json");
  expect_usage_error<RulesOptions>(parse_rules, {"--format", "yaml"},
                                   "unknown format 'yaml': use text or json");
  expect_usage_error<RulesOptions>(parse_rules, {"json"}, "unknown argument 'json'");
}

TEST(CommandOptions, ValidateTakesPathsEnvironmentAndFormat) {
  ValidateOptions o;
  std::string said;
  ASSERT_EQ(parsed(parse_validate, {"-e", "prod", "-f", "github", "a/", "b/"}, o, said),
            Parsed::run);
  EXPECT_EQ(o.environments, (std::vector<std::string>{"prod"}));
  EXPECT_EQ(o.format, "github");
  EXPECT_EQ(o.paths, (std::vector<std::string>{"a/", "b/"}));
  expect_usage_error<ValidateOptions>(parse_validate, {"-f", "yaml"},
                                      "unknown format 'yaml': use text, json or github");
  expect_usage_error<ValidateOptions>(parse_validate, {"--env"}, "the required argument");
}

TEST(CommandOptions, PlanTakesPathsTargetsFormatAndTheCluster) {
  PlanOptions o;
  std::string said;
  ASSERT_EQ(parsed(parse_plan,
                   {"a/", "--target", "orders.*", "-f", "json", "--bootstrap-server", "h:1", "-X",
                    "acks=all", "--detailed-exitcode", "--allow-delete", "--out", "p.plan"},
                   o, said),
            Parsed::run);
  EXPECT_EQ(o.paths, (std::vector<std::string>{"a/"}));
  EXPECT_EQ(o.targets, (std::vector<std::string>{"orders.*"}));
  EXPECT_EQ(o.format, "json");
  EXPECT_EQ(o.connection.bootstrap, "h:1");
  EXPECT_EQ(o.connection.properties, (std::vector<std::string>{"acks=all"}));
  EXPECT_TRUE(o.detailed_exitcode && o.allow_delete);
  EXPECT_EQ(o.plan_out, "p.plan");
  expect_usage_error<PlanOptions>(parse_plan, {"--format", "yaml"},
                                  "unknown format 'yaml': use text, json, markdown or github");
  expect_usage_error<PlanOptions>(parse_plan, {"--fromat", "json"},
                                  "unrecognised option '--fromat' (did you mean '--format'?)");
}

TEST(CommandOptions, ApplyWaitsForBrokersAsAsked) {
  ApplyOptions o;
  std::string said;
  ASSERT_EQ(parsed(parse_apply, {"--auto-approve", "--wait-for-brokers"}, o, said), Parsed::run);
  EXPECT_TRUE(o.auto_approve);
  EXPECT_EQ(o.wait_for_brokers, 0);  // the highest replication factor
  EXPECT_TRUE(o.paths_defaulted);
  ApplyOptions three;
  ASSERT_EQ(parsed(parse_apply, {"--wait-for-brokers=3", "x/"}, three, said), Parsed::run);
  EXPECT_EQ(three.wait_for_brokers, 3);
  EXPECT_FALSE(three.paths_defaulted);
  expect_usage_error<ApplyOptions>(parse_apply, {"--wait-for-brokers=many"}, "the argument");
}

TEST(CommandOptions, DurationsAreReadOnceIntoMilliseconds) {
  ApplyOptions o;
  std::string said;
  ASSERT_EQ(parsed(parse_apply, {}, o, said), Parsed::run);
  EXPECT_EQ(o.connection.timeout.ms, 30'000);
  EXPECT_EQ(o.wait.ms, 60'000);
  ASSERT_EQ(parsed(parse_apply, {"--timeout", "500ms", "--wait=2m"}, o, said), Parsed::run);
  EXPECT_EQ(o.connection.timeout.ms, 500);
  EXPECT_EQ(o.wait.ms, 120'000);
  PlanOptions bare;
  ASSERT_EQ(parsed(parse_plan, {"--timeout", "7"}, bare, said), Parsed::run);
  EXPECT_EQ(bare.connection.timeout.ms, 7'000);  // a bare number is seconds
  expect_usage_error<PlanOptions>(
      parse_plan, {"--timeout", "soon"},
      "--timeout 'soon' is not a duration between 1ms and 24h (e.g. 30s, 2m)");
  expect_usage_error<ApplyOptions>(parse_apply, {"--wait", "25h"},
                                   "--wait '25h' is not a duration between 1ms and 24h");
  expect_usage_error<DocsOptions>(parse_docs, {"--timeout", "0"},
                                  "--timeout '0' is not a duration");
}

TEST(CommandOptions, CheckAndDocsCheckTheirFormats) {
  CheckOptions check;
  std::string said;
  ASSERT_EQ(parsed(parse_check, {"-f", "prometheus", "-v"}, check, said), Parsed::run);
  EXPECT_EQ(check.format, "prometheus");
  EXPECT_TRUE(check.verbose);
  expect_usage_error<CheckOptions>(parse_check, {"-f", "markdown"},
                                   "unknown format 'markdown': use text, json or prometheus");
  DocsOptions docs;
  ASSERT_EQ(parsed(parse_docs, {"--out", "site", "-f", "html"}, docs, said), Parsed::run);
  EXPECT_EQ(docs.out, "site");
  EXPECT_EQ(docs.format, "html");
  expect_usage_error<DocsOptions>(parse_docs, {"-f", "html"}, "--out DIR is required");
  expect_usage_error<DocsOptions>(parse_docs, {"--out", "s", "-f", "pdf"},
                                  "unknown format 'pdf': use markdown, html or asyncapi");
}

TEST(CommandOptions, ExportTakesAnOperatorAFolderOrStdoutAndTargets) {
  ExportOptions o;
  std::string said;
  ASSERT_EQ(
      parsed(parse_export,
             {"topics", "--out", "-", "-f", "confluent", "--env", "prod", "--target", "orders.*"},
             o, said),
      Parsed::run);
  EXPECT_EQ(o.out, "-");
  EXPECT_EQ(o.format, "confluent");
  EXPECT_EQ(o.environment, "prod");
  EXPECT_EQ(o.paths, std::vector<std::string>{"topics"});
  EXPECT_EQ(o.targets, std::vector<std::string>{"orders.*"});
  ExportOptions defaults;
  ASSERT_EQ(parsed(parse_export, {"--out", "deploy"}, defaults, said), Parsed::run);
  EXPECT_EQ(defaults.format, "strimzi");
  expect_usage_error<ExportOptions>(parse_export, {"topics"},
                                    "--out DIR (or - for stdout) is required");
  expect_usage_error<ExportOptions>(parse_export, {"--out", "d", "-f", "kpops"},
                                    "unknown format 'kpops': use strimzi or confluent");
}

TEST(CommandOptions, ImportReadsStrimziResourcesAsTwoWords) {
  ImportOptions o;
  std::string said;
  ASSERT_EQ(
      parsed(parse_import, {"--from", "strimzi", "deploy/topics", "--out", "t", "topics"}, o, said),
      Parsed::run);
  EXPECT_EQ(o.from, (std::vector<std::string>{"strimzi", "deploy/topics"}));
  EXPECT_EQ(o.paths, std::vector<std::string>{"topics"});
  expect_usage_error<ImportOptions>(parse_import, {"--from", "kpops", "d", "--out", "t"},
                                    "--from kpops: the resources import reads are strimzi");
  expect_usage_error<ImportOptions>(parse_import, {"--out", "t", "--from", "strimzi"},
                                    "the required argument for option '--from' is missing");
}

TEST(CommandOptions, ImportNeedsAFolderAndNoEmptyPattern) {
  ImportOptions o;
  std::string said;
  ASSERT_EQ(parsed(parse_import, {"--out", "adopted", "--include", "orders\\..*"}, o, said),
            Parsed::run);
  EXPECT_EQ(o.out, "adopted");
  EXPECT_EQ(o.include, "orders\\..*");
  EXPECT_TRUE(o.include_given);
  expect_usage_error<ImportOptions>(parse_import, {}, "give the folder to write to as --out DIR");
  expect_usage_error<ImportOptions>(parse_import, {"--out", "a", "--include", ""},
                                    "--include '' matches every topic");
}

TEST(CommandOptions, AlertsAndReassignCheckTheirValues) {
  AlertsOptions alerts;
  std::string said;
  ASSERT_EQ(parsed(parse_alerts, {"--out", "-", "--metrics", "kafka-exporter"}, alerts, said),
            Parsed::run);
  EXPECT_EQ(alerts.metrics, "kafka-exporter");
  expect_usage_error<AlertsOptions>(
      parse_alerts, {"--out", "-", "--metrics", "jmx"},
      "unknown --metrics 'jmx': use topicform, kafka-exporter or serve");
  ReassignOptions reassign;
  ASSERT_EQ(parsed(parse_reassign, {"--out", "r.json", "--throttle", "10MiB"}, reassign, said),
            Parsed::run);
  EXPECT_EQ(reassign.throttle, "10MiB");
  expect_usage_error<ReassignOptions>(parse_reassign, {"--throttle", "1MiB"},
                                      "give the file to write as --out FILE");
  expect_usage_error<ReassignOptions>(parse_reassign, {"--out", "r", "--throttle", "fast"},
                                      "--throttle 'fast' is not a size per second");
}

// The one lookup of the cluster: the flag, else a non-empty KAFKA_BOOTSTRAP_SERVERS, else the
// environment's bootstrapServers, each named as the source.
TEST(CommandOptions, BootstrapServersComeFromTheFlagTheVariableOrTheSettings) {
  const char* saved = std::getenv("KAFKA_BOOTSTRAP_SERVERS");
  std::string kept = saved ? saved : "";
  Environment environment;
  environment.name = "prod";
  environment.bootstrap_servers = "settings:9092";
  ConnectionOptions flag;
  flag.bootstrap = "flag:9092";
  setenv("KAFKA_BOOTSTRAP_SERVERS", "env:9092", 1);
  EXPECT_EQ(bootstrap_of(flag, environment).servers, "flag:9092");
  EXPECT_EQ(bootstrap_of(ConnectionOptions{}, environment).servers, "env:9092");
  EXPECT_EQ(bootstrap_of(ConnectionOptions{}, environment).source, "KAFKA_BOOTSTRAP_SERVERS");
  setenv("KAFKA_BOOTSTRAP_SERVERS", "", 1);
  auto settings = bootstrap_of(ConnectionOptions{}, environment);
  EXPECT_EQ(settings.servers, "settings:9092");
  EXPECT_EQ(settings.source, "bootstrapServers of environment 'prod' in the settings");
  if (saved) {
    setenv("KAFKA_BOOTSTRAP_SERVERS", kept.c_str(), 1);
  } else {
    unsetenv("KAFKA_BOOTSTRAP_SERVERS");
  }
}

}  // namespace
}  // namespace topicform

namespace topicform {
namespace {

TEST(CommandOptions, ACommandConfigCanNameItsEnvironment) {
  ConnectionOptions o;
  o.command_configs = {"prod=/p.properties", "/all.properties", "staging=/s.properties"};
  EXPECT_EQ(command_config_for(o, "prod"), "/p.properties");
  EXPECT_EQ(command_config_for(o, "staging"), "/s.properties");
  EXPECT_EQ(command_config_for(o, "local"), "/all.properties");
  o.command_configs = {"prod=/p.properties"};
  EXPECT_EQ(command_config_for(o, "local"), "");
  EXPECT_EQ(command_config_for(o, "prod"), "/p.properties");
}

TEST(CommandOptions, ServeTakesAnIntervalAnAddressAndTheOneMode) {
  ServeOptions o;
  std::string said;
  ASSERT_EQ(parsed(parse_serve,
                   {"t/", "--env", "prod", "--interval", "30s", "--listen", "[::1]:9000",
                    "--git-branch", "main"},
                   o, said),
            Parsed::run);
  EXPECT_EQ(o.paths, (std::vector<std::string>{"t/"}));
  EXPECT_EQ(o.interval.ms, 30'000);
  EXPECT_EQ(o.listen, "[::1]:9000");
  EXPECT_EQ(o.git_branch, "main");
  EXPECT_EQ(o.mode, "report");
  EXPECT_FALSE(o.check);
  ServeOptions checking;
  ASSERT_EQ(parsed(parse_serve, {"t/", "--check"}, checking, said), Parsed::run);
  EXPECT_TRUE(checking.check);
  ServeOptions led;
  ASSERT_EQ(parsed(parse_serve, {"t/", "--leader-topic", "ops.lead"}, led, said), Parsed::run);
  EXPECT_EQ(led.leader_topic, "ops.lead");
  expect_usage_error<ServeOptions>(parse_serve, {"--mode", "write"},
                                   "--mode 'write': use report or apply");
  expect_usage_error<ServeOptions>(parse_serve, {"--interval", "500ms"},
                                   "--interval must be at least 1s");
  expect_usage_error<ServeOptions>(parse_serve, {"--listen", "9780"},
                                   "--listen '9780': give ADDRESS:PORT");
  expect_usage_error<ServeOptions>(parse_serve, {"--listen", "h:99999"},
                                   "--listen 'h:99999': give ADDRESS:PORT");
}

}  // namespace
}  // namespace topicform
