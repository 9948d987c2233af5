// check_against on revisions held in memory (the adapter's answers): breaks under the topic's
// mode, a schema shared by topics judged once, new and deleted schemas, unreadable versions.
#include "core/contract/against.hpp"
#include "core/rules/rule_sink.hpp"

#include <gtest/gtest.h>

#include "unit/contract_scenarios.hpp"
#include "unit/effective_topics.hpp"

namespace topicform {
namespace {

using Json = nlohmann::json;

const char* kOld = R"({"type":"object","required":["eventId"],
  "properties":{"eventId":{"type":"string"},"total":{"type":"integer","description":"rubles"}}})";

struct Fixture {
  std::vector<TopicSpec> specs;
  Settings settings;
  std::vector<Diagnostic> found;

  // A topic whose local schema `file` now reads `now` (null: the file is gone).
  void topic(const std::string& name, const std::string& file, const char* now,
             const std::string& mode = "") {
    TopicSpec spec;
    spec.name = {name, {}, true};
    spec.kind = {"event", {}, true};
    spec.document.file = "/p/topics/" + name + ".yaml";
    spec.owner.schema = {"../schemas/" + file, {spec.document.file, 9, 13}, true};
    spec.owner.schema_path = "/p/schemas/" + file;
    if (!mode.empty()) spec.owner.schema_compatibility = {mode, {}, true};
    if (now != nullptr) {
      auto schema = std::make_shared<MessageSchema>();
      schema->file = "schemas/" + file;
      schema->root = Json::parse(now);
      spec.owner.message_schema = schema;
      spec.owner.schema_file = spec.owner.schema_path;
    }
    specs.push_back(spec);
  }

  // Runs the judgement with `earlier` as the revision's files.
  std::vector<std::string> run(const EarlierFiles& earlier) {
    std::vector<EffectiveTopic> topics = effective_topics(specs);
    found.clear();
    RuleSink sink(settings, found);
    check_against(topics, settings, "origin/main", earlier, sink);
    std::vector<std::string> out;
    for (const auto& d : found) out.push_back(d.rule + " " + d.message);
    return out;
  }
};

EarlierFile version(const char* text) { return EarlierFile{true, {Json::parse(text)}, "", {}, {}}; }

TEST(Against, ABreakUnderTheModeIsAnErrorAtTheSchema) {
  Fixture f;
  f.topic("orders.created", "order.json",
          R"({"type":"object","required":["eventId"],"properties":{"eventId":{"type":"string"},
              "total":{"type":"string","description":"rubles"}}})");
  auto said = f.run(
      {{"/p/schemas/order.json", version(kOld)}, {"/p/topics/orders.created.yaml", version("{}")}});
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0],
            "contract/compatibility 'orders.created' is not BACKWARD compatible with origin/main: "
            "'total' changed type ([\"integer\"] -> [\"string\"]): consumers on the new schema "
            "cannot read what messages written with the earlier schema hold; to keep it "
            "compatible, keep the type and add a property with the new one, or publish on a new "
            "topic");
  EXPECT_EQ(f.found[0].severity, Severity::error);
  EXPECT_EQ(f.found[0].at.file, "schemas/order.json");
}

TEST(Against, TheSettingsModeAppliesAndNoneChecksNothing) {
  Fixture f;
  f.settings.contract.compatibility = "NONE";
  f.topic("orders.created", "order.json", R"({"type":"integer"})");
  EXPECT_TRUE(f.run({{"/p/schemas/order.json", version(kOld)}}).empty());
  f.specs.clear();
  f.topic("orders.created", "order.json", R"({"type":"integer"})", "FORWARD");
  EXPECT_EQ(f.run({{"/p/schemas/order.json", version(kOld)}}).size(), 1u);
}

