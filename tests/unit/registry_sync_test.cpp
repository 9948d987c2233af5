// The registry half of plan and apply on a fake registry: new subjects, levels, unchanged
// schemas, incompatible versions, an older version again, soft deletes, a subject that moves
// between plan and apply, and a registry that is down.
#include "engine/registry_sync.hpp"

#include <gtest/gtest.h>

#include "manifest/message_schema_reader.hpp"
#include "unit/contract_scenarios.hpp"
#include "unit/fake_registry.hpp"

namespace topicform {
namespace {

using Json = nlohmann::json;

const Json kV1 = Json::parse(R"({"type":"object","properties":{"id":{"type":"string"}}})");
const Json kV2 =
    Json::parse(R"({"type":"object","properties":{"id":{"type":"string"},"note":{}}})");
const Json kBreak = Json::parse(R"({"type":"object","properties":{"id":{"type":"integer"}}})");

DesiredSubject subject(const Json& schema, const std::string& level = "BACKWARD") {
  DesiredSubject d;
  d.topic = "orders.created";
  d.subject = "orders.created-value";
  d.type = "JSON";
  d.level = level;
  d.schema = schema.dump();
  d.parsed = &schema;
  d.at = {"topics/orders/created.yaml", 22, 13};
  return d;
}

std::vector<std::string> described(const Plan& plan) {
  std::vector<std::string> out;
  for (const auto& c : plan.schemas) {
    std::string line = describe_schema_change(c);
    out.push_back(line.substr(0, line.find(" #")));  // the digest says which text, tested apart
  }
  return out;
}

TEST(RegistrySync, ANewSubjectGetsItsLevelAndFirstVersion) {
  FakeRegistry registry;
  Plan plan;
  ASSERT_TRUE(plan_registry({subject(kV1)}, false, registry, plan));
  EXPECT_EQ(described(plan),
            (std::vector<std::string>{"set-level orders.created-value BACKWARD (was NONE)",
                                      "register orders.created-value after version 0 JSON"}));
  EXPECT_TRUE(registry.writes.empty()) << "a plan writes nothing";
  EXPECT_EQ(apply_registry(plan.schemas, registry, [](const std::string&) {}).error, "");
  EXPECT_EQ(registry.writes, (std::vector<std::string>{"level orders.created-value BACKWARD",
                                                       "register orders.created-value"}));
  Plan again;
  ASSERT_TRUE(plan_registry({subject(kV1)}, false, registry, again));
  EXPECT_TRUE(again.schemas.empty()) << "a second run converges";
}

TEST(RegistrySync, TheSameDocumentReformattedIsNoChange) {
  FakeRegistry registry;
  registry.subjects["orders.created-value"] = {{kV1.dump(2)}, "BACKWARD", {}};
  Plan plan;
  ASSERT_TRUE(plan_registry({subject(kV1)}, false, registry, plan));
  EXPECT_TRUE(plan.schemas.empty());
  EXPECT_TRUE(plan.warnings.empty());
}

TEST(RegistrySync, TheDigestTellsSchemaTextsApart) {
  SchemaChange a;
  a.subject = "t-value";
  a.schema = kV1.dump();
  SchemaChange b = a;
  b.schema = kV2.dump();
  EXPECT_NE(describe_schema_change(a), describe_schema_change(b));
  EXPECT_EQ(describe_schema_change(a), describe_schema_change(a));
}

TEST(RegistrySync, ACompatibleVersionIsRegisteredAfterTheLatest) {
  FakeRegistry registry;
  registry.subjects["orders.created-value"] = {{kV1.dump()}, "BACKWARD", {}};
  Plan plan;
  ASSERT_TRUE(plan_registry({subject(kV2)}, false, registry, plan));
  EXPECT_EQ(described(plan),
            std::vector<std::string>{"register orders.created-value after version 1 JSON"});
  EXPECT_EQ(apply_registry(plan.schemas, registry, [](const std::string&) {}).error, "");
  EXPECT_EQ(registry.subjects["orders.created-value"].versions.size(), 2u);
}

TEST(RegistrySync, AnIncompatibleVersionBlocksWithTopicformsReasons) {
  FakeRegistry registry;
  registry.subjects["orders.created-value"] = {{kV1.dump()}, "BACKWARD", {}};
  registry.incompatible = true;
  Plan plan;
  ASSERT_TRUE(plan_registry({subject(kBreak)}, false, registry, plan));
  EXPECT_TRUE(plan.schemas.empty());
  ASSERT_EQ(plan.blocked.size(), 1u);
  EXPECT_EQ(plan.blocked[0].rule, "contract/registry-compatibility");
  EXPECT_EQ(plan.blocked[0].message,
            "subject 'orders.created-value' (version 1, BACKWARD) refuses the manifest's schema: "
            "'id' changed type ([\"string\"] -> [\"integer\"]): consumers on the new schema "
            "cannot read what messages written with the earlier schema hold");
}

// An Avro subject: its document compared as JSON, its break told by Avro's schema resolution.
DesiredSubject avro_subject(const AvroDocument& schema) {
  DesiredSubject d = subject(schema.root);
  d.type = "AVRO";
  d.parsed = nullptr;
  d.avro = &schema;
  return d;
}

std::shared_ptr<const AvroDocument> avro(const std::string& text) {
  std::vector<Diagnostic> problems;
  auto read = read_avro_document(text, "paid.avsc", problems);
  EXPECT_TRUE(read) << text;
  return read;
}

TEST(RegistrySync, AnAvroBreakBlocksWithAvrosOwnReasonsAndAReformattedOneIsNoChange) {
  auto v1 =
      avro(R"({"type": "record", "name": "Paid", "fields": [{"name": "id", "type": "string"}]})");
  auto v2 = avro(R"({"type": "record", "name": "Paid",
      "fields": [{"name": "id", "type": "string"}, {"name": "currency", "type": "string"}]})");
  ASSERT_TRUE(v1 && v2);
  FakeRegistry registry;
  registry.subjects["orders.created-value"] = {{v1->root.dump(2)}, "BACKWARD", {}};
  Plan same;
  ASSERT_TRUE(plan_registry({avro_subject(*v1)}, false, registry, same));
  EXPECT_TRUE(same.schemas.empty()) << "the registry's reformatted text is the same schema";
  registry.incompatible = true;
  Plan plan;
  ASSERT_TRUE(plan_registry({avro_subject(*v2)}, false, registry, plan));
  ASSERT_EQ(plan.blocked.size(), 1u);
  EXPECT_EQ(plan.blocked[0].message,
            "subject 'orders.created-value' (version 1, BACKWARD) refuses the manifest's schema: "
            "READER_FIELD_MISSING_DEFAULT_VALUE at /fields/1 (currency): the new schema cannot "
            "read what the earlier one wrote");
}

TEST(RegistrySync, ALevelThatChangesIsJudgedByTopicformUnderTheNewLevel) {
  FakeRegistry registry;
  registry.subjects["orders.created-value"] = {{kV1.dump()}, "NONE", {}};
  Plan plan;
  ASSERT_TRUE(plan_registry({subject(kBreak)}, false, registry, plan));
  EXPECT_EQ(described(plan),
            std::vector<std::string>{"set-level orders.created-value BACKWARD (was NONE)"});
  EXPECT_EQ(plan.blocked.size(), 1u);
}

TEST(RegistrySync, AnOlderVersionAgainIsSaidNotRegistered) {
  FakeRegistry registry;
  registry.subjects["orders.created-value"] = {{kV1.dump(), kV2.dump()}, "BACKWARD", {}};
  Plan plan;
  ASSERT_TRUE(plan_registry({subject(kV1)}, false, registry, plan));
  EXPECT_TRUE(plan.schemas.empty());
  ASSERT_EQ(plan.warnings.size(), 1u);
  EXPECT_EQ(plan.warnings[0].message,
            "subject 'orders.created-value' holds the manifest's schema as version 1, but its "
            "latest is version 2: registering it again would not make it the latest, so nothing "
            "is registered; change the schema in Git (a new version) to publish it");
}

TEST(RegistrySync, ADeletedTopicsSubjectIsSoftDeletedOnlyWhenDeletesAreAllowed) {
  FakeRegistry registry;
  registry.subjects["orders.created-value"] = {{kV1.dump()}, "BACKWARD", {}};
  DesiredSubject gone = subject(kV1);
  gone.deleted = true;
  Plan withheld;
  ASSERT_TRUE(plan_registry({gone}, false, registry, withheld));
  EXPECT_TRUE(withheld.schemas.empty());
  Plan allowed;
  ASSERT_TRUE(plan_registry({gone}, true, registry, allowed));
  EXPECT_EQ(described(allowed),
            std::vector<std::string>{"soft-delete orders.created-value (latest version 1)"});
}

TEST(RegistrySync, ASubjectThatMovedSincethePlanStopsTheRunBeforeWriting) {
  FakeRegistry registry;
  registry.subjects["orders.created-value"] = {{kV1.dump()}, "BACKWARD", {}};
  Plan plan;
  ASSERT_TRUE(plan_registry({subject(kV2)}, false, registry, plan));
  registry.subjects["orders.created-value"].versions.push_back(kBreak.dump());  // someone else
  RegistryWrites writes = apply_registry(plan.schemas, registry, [](const std::string&) {});
  EXPECT_EQ(writes.error,
            "subject 'orders.created-value' moved since the plan (latest version 2, planned "
            "after 1): nothing more was written to the registry; plan again");
  EXPECT_EQ(writes.written, 0u);
  EXPECT_TRUE(registry.writes.empty());
}

TEST(RegistrySync, ARegistrationThatDoesNotBecomeTheLatestIsAFailure) {
  FakeRegistry registry;
  registry.subjects["orders.created-value"] = {{kV1.dump()}, "BACKWARD", {}};
  Plan plan;
  ASSERT_TRUE(plan_registry({subject(kV2)}, false, registry, plan));
  // Between the check and the write, another writer registers kV2 and then a newer version.
  registry.before_register = [&] {
    registry.before_register = nullptr;
    registry.subjects["orders.created-value"].versions.push_back(kV2.dump());
    registry.subjects["orders.created-value"].versions.push_back(kBreak.dump());
  };
  std::string error = apply_registry(plan.schemas, registry, [](const std::string&) {}).error;
  EXPECT_TRUE(error.starts_with("register orders.created-value after version 1 JSON #")) << error;
  EXPECT_TRUE(
      error.ends_with(" failed: subject 'orders.created-value' accepted the schema (id 2) "
                      "but its latest version is 3, not the manifest's; the remaining "
                      "schema changes were not made"))
      << error;
}

TEST(RegistrySync, AWriteThatFailsHalfwayCountsWhatWasMade) {
  FakeRegistry registry;
  Plan plan;
  ASSERT_TRUE(plan_registry({subject(kV1)}, false, registry, plan));
  ASSERT_EQ(plan.schemas.size(), 2u) << "the level, then the first version";
  registry.before_register = [&] { registry.down = "connection reset"; };
  RegistryWrites writes = apply_registry(plan.schemas, registry, [](const std::string&) {});
  EXPECT_EQ(writes.written, 1u) << "the level was set";
  EXPECT_TRUE(writes.error.ends_with(
      " failed: connection reset; the remaining schema changes were not made"))
      << writes.error;
}

TEST(RegistrySync, ARegistryThatIsDownFailsThePlan) {
  FakeRegistry registry;
  registry.down = "cannot connect to http://127.0.0.1:1: Connection refused";
  Plan plan;
  auto planned = plan_registry({subject(kV1)}, false, registry, plan);
  ASSERT_FALSE(planned);
  EXPECT_EQ(planned.error().message, registry.down);
}

// A schema that uses one other file (an Avro reference, a .proto's import).
DesiredSubject using_a_file(const Json& schema, const std::string& file_text) {
  DesiredSubject d = subject(schema);
  d.references = {{"shop.Money", "shop.Money", file_text, {}}};
  d.direct = {"shop.Money"};
  return d;
}

TEST(RegistrySync, AFileASchemaUsesIsRegisteredFirstAndNamedWithTheVersionItGets) {
  FakeRegistry registry;
  const auto apply = [&](const Plan& plan) {
    return apply_registry(plan.schemas, registry, [](const std::string&) {}).error;
  };
  Plan plan;
  ASSERT_TRUE(plan_registry({using_a_file(kV1, R"({"type":"string"})")}, false, registry, plan));
  ASSERT_EQ(described(plan),
            (std::vector<std::string>{"set-level orders.created-value BACKWARD (was NONE)",
                                      "register shop.Money after version 0 JSON",
                                      "register orders.created-value after version 0 JSON"}));
  EXPECT_EQ(plan.schemas[1].referenced_as, "shop.Money");
  EXPECT_EQ(plan.schemas[2].references,
            (std::vector<SubjectReference>{{"shop.Money", "shop.Money", 0}}));
  EXPECT_EQ(apply(plan), "");
  EXPECT_EQ(registry.subjects["orders.created-value"].references_of(1),
            (std::vector<SubjectReference>{{"shop.Money", "shop.Money", 1}}));
  Plan again;
  ASSERT_TRUE(plan_registry({using_a_file(kV1, R"({"type":"string"})")}, false, registry, again));
  EXPECT_TRUE(again.schemas.empty()) << described(again).front();
  // The file changes: its version 2, and the schema's version 2 that names it.
  Plan changed;
  ASSERT_TRUE(plan_registry({using_a_file(kV1, R"({"type":"string","doc":"minor units"})")}, false,
                            registry, changed));
  EXPECT_EQ(described(changed),
            (std::vector<std::string>{"register shop.Money after version 1 JSON",
                                      "register orders.created-value after version 1 JSON"}));
  EXPECT_EQ(apply(changed), "");
  EXPECT_EQ(registry.subjects["orders.created-value"].references_of(2),
            (std::vector<SubjectReference>{{"shop.Money", "shop.Money", 2}}));
}

// The same, for a second topic: orders.paid.
DesiredSubject paid_using_a_file(const Json& schema, const std::string& file_text) {
  DesiredSubject d = using_a_file(schema, file_text);
  d.topic = "orders.paid";
  d.subject = "orders.paid-value";
  return d;
}

TEST(RegistrySync, AFileManySchemasUseIsReadOnceForTheirVerdicts) {
  FakeRegistry registry;
  DesiredSubject other = paid_using_a_file(kV1, R"({"type":"string"})");
  Plan plan;
  ASSERT_TRUE(
      plan_registry({using_a_file(kV1, R"({"type":"string"})"), other}, false, registry, plan));
  EXPECT_EQ(apply_registry(plan.schemas, registry, [](const std::string&) {}).error, "");
  registry.version_reads = 0;
  Plan again;
  ASSERT_TRUE(
      plan_registry({using_a_file(kV1, R"({"type":"string"})"), other}, false, registry, again));
  EXPECT_TRUE(again.schemas.empty());
  EXPECT_EQ(registry.version_reads, 1) << "shop.Money version 1, for both subjects' verdicts";
}

TEST(RegistrySync, TwoFilesThatWouldBeOneSubjectFailThePlanBeforeAnyWrite) {
  FakeRegistry registry;
  DesiredSubject other = paid_using_a_file(kV1, R"({"type":"long"})");
  Plan plan;
  auto planned =
      plan_registry({using_a_file(kV1, R"({"type":"string"})"), other}, false, registry, plan);
  ASSERT_FALSE(planned);
  EXPECT_EQ(planned.error().message,
            "subject 'shop.Money' would hold two different files: 'shop.Money' of orders.created "
            "and of orders.paid; give one file another name");
  EXPECT_TRUE(registry.writes.empty());
}

}  // namespace
std::set<std::string> registry_scenario_rules() {
  std::set<std::string> out;
  FakeRegistry registry;
  registry.subjects["orders.created-value"] = {{kV1.dump(), kV2.dump()}, "BACKWARD", {}};
  Plan older;
  plan_registry({subject(kV1)}, false, registry, older);
  registry.incompatible = true;
  Plan refused;
  plan_registry({subject(kBreak)}, false, registry, refused);
  for (const auto& w : older.warnings) out.insert(w.rule);
  for (const auto& b : refused.blocked) out.insert(b.rule);
  return out;
}

}  // namespace topicform
