// `check`'s registry findings: which subjects topics declare, and the verdict on each one's state.
#include "core/operations/subject_health.hpp"

#include <gtest/gtest.h>

#include "unit/effective_topics.hpp"

namespace topicform {
namespace {

using Json = nlohmann::json;

const Json kSchema = Json::parse(R"({"type":"object","properties":{"id":{"type":"string"}}})");

TopicSpec spec_named(const std::string& name) {
  TopicSpec spec;
  spec.name = {name, {}, true};
  return spec;
}

DesiredSubject local(const std::string& topic) {
  DesiredSubject d;
  d.topic = topic;
  d.subject = topic + "-value";
  d.type = "JSON";
  d.schema = kSchema.dump();
  d.parsed = &kSchema;
  return d;
}

SubjectState held(const std::string& schema, int version) {
  SubjectState state;
  state.exists = true;
  state.versions = {version};
  state.latest_version = version;
  state.latest_schema = schema;
  state.level = "BACKWARD";
  return state;
}

TEST(SubjectHealth, TopicsDeclareTheirLocalSchemasAndNamedSubjects) {
  std::vector<TopicSpec> specs{spec_named("a.local"), spec_named("b.named"),
                               spec_named("c.url"),   spec_named("d.gone"),
                               spec_named("e.none"),  spec_named("f.subject-key")};
  specs[1].owner.schema = {"OrderEvent", {}, true};
  specs[2].owner.schema = {"https://schemas.example.com/c.json", {}, true};
  specs[3].owner.schema = {"OrderEvent", {}, true};
  specs[3].deleted = {true, {}, true};
  specs[5].owner.schema = {"payments-v1", {}, true};
  specs[5].owner.schema_subject = {"payments-v1", {}, true};
  auto topics = effective_topics(specs);
  EffectiveTopic dead = topics[1];  // b.named's dead-letter topic shares its owner card
  dead.name = "b.named.dead";
  dead.is_dead = true;
  topics.push_back(dead);
  std::vector<DesiredSubject> desired{local("a.local")};
  auto declared = declared_subjects(topics, desired);
  ASSERT_EQ(declared.size(), 3u) << "deleted, URL, no schema and .dead topics declare none";
  EXPECT_EQ(declared[0].subject, "a.local-value");
  EXPECT_EQ(declared[0].desired, &desired[0]);
  EXPECT_EQ(declared[1].subject, "OrderEvent");
  EXPECT_EQ(declared[1].desired, nullptr);
  EXPECT_EQ(declared[2].subject, "payments-v1");
}

TEST(SubjectHealth, MissingFailsDriftWarnsTheSameSchemaPasses) {
  std::vector<DesiredSubject> desired{local("a"), local("b"), local("c")};
  std::vector<DeclaredSubject> declared{{"a", "a-value", &desired[0]},
                                        {"b", "b-value", &desired[1]},
                                        {"c", "c-value", &desired[2]},
                                        {"d", "OrderEvent", nullptr}};
  std::vector<SubjectState> states{SubjectState{}, held(R"({"type":"object"})", 3),
                                   held(kSchema.dump(2), 1), SubjectState{}};
  auto findings = assess_subjects(declared, states);
  ASSERT_EQ(findings.size(), 4u);
  EXPECT_EQ(findings[0], (HealthFinding{Verdict::failing, "a",
                                        "schema subject 'a-value' is missing from the schema "
                                        "registry: 'topicform apply' registers the manifest's "
                                        "schema"}));
  EXPECT_EQ(findings[1], (HealthFinding{Verdict::warning, "b",
                                        "schema subject 'b-value': its latest version 3 is not "
                                        "the manifest's schema ('topicform plan' shows the "
                                        "change)"}));
  EXPECT_EQ(findings[2],
            (HealthFinding{Verdict::ok, "c", "schema subject 'c-value' at version 1 (BACKWARD)"}));
  EXPECT_EQ(findings[3], (HealthFinding{Verdict::failing, "d",
                                        "schema subject 'OrderEvent' is missing from the schema "
                                        "registry: register it, or name the schema file in "
                                        "owner.schema"}));
}

TEST(SubjectHealth, FindingsJoinTheTopicsLayerWorstFirst) {
  HealthReport report = unreachable_report("local", "down");
  add_topic_findings(report, {HealthFinding{Verdict::failing, "a", "missing"}});
  EXPECT_TRUE(report.layers[1].findings.empty()) << "a layer not checked takes no findings";
  for (auto& layer : report.layers) layer.checked = true;
  report.layers[0].findings.clear();
  report.layers[1].findings = {HealthFinding{Verdict::ok, "t", "fine"}};
  add_topic_findings(report, {HealthFinding{Verdict::failing, "a", "missing"}});
  ASSERT_EQ(report.layers[1].findings.size(), 2u);
  EXPECT_EQ(report.layers[1].findings[0].subject, "a");
  EXPECT_EQ(report.first_failing(), &report.layers[1]);
}

}  // namespace
}  // namespace topicform