TEST(Against, ASharedSchemaIsJudgedOncePerMode) {
  Fixture f;
  const char* now = R"({"type":"object","properties":{"eventId":{"type":"integer"}}})";
  f.topic("orders.created", "shared.json", now);
  f.topic("orders.paid", "shared.json", now);
  // Each topic has its own MessageSchema object here; the loader shares one per file.
  f.specs[1].owner.message_schema = f.specs[0].owner.message_schema;
  auto said = f.run({{"/p/schemas/shared.json", version(kOld)}});
  EXPECT_EQ(std::count_if(said.begin(), said.end(),
                          [](const std::string& s) { return s.find("changed type") != s.npos; }),
            1);
}

TEST(Against, NewTopicsNewSchemasAndDeletedSchemasAreSaid) {
  Fixture f;
  f.topic("orders.created", "order.json", kOld);
  f.topic("orders.paid", "paid.json", kOld);
  f.topic("orders.gone", "gone.json", nullptr);
  f.specs[2].owner.schema_file.clear();
  auto said = f.run(
      {{"/p/topics/orders.paid.yaml", version("{}")}, {"/p/schemas/gone.json", version(kOld)}});
  ASSERT_EQ(said.size(), 3u);
  EXPECT_EQ(said[0],
            "contract/new-schema topic 'orders.created' is new since origin/main: there is no "
            "earlier version to compare with");
  EXPECT_EQ(said[1],
            "contract/new-schema schema '../schemas/paid.json' is new since origin/main: there is "
            "no earlier version to compare with");
  EXPECT_EQ(said[2],
            "contract/compatibility schema '../schemas/gone.json' of 'orders.gone' is gone but "
            "origin/main has it: its consumers are left without a contract; restore the file");
  EXPECT_EQ(f.found[0].severity, Severity::info);
}

TEST(Against, AVersionThatCannotBeReadIsAnError) {
  Fixture f;
  f.topic("orders.created", "order.json", kOld);
  auto said = f.run({{"/p/schemas/order.json", EarlierFile{true, {}, "not JSON", {}, {}}}});
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0],
            "contract/compatibility schema '../schemas/order.json' at origin/main cannot be read "
            "(not JSON): 'orders.created' is not checked against it");
}

TEST(Against, AChangedDescriptionOfAnUnchangedPropertyIsAWarning) {
  Fixture f;
  f.topic("orders.created", "order.json",
          R"({"type":"object","required":["eventId"],"properties":{"eventId":{"type":"string"},
              "total":{"type":"integer","description":"kopecks"}}})");
  auto said = f.run({{"/p/schemas/order.json", version(kOld)}});
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0],
            "contract/meaning-changed 'total' of 'orders.created' keeps its name and type but its "
            "description changed since origin/main, from \"rubles\" to \"kopecks\": if its "
            "meaning or unit changed, consumers misread every new message; add a property with a "
            "new name instead");
  EXPECT_EQ(f.found[0].severity, Severity::warning);
}

TEST(Against, RequestsAskEveryVersionOnlyForTransitiveModes) {
  Fixture f;
  f.topic("orders.created", "order.json", kOld, "FULL_TRANSITIVE");
  f.topic("orders.paid", "paid.json", kOld);
  std::vector<EffectiveTopic> topics = effective_topics(f.specs);
  auto asked = history_requests(topics, f.settings);
  ASSERT_EQ(asked.size(), 4u);
  EXPECT_EQ(asked[0].file, "/p/schemas/order.json");
  EXPECT_TRUE(asked[0].every_version);
  EXPECT_EQ(asked[1].file, "/p/topics/orders.created.yaml");
  EXPECT_FALSE(asked[2].every_version);
}

}  // namespace

std::set<std::string> against_scenario_rules() {
  Fixture f;
  f.topic("orders.created", "order.json", R"({"type":"object","properties":{
      "eventId":{"type":"integer"},"total":{"type":"integer","description":"kopecks"}}})");
  f.topic("orders.paid", "paid.json", kOld);
  f.run({{"/p/schemas/order.json", version(kOld)}});
  std::set<std::string> out;
  for (const auto& d : f.found) out.insert(d.rule);
  out.insert("contract/against");  // tests/contract/against.sh: a revision that is not there
  return out;
}

}  // namespace topicform
