// Avro schema files read as the specification defines them: names, namespaces, references,
// unions and the defaults Avro's own parser accepts, each problem at its line and column.
#include "core/contract/avro_schema.hpp"

#include <gtest/gtest.h>

#include "manifest/message_schema_reader.hpp"

namespace topicform {
namespace {

struct Read {
  std::optional<AvroSchema> schema;
  std::vector<Diagnostic> diagnostics;
};

Read read(const std::string& text) {
  Read out;
  out.schema = read_avro_file(text, "s.avsc", out.diagnostics);
  return out;
}

// The messages and places of a schema that does not read.
std::vector<std::string> problems(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& d : read(text).diagnostics)
    out.push_back(fmt::format("{}:{} {} [{}]", d.at.line, d.at.column, d.message, d.rule));
  return out;
}

std::string record_with(const std::string& field) {
  return R"({"type": "record", "name": "R", "fields": [)" + field + "]}";
}

TEST(AvroSchema, NamesResolveThroughNamespacesAndARecordMayHoldItself) {
  auto got = read(R"({"type": "record", "name": "Node", "namespace": "com.example",
    "fields": [{"name": "next", "type": ["null", "Node"], "default": null},
               {"name": "kind", "type": {"type": "enum", "name": "Kind", "symbols": ["A", "B"]}},
               {"name": "again", "type": "com.example.Kind"}]})");
  ASSERT_TRUE(got.schema.has_value()) << got.diagnostics.front().message;
  EXPECT_TRUE(got.diagnostics.empty());
  EXPECT_EQ(got.schema->named.count("com.example.Node"), 1u);
  EXPECT_EQ(got.schema->named.count("com.example.Kind"), 1u);
  const AvroType& root = got.schema->types[got.schema->root];
  ASSERT_EQ(root.fields.size(), 3u);
  EXPECT_EQ(root.fields[1].type, root.fields[2].type);  // one Kind, named twice
}

TEST(AvroSchema, ANameIsUsableOnlyAfterItsDefinition) {
  EXPECT_EQ(problems(record_with(R"({"name": "a", "type": "Later"},
    {"name": "b", "type": {"type": "fixed", "name": "Later", "size": 4}})")),
            (std::vector<std::string>{
                "1:58 Avro schema: 'Later' is neither a primitive type nor a named type defined "
                "before it in this file [contract/schema-invalid]"}));
}

TEST(AvroSchema, NamesFollowAvrosAlphabet) {
  EXPECT_FALSE(read(R"({"type": "fixed", "name": "a-b", "size": 1})").schema);
  EXPECT_FALSE(read(R"({"type": "fixed", "name": "9a", "size": 1})").schema);
  EXPECT_FALSE(read(R"({"type": "fixed", "name": "int", "size": 1})").schema);
  EXPECT_TRUE(read(R"({"type": "fixed", "name": "com.example._a9", "size": 1})").schema);
}

TEST(AvroSchema, DefaultsAreJudgedAsAvrosParserDoes) {
  auto accepts = [](const std::string& type, const std::string& value) {
    return read(record_with(R"({"name": "f", "type": )" + type + R"(, "default": )" + value + "}"))
        .schema.has_value();
  };
  EXPECT_TRUE(accepts(R"("int")", "2147483647"));
  EXPECT_FALSE(accepts(R"("int")", "2147483648"));
  EXPECT_TRUE(accepts(R"("long")", "2147483648"));
  EXPECT_FALSE(accepts(R"("long")", "1.5"));
  EXPECT_TRUE(accepts(R"("double")", "1"));
  EXPECT_TRUE(accepts(R"(["null", "string"])", "null"));
  EXPECT_FALSE(accepts(R"(["null", "string"])", R"("x")"));  // the first branch decides
  EXPECT_TRUE(accepts(R"({"type": "array", "items": "int"})", "[1, 2]"));
  EXPECT_FALSE(accepts(R"({"type": "map", "values": "int"})", R"({"a": "1"})"));
  EXPECT_TRUE(accepts(R"({"type": "enum", "name": "E", "symbols": ["A"]})", R"("A")"));
  EXPECT_FALSE(accepts(R"({"type": "enum", "name": "E", "symbols": ["A"]})", R"("B")"));
  const std::string inner =
      R"({"type": "record", "name": "In", "fields": [{"name": "x", "type": "int"},
        {"name": "y", "type": "int", "default": 0}]})";
  EXPECT_TRUE(accepts(inner, R"({"x": 1})"));
  EXPECT_FALSE(accepts(inner, R"({"y": 1})"));
}

