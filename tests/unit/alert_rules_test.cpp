// alert_rules(): which rules the manifests imply, their thresholds, and quoting of names.
#include "core/operations/alert_rules.hpp"

#include <gtest/gtest.h>

#include "unit/plan_fixture.hpp"

namespace topicform {
namespace {

std::string consumed(const std::string& name, const std::string& owner_extra) {
  return fmt::format(R"(apiVersion: topicform/v1
kind: Topic
metadata: {{name: {}}}
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
{}---
)",
                     name, owner_extra);
}

TEST(AlertRules, LagThresholdIsPeakRateTimesDowntime) {
  auto d = desired(consumed("a.made",
                            "    throughput: {peakMessagesPerSecond: 2.5}\n"
                            "    maxConsumerDowntime: 1h\n"));
  AlertSet set = alert_rules(d->topics, "prod", MetricSource::kafka_exporter);
  ASSERT_EQ(set.rules.size(), 2u);  // the dead topic, then the lag
  EXPECT_EQ(set.rules[0].expr,
            "sum(kafka_topic_partition_current_offset{topic=\"a.made.dead\"} - "
            "kafka_topic_partition_oldest_offset{topic=\"a.made.dead\"}) > 0");
  EXPECT_EQ(set.rules[1].expr,
            "kafka_consumergroup_lag_sum{consumergroup=\"c-service\",topic=\"a.made\"} > 9000");
  EXPECT_EQ(set.rules[1].for_duration, "");
  EXPECT_EQ(set.rules[1].labels.at("team"), "t");
}

TEST(AlertRules, DowntimeAloneWaitsThatLongAndNoDowntimeIsNoRule) {
  auto d = desired(consumed("a.made", "    maxConsumerDowntime: 36h\n") + consumed("b.made", ""));
  AlertSet set = alert_rules(d->topics, "prod", MetricSource::topicform);
  std::vector<std::string> exprs;
  for (const auto& r : set.rules) exprs.push_back(r.expr + " for " + r.for_duration);
  EXPECT_EQ(
      exprs,
      (std::vector<std::string>{
          "topicform_dead_letter_messages{environment=\"prod\",topic=\"a.made.dead\"} > 0 for ",
          "topicform_dead_letter_messages{environment=\"prod\",topic=\"b.made.dead\"} > 0 for ",
          "topicform_consumer_group_lag{environment=\"prod\",group=\"c-service\",topic=\"a."
          "made\"} > 0 for 36h",
          "topicform_check_healthy{environment=\"prod\"} == 0 for 5m"}));
  EXPECT_EQ(
      set.skipped,
      (std::vector<std::string>{"c-service on b.made: the owner card has no maxConsumerDowntime"}));
}

TEST(AlertRules, DeletedTopicsHaveNoRules) {
  std::string live = consumed("a.made", "");
  std::string deleted = live;
  deleted.insert(deleted.find("  owner:"), "  deleted: true\n");
  EXPECT_EQ(alert_rules(desired(live)->topics, "e", MetricSource::kafka_exporter).rules.size(), 1u);
  EXPECT_TRUE(
      alert_rules(desired(deleted)->topics, "e", MetricSource::kafka_exporter).rules.empty());
}

TEST(AlertRules, PromqlStringsEscapeQuotesBackslashesAndNewlines) {
  EXPECT_EQ(promql_string("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
}

TEST(AlertRules, ServeRulesCountCyclesOfItsInterval) {
  std::vector<std::string> exprs;
  for (const auto& r : serve_rules("prod", 120'000))
    exprs.push_back(r.expr + " for " + r.for_duration);
  EXPECT_EQ(exprs,
            (std::vector<std::string>{
                "topicform_topic_in_sync{environment=\"prod\",reason!=\"none\"} == 0 for 360s",
                "time() - topicform_last_successful_cycle_timestamp_seconds{environment="
                "\"prod\"} > 600 for ",
                "absent(topicform_cycles_total{environment=\"prod\"}) for 600s",
                "max(topicform_leader) == 0 for 360s"}));
}

}  // namespace
}  // namespace topicform
