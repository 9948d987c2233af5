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
  topic.schema = AdoptedSchema{
      "schemas/orders.created.json", "{}\n", "../schemas/orders.created.json", "", {}, {}};
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

TEST(AdoptedSchema, ReferencedFilesLieBesideTheSchemaAndAnUnsafeNameIsRefused) {
  auto avro = adopted_schema(
      "shop.orders", "shop/orders.yaml",
      held(R"({"type":"record","name":"O","fields":[]})", "AVRO", "BACKWARD"), "BACKWARD");
  ASSERT_TRUE(avro);
  ASSERT_TRUE(
      add_referenced_files(*avro, "shop/orders.yaml", "AVRO",
                           {{"shop.Money", R"({"type":"fixed","name":"Money","size":8})"}}));
  ASSERT_EQ(avro->uses.size(), 1u);
  EXPECT_EQ(avro->uses[0].file, "schemas/shop.Money.avsc");
  EXPECT_EQ(avro->listed, std::vector<std::string>{"../schemas/shop.Money.avsc"});
  auto proto = adopted_schema("shop.paid", "paid.yaml",
                              held("syntax = \"proto3\";\n", "PROTOBUF", "BACKWARD"), "BACKWARD");
  ASSERT_TRUE(proto);
  ASSERT_TRUE(add_referenced_files(*proto, "paid.yaml", "PROTOBUF",
                                   {{"common/money.proto", "syntax = \"proto3\";"}}));
  EXPECT_EQ(proto->uses[0].file, "schemas/common/money.proto");
  EXPECT_EQ(proto->uses[0].text, "syntax = \"proto3\";\n");
  EXPECT_TRUE(proto->listed.empty()) << "a .proto names its imports itself";
  for (const char* name : {"../../etc/passwd", "/etc/passwd", "a/../../b", "a b.proto", ""}) {
    auto refused = add_referenced_files(*proto, "paid.yaml", "PROTOBUF", {{name, "x"}});
    ASSERT_FALSE(refused) << name;
    EXPECT_NE(refused.error().message.find("which is no safe file name"), std::string::npos);
  }
  EXPECT_EQ(proto->uses.size(), 1u) << "nothing of a refused name was added";
}

}  // namespace
}  // namespace topicform
