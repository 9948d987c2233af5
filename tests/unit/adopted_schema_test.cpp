// import's schema files: named by type, placed beside the manifests, indented, and the level kept
// only where it is not the project's default; and the owner card that names them.
#include "core/contract/adopted_schema.hpp"

#include <gtest/gtest.h>

#include "manifest/manifest_writer.hpp"

namespace topicform {
namespace {

SubjectState held(const std::string& schema, const std::string& type, const std::string& level) {
  SubjectState state;
  state.exists = true;
  state.versions = {1, 2};
  state.latest_version = 2;
  state.latest_schema = schema;
  state.latest_type = type;
  state.level = level;
  return state;
}

TEST(AdoptedSchema, AJsonSchemaIsIndentedAndNamedFromTheManifestsFolder) {
  auto got = adopted_schema("orders.created", "orders/created.yaml",
                            held(R"({"type":"object","required":["id"]})", "JSON", "BACKWARD"),
                            "BACKWARD");
  ASSERT_TRUE(got);
  EXPECT_EQ(got->file, "schemas/orders.created.json");
  EXPECT_EQ(got->reference, "../schemas/orders.created.json");
  EXPECT_EQ(got->text, "{\n  \"type\": \"object\",\n  \"required\": [\n    \"id\"\n  ]\n}\n");
  EXPECT_EQ(got->level, "") << "the default level is not repeated";
}

TEST(AdoptedSchema, AvroAndProtobufKeepTheirEndingsAndALevelOfTheirOwn) {
  auto avro = adopted_schema("billing", "billing.yaml",
                             held(R"({"type":"record","name":"B","fields":[]})", "AVRO", "FULL"),
                             "BACKWARD");
  ASSERT_TRUE(avro);
  EXPECT_EQ(avro->file, "schemas/billing.avsc");
  EXPECT_EQ(avro->reference, "schemas/billing.avsc") << "a manifest at the top names it so";
  EXPECT_EQ(avro->level, "FULL");
  auto proto =
      adopted_schema("p.q", "p/q.yaml", held("syntax = \"proto3\";", "PROTOBUF", "NONE"), "NONE");
  ASSERT_TRUE(proto);
  EXPECT_EQ(proto->file, "schemas/p.q.proto");
  EXPECT_EQ(proto->text, "syntax = \"proto3\";\n");
}

TEST(AdoptedSchema, ASubjectWithoutVersionsGivesNoFile) {
  SubjectState none;
  none.level = "BACKWARD";
  EXPECT_FALSE(adopted_schema("t", "t.yaml", none, "BACKWARD"));
}

TEST(AdoptedSchema, TheOwnerCardNamesTheFile) {
  AdoptedTopic topic;
  topic.name = "orders.created";
  topic.partitions = 3;
  topic.replication_factor = 1;
  topic.schema =
      AdoptedSchema{"schemas/orders.created.json", "{}\n", "../schemas/orders.created.json", ""};
  std::string text = adopted_manifest_text(topic, "c1");
  EXPECT_NE(text.find("  owner:\n    schema: \"../schemas/orders.created.json\"  # the "
                      "registry's latest version\n"),
            std::string::npos)
      << text;
  topic.schema->level = "FULL";
  text = adopted_manifest_text(topic, "c1");
  EXPECT_NE(text.find("  owner:\n    schema: {file: \"../schemas/orders.created.json\", "
                      "compatibility: FULL}  # as the registry holds it\n"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace topicform
