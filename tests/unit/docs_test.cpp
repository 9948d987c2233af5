// The catalogue model and its escaping: what every docs format relies on.
#include <gtest/gtest.h>

#include "core/rules/check.hpp"
#include "docs/asyncapi.hpp"
#include "docs/catalogue.hpp"
#include "docs/escape.hpp"
#include "docs/flow.hpp"
#include "docs/html_catalogue.hpp"
#include "docs/markdown_catalogue.hpp"
#include "docs/message_fields.hpp"
#include "manifest/message_schema_reader.hpp"
#include "manifest/project_loader.hpp"
#include "manifest/proto_reader.hpp"

namespace topicform {
namespace {

constexpr const char* kManifests = R"(apiVersion: topicform/v1
kind: Topic
metadata: {name: orders.created, labels: {domain: sales}}
spec:
  description: An order was placed <script>alert(1)</script> | with a pipe.
  kind: event
  partitions: 3
  retention: 7d
  owner: {team: orders, producer: order-service, consumers: [billing-service], key: order_id}
---
apiVersion: topicform/v1
kind: Topic
metadata: {name: audit.recorded}
spec:
  description: Audit trail.
  kind: event
  partitions: 1
  retention: 30d
  deadLetter: {enabled: false}
  owner: {team: audit, producer: audit-service, consumers: [], key: none}
---
apiVersion: topicform/v1
kind: Topic
metadata: {name: legacy.removed}
spec:
  description: Gone.
  kind: event
  partitions: 1
  retention: 1d
  deleted: true
  owner: {team: orders, producer: old-service, consumers: [old-reader], key: none}
)";

struct Built {
  Project project;
  std::vector<EffectiveTopic> topics;
  Catalogue catalogue;
};

std::unique_ptr<Built> build() {
  auto b = std::make_unique<Built>();
  load_manifest_text(kManifests, "topics/t.yaml", b->project);
  std::vector<Diagnostic> diagnostics;
  RuleSink sink(b->project.settings, diagnostics);
  Environment env = select_environment(b->project.settings, "", sink);
  b->topics = check_topics(b->project.topics, b->project.settings, env, sink);
  b->catalogue = build_catalogue(b->topics, b->project.settings, env);
  return b;
}

TEST(Docs, CatalogueHasSourcesByNameWithDomainsTeamsAndDeadTopics) {
  auto b = build();
  const Catalogue& c = b->catalogue;
  ASSERT_EQ(c.topics.size(), 2u);  // the deleted topic is not catalogued
  EXPECT_EQ(c.topics[0].name(), "audit.recorded");
  EXPECT_EQ(c.topics[0].domain, "audit");  // from the name
  EXPECT_FALSE(c.topics[0].dead.has_value());
  EXPECT_EQ(c.topics[1].name(), "orders.created");
  EXPECT_EQ(c.topics[1].domain, "sales");  // from the label
  ASSERT_TRUE(c.topics[1].dead.has_value());
  EXPECT_EQ(c.topics[1].dead->name, "orders.created.dead");
  EXPECT_EQ(c.by_domain.at("sales"), (std::vector<std::size_t>{1}));
  EXPECT_EQ(c.by_team.at("orders"), (std::vector<std::size_t>{1}));
  EXPECT_EQ(retention_text(c.topics[1].topic), "7d");
}

TEST(Docs, FlowsGoFromProducerThroughTopicToGroupsAndDeadTopic) {
  auto b = build();
  Flow flow = topic_flow(b->catalogue.topics[1]);
  EXPECT_EQ(render_mermaid(flow),
            "flowchart LR\n  n0[(\"orders.created\")]\n  n1[\"order-service\"]\n"
            "  n2[\"billing-service\"]\n  n3[(\"orders.created.dead\")]\n  n1 --> n0\n"
            "  n0 --> n2\n  n2 -. failures .-> n3\n");
}

TEST(Docs, EscapingKeepsManifestTextInert) {
  EXPECT_EQ(html_escape("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  EXPECT_EQ(markdown_cell("a | b\nc"), "a \\| b c");
  EXPECT_EQ(mermaid_label("say \"hi\" <b>"), "say #quot;hi#quot; #lt;b#gt;");
  auto b = build();
  DocFiles html = render_html_catalogue(b->catalogue);
  const std::string& page = html.at("topics/orders.created.html");
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  DocFiles markdown = render_markdown_catalogue(b->catalogue);
  EXPECT_NE(markdown.at("README.md").find("with a pipe."), std::string::npos);
  EXPECT_NE(markdown.at("README.md").find("\\| with a pipe."), std::string::npos);
}

TEST(Docs, AsyncApiHasAChannelPerTopicAndAnOperationPerService) {
  auto b = build();
  const std::string doc = render_asyncapi(b->catalogue).at("asyncapi.json");
  for (const char* part :
       {"\"asyncapi\": \"3.0.0\"", "\"orders.created.dead\": {", "\"orders.created.send\": {",
        "\"orders.created.receive.billing-service\": {", "\"audit.recorded.send\": {",
        "\"cleanup.policy\": [", "\"x-owner\": {"}) {
    EXPECT_NE(doc.find(part), std::string::npos) << part;
  }
  EXPECT_EQ(doc.find("legacy.removed"), std::string::npos);
}

// Reads only the files the test names, as the CLI reads the disk.
std::optional<std::string> fake_files(const std::string& path) {
  if (path == "a/order.json") return std::string(R"({"title": "a"})");
  if (path == "b/order.json") return std::string(R"({"title": "b"})");
  return std::nullopt;
}

TEST(Docs, LocalSchemasAreCopiedUnderOneNameEachInPathOrder) {
  auto b = build();
  ASSERT_EQ(b->catalogue.topics.size(), 2u);  // audit.recorded, orders.created
  b->catalogue.topics[0].schema = "b/order.json";
  b->catalogue.topics[1].schema = "a/order.json";
  EXPECT_TRUE(publish_schemas(b->catalogue, fake_files).empty());
  EXPECT_EQ(b->catalogue.topics[1].schema_copy, "schemas/order.json");
  EXPECT_EQ(b->catalogue.topics[0].schema_copy, "schemas/order-2.json");
  EXPECT_EQ(b->catalogue.schema_files, (DocFiles{{"schemas/order.json", R"({"title": "a"})"},
                                                 {"schemas/order-2.json", R"({"title": "b"})"}}));
  const std::string doc = render_asyncapi(b->catalogue).at("asyncapi.json");
  EXPECT_NE(doc.find("\"$ref\": \"schemas/order-2.json\""), std::string::npos);
  const std::string page = render_markdown_catalogue(b->catalogue).at("topics/orders.created.md");
  EXPECT_NE(page.find("| Schema | [a/order.json](../schemas/order.json) |"), std::string::npos);
}

TEST(Docs, SchemaReferencesThatAreNotFilesAreNamedNotReferenced) {
  auto b = build();
  b->catalogue.topics[0].schema = "orders-value";
  b->catalogue.topics[1].schema = "https://schemas.example.com/order.json";
  EXPECT_TRUE(publish_schemas(b->catalogue, fake_files).empty());  // neither is a file
  EXPECT_TRUE(b->catalogue.schema_files.empty());
  EXPECT_EQ(b->catalogue.topics[0].schema_copy, "");
  const std::string doc = render_asyncapi(b->catalogue).at("asyncapi.json");
  EXPECT_NE(doc.find("\"description\": \"schema: orders-value\""), std::string::npos);
  EXPECT_NE(doc.find("\"$ref\": \"https://schemas.example.com/order.json\""), std::string::npos);
  const std::string page = render_markdown_catalogue(b->catalogue).at("topics/audit.recorded.md");
  EXPECT_NE(page.find("| Schema | orders-value |"), std::string::npos);
}

TEST(Docs, AMissingSchemaFileIsReportedAndNotCopied) {
  auto b = build();
  b->catalogue.topics[0].schema = "a/order.json";
  b->catalogue.topics[1].schema = "a/typo.json";
  EXPECT_EQ(publish_schemas(b->catalogue, fake_files), std::vector<std::string>{"a/typo.json"});
  EXPECT_EQ(b->catalogue.topics[1].schema_copy, "");
  EXPECT_EQ(b->catalogue.schema_files.size(), 1u);
  const std::string doc = render_asyncapi(b->catalogue).at("asyncapi.json");
  EXPECT_NE(doc.find("\"description\": \"schema: a/typo.json\""), std::string::npos);
}

TEST(Docs, AnAvroSchemasFieldsAreListedAndAsyncApiNamesItsFormat) {
  auto b = build();
  std::vector<Diagnostic> problems;
  auto avro = read_avro_document(R"(
      {"type": "record", "name": "Paid", "namespace": "com.example", "fields": [
        {"name": "event_id", "type": "string", "doc": "Stable <id>."},
        {"name": "at", "type": {"type": "long", "logicalType": "timestamp-millis"}},
        {"name": "note", "type": ["null", "string"], "default": null},
        {"name": "lines", "type": {"type": "array", "items": {"type": "record", "name": "Line",
          "fields": [{"name": "next", "type": ["null", "Line"]}]}}}]})",
                                 "paid.avsc", problems);
  ASSERT_TRUE(avro);
  for (auto& spec : b->project.topics)
    if (spec.name.value == "orders.created") spec.owner.avro_schema = avro;
  const CatalogueTopic& paid = b->catalogue.topics[1];
  EXPECT_EQ(message_fields(paid).rows,
            (std::vector<std::vector<std::string>>{{"event_id", "string", "—", "Stable <id>."},
                                                   {"at", "long (timestamp-millis)", "—", "—"},
                                                   {"note", "null | string", "null", "—"},
                                                   {"lines", "array<record Line>", "—", "—"}}));
  EXPECT_TRUE(message_fields(b->catalogue.topics[0]).rows.empty()) << "no Avro schema";
  const std::string page = render_markdown_catalogue(b->catalogue).at("topics/orders.created.md");
  EXPECT_NE(page.find("## Message fields\n\n"), std::string::npos);
  EXPECT_NE(page.find("| note | null \\| string | null | — |"), std::string::npos) << page;
  const std::string html = render_html_catalogue(b->catalogue).at("topics/orders.created.html");
  EXPECT_NE(html.find("<td>Stable &lt;id&gt;.</td>"), std::string::npos);
  b->catalogue.topics[1].schema_copy = "schemas/paid.avsc";
  const std::string doc = render_asyncapi(b->catalogue).at("asyncapi.json");
  EXPECT_NE(doc.find("\"schemaFormat\": \"application/vnd.apache.avro+json;version=1.9.0\""),
            std::string::npos);
  EXPECT_NE(doc.find("\"$ref\": \"schemas/paid.avsc\""), std::string::npos);
}

TEST(Docs, AProtobufMessagesFieldsAreListedAndAsyncApiNamesItsFormat) {
  auto b = build();
  const char* text = R"(syntax = "proto3";
package shop;
message Other { string x = 1; }
message Paid {
  // Stable <id>.
  string event_id = 1;
  repeated string tags = 2;
  map<string, int64> sizes = 3;
  oneof payer { string customer = 4; }
})";
  std::vector<Diagnostic> problems;
  auto file = memory_proto_files("paid.proto", "paid.proto", {{"paid.proto", text}});
  auto proto = read_proto_document("paid.proto", *file, problems);
  ASSERT_TRUE(proto);
  for (auto& spec : b->project.topics) {
    if (spec.name.value != "orders.created") continue;
    spec.owner.proto_schema = proto;
    spec.owner.schema_message.present = true;
    spec.owner.schema_message.value = "shop.Paid";
  }
  const CatalogueTopic& paid = b->catalogue.topics[1];
  EXPECT_EQ(message_fields(paid).rows, (std::vector<std::vector<std::string>>{
                                           {"event_id", "1", "string", "Stable <id>."},
                                           {"tags", "2", "repeated string", "—"},
                                           {"sizes", "3", "map<string, int64>", "—"},
                                           {"customer", "4", "string (oneof payer)", "—"}}));
  EXPECT_EQ(fields_note(paid),
            "The fields of the Protobuf message shop.Paid, as the schema file declares them.");
  const std::string page = render_markdown_catalogue(b->catalogue).at("topics/orders.created.md");
  EXPECT_NE(page.find("| Field | Number | Type | Comment |"), std::string::npos) << page;
  b->catalogue.topics[1].schema_copy = "schemas/paid.proto";
  const std::string doc = render_asyncapi(b->catalogue).at("asyncapi.json");
  EXPECT_NE(doc.find("\"schemaFormat\": \"application/vnd.google.protobuf;version=3\""),
            std::string::npos);
  EXPECT_NE(doc.find("\"$ref\": \"schemas/paid.proto\""), std::string::npos);
}

TEST(Docs, ACopiedProtoHasWhatItImportsBesideItAtTheImportPath) {
  auto b = build();
  auto file = memory_proto_files(
      "paid.proto", "paid.proto",
      {{"paid.proto",
        "syntax = \"proto3\";\nimport \"shop/money.proto\";\n"
        "message Paid { shop.Money total = 1; }\n"},
       {"shop/money.proto", "syntax = \"proto3\";\npackage shop;\nmessage Money {}\n"}});
  std::vector<Diagnostic> problems;
  auto proto = read_proto_document("paid.proto", *file, problems);
  ASSERT_TRUE(proto);
  for (auto& spec : b->project.topics)
    if (spec.name.value == "orders.created") spec.owner.proto_schema = proto;
  b->catalogue.topics[1].schema = "a/paid.proto";
  auto read = [](const std::string& path) -> std::optional<std::string> {
    if (path == "a/paid.proto") return std::string("the file's text");
    return std::nullopt;
  };
  EXPECT_TRUE(publish_schemas(b->catalogue, read).empty());
  EXPECT_EQ(b->catalogue.schema_files,
            (DocFiles{{"schemas/paid.proto", "the file's text"},
                      {"schemas/shop/money.proto",
                       "syntax = \"proto3\";\npackage shop;\nmessage Money {}\n"}}));
}

}  // namespace
}  // namespace topicform