TEST(AvroSchema, ADefaultThatLeansOnItselfEnds) {
  auto got = read(R"({"type": "record", "name": "R", "fields": [
    {"name": "again", "type": "R", "default": {}}]})");
  EXPECT_FALSE(got.schema.has_value());
}

TEST(AvroSchema, AUnionHoldsNoUnionAndNoKindTwice) {
  EXPECT_FALSE(read(R"(["null", ["int"]])").schema);
  EXPECT_FALSE(read(R"(["int", "int"])").schema);
  EXPECT_TRUE(read(R"(["null", {"type": "fixed", "name": "A", "size": 1},
                      {"type": "fixed", "name": "B", "size": 1}])")
                  .schema);
}

TEST(AvroSchema, AFileThatIsNotJsonIsReportedOnce) {
  auto got = problems(R"({"type": "record",})");
  ASSERT_EQ(got.size(), 1u);
  EXPECT_NE(got[0].find("schema file is not JSON"), std::string::npos) << got[0];
}

// A schema that names types of other files (schema.references), each read before it.
std::shared_ptr<const AvroDocument> with_references(const std::string& text,
                                                    const std::vector<AvroSchema>& references,
                                                    std::vector<Diagnostic>& diagnostics) {
  std::vector<const AvroSchema*> known;
  for (const auto& reference : references) known.push_back(&reference);
  return read_avro_document(text, "order.avsc", diagnostics, known);
}

TEST(AvroSchema, AReferencedTypeIsCopiedInWithWhatItReaches) {
  std::vector<Diagnostic> diagnostics;
  auto money = read_avro_file(R"({"type": "record", "name": "Money", "namespace": "shop",
    "fields": [{"name": "minor", "type": "long", "default": 0},
               {"name": "next", "type": ["null", "Money"], "default": null}]})",
                              "money.avsc", diagnostics);
  ASSERT_TRUE(money.has_value());
  auto order = with_references(R"({"type": "record", "name": "Order", "namespace": "shop",
    "fields": [{"name": "total", "type": "Money"}, {"name": "tax", "type": "shop.Money"}]})",
                               {*money}, diagnostics);
  ASSERT_NE(order, nullptr) << diagnostics.front().message;
  const AvroSchema& schema = order->avro;
  const AvroType& root = schema.types[schema.root];
  EXPECT_EQ(root.fields[0].type, root.fields[1].type);  // one Money, copied once
  const AvroType& copied = schema.types[root.fields[0].type];
  EXPECT_EQ(copied.full_name, "shop.Money");
  EXPECT_EQ(copied.pointer, "/fields/0/type");  // where this file uses it
  ASSERT_EQ(copied.fields.size(), 2u);
  EXPECT_EQ(schema.types[copied.fields[0].type].kind, AvroKind::int64);
  const AvroType& next = schema.types[copied.fields[1].type];
  ASSERT_EQ(next.kind, AvroKind::union_of);
  EXPECT_EQ(next.branches[1], root.fields[0].type);  // the recursion ends at the copy itself
  EXPECT_EQ(avro_type_text(schema, root.fields[0].type, false), "record Money");
}

TEST(AvroSchema, ANameAReferenceDefinesIsNotDefinedAgain) {
  std::vector<Diagnostic> diagnostics;
  auto money = read_avro_file(R"({"type": "fixed", "name": "Money", "namespace": "shop",
    "size": 8})",
                              "money.avsc", diagnostics);
  ASSERT_TRUE(money.has_value());
  EXPECT_EQ(with_references(R"({"type": "record", "name": "Order", "namespace": "shop",
    "fields": [{"name": "total", "type": {"type": "fixed", "name": "Money", "size": 4}}]})",
                            {*money}, diagnostics),
            nullptr);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].message,
            "Avro schema: 'shop.Money' is defined twice: here and in a reference");
  diagnostics.clear();
  EXPECT_EQ(
      with_references(record_with(R"({"name": "a", "type": "Missing"})"), {*money}, diagnostics),
      nullptr);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].message,
            "Avro schema: 'Missing' is neither a primitive type nor a named type defined before "
            "it in this file or in its references");
}

}  // namespace
}  // namespace topicform
