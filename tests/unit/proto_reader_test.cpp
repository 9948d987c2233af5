// `.proto` files through the protobuf library into topicform's model, and the bounds on imports.
#include "manifest/proto_reader.hpp"

#include <filesystem>
#include <fstream>
#include <map>

#include <gtest/gtest.h>

namespace topicform {
namespace {

namespace fs = std::filesystem;

// Files held in memory: the import rules are tested without a disk.
class MemoryProtoFiles : public ProtoFiles {
 public:
  explicit MemoryProtoFiles(std::map<std::string, std::string> texts) : m_texts(std::move(texts)) {}
  std::optional<std::string> text(const std::string& name, std::string& why) override {
    ++opened;
    auto it = m_texts.find(name);
    if (it == m_texts.end()) {
      why = "is not here";
      return std::nullopt;
    }
    return it->second;
  }
  std::string shown(const std::string& name) const override { return "s/" + name; }
  int opened = 0;

 private:
  std::map<std::string, std::string> m_texts;
};

std::vector<std::string> lines_of(const std::vector<Diagnostic>& findings) {
  std::vector<std::string> out;
  for (const auto& d : findings)
    out.push_back(fmt::format("{}:{}:{}: {} [{}]", d.at.file.str(), d.at.line, d.at.column,
                              d.message, d.rule));
  return out;
}

const char* kOrder = R"(syntax = "proto3";
package shop.orders;

import "money.proto";
import "google/protobuf/timestamp.proto";

// An order was placed.
message OrderCreated {
  // The order's id, stable across retries.
  string order_id = 1;
  shop.Money total = 2;
  google.protobuf.Timestamp created_at = 3;
  repeated Line lines = 4;
  map<string, string> labels = 5;
  oneof payer {
    string customer_id = 6;
    string company_id = 7;
  }
  optional int32 version = 8;
  Status status = 9;
  reserved 10 to 12, 15;
  reserved "coupon";

  message Line {
    string sku = 1;
    uint32 quantity = 2;
  }
  enum Status {
    STATUS_UNSPECIFIED = 0;
    STATUS_NEW = 1;
  }
}

message Other {}
)";

const char* kMoney = R"(syntax = "proto3";
package shop;
message Money { int64 amount_cents = 1; string currency = 2; }
)";

TEST(ProtoReader, ReadsMessagesFieldsAndPlacesWithImports) {
  MemoryProtoFiles files({{"order.proto", kOrder}, {"money.proto", kMoney}});
  std::vector<Diagnostic> findings;
  auto doc = read_proto_document("order.proto", files, findings);
  ASSERT_TRUE(doc) << ::testing::PrintToString(lines_of(findings));
  EXPECT_TRUE(findings.empty());
  EXPECT_EQ(doc->syntax, "proto3");
  EXPECT_EQ(doc->package, "shop.orders");
  EXPECT_EQ(doc->imports,
            (std::vector<std::string>{"money.proto", "google/protobuf/timestamp.proto"}));
  ASSERT_EQ(doc->first_message()->full_name, "shop.orders.OrderCreated");
  std::vector<std::string> names;
  for (const auto& m : doc->messages) names.push_back(m.full_name);
  // The parser makes a map's entry message where the field stands, before the Line it precedes.
  EXPECT_EQ(names, (std::vector<std::string>{
                       "shop.orders.OrderCreated", "shop.orders.OrderCreated.LabelsEntry",
                       "shop.orders.OrderCreated.Line", "shop.orders.Other"}));
  const ProtoMessage& order = doc->messages[0];
  EXPECT_EQ(order.comment, "An order was placed.");
  EXPECT_EQ(order.at, (Location{"s/order.proto", 8, 1}));
  ASSERT_EQ(order.fields.size(), 9u);
  const ProtoField& id = order.fields[0];
  EXPECT_EQ(id.name, "order_id");
  EXPECT_EQ(id.type, "string");
  EXPECT_EQ(id.comment, "The order's id, stable across retries.");
  EXPECT_EQ(id.at, (Location{"s/order.proto", 10, 3}));
  EXPECT_EQ(order.fields[1].type, "message");
  EXPECT_EQ(order.fields[1].type_name, "shop.Money");
  EXPECT_EQ(order.fields[2].type_name, "google.protobuf.Timestamp");
  EXPECT_EQ(order.fields[3].label, ProtoLabel::repeated);
  EXPECT_EQ(order.fields[3].type_name, "shop.orders.OrderCreated.Line");
  EXPECT_TRUE(order.fields[4].map);
  EXPECT_EQ(order.fields[5].oneof, "payer");
  EXPECT_EQ(order.fields[7].oneof, "") << "proto3 optional's synthetic oneof is no oneof";
  EXPECT_EQ(order.fields[8].type, "enum");
  EXPECT_EQ(order.reserved_numbers, (std::vector<ProtoRange>{{10, 12}, {15, 15}}));
  EXPECT_EQ(order.reserved_names, (std::vector<std::string>{"coupon"}));
  ASSERT_EQ(doc->enums.size(), 1u);
  EXPECT_EQ(doc->enums[0].full_name, "shop.orders.OrderCreated.Status");
  EXPECT_EQ(doc->enums[0].values.size(), 2u);
  EXPECT_TRUE(doc->messages[1].map_entry);
  EXPECT_FALSE(doc->messages[2].map_entry);
}

TEST(ProtoReader, ParseAndBuildErrorsAreToldAtTheirPlace) {
  MemoryProtoFiles files({{"a.proto",
                           "syntax = \"proto3\";\nmessage A {\n  Missing m = 1;\n"
                           "  string s = 1;\n}\n"},
                          {"b.proto", "syntax = \"proto3\";\nmessage B { string s = 1 }\n"}});
  std::vector<Diagnostic> findings;
  EXPECT_FALSE(read_proto_document("a.proto", files, findings));
  EXPECT_FALSE(read_proto_document("b.proto", files, findings));
  EXPECT_EQ(lines_of(findings),
            (std::vector<std::string>{
                "s/a.proto:3:3: Protobuf: \"Missing\" is not defined. [contract/schema-invalid]",
                "s/a.proto:4:14: Protobuf: Field number 1 has already been used in \"A\" by "
                "field \"m\". [contract/schema-invalid]",
                "s/b.proto:2:26: Protobuf: Expected \";\". [contract/schema-invalid]"}));
}

// The packaged library builds a reversed range into one that reserves nothing; protoc refuses it.
TEST(ProtoReader, AReservedRangeThatEndsBeforeItStartsIsRefusedAsProtocDoes) {
  MemoryProtoFiles files(
      {{"a.proto",
        "syntax = \"proto3\";\nimport \"b.proto\";\nmessage A {\n  string s = 1;\n"
        "  reserved 5 to 5, 20 to 12;\n  message Inner { reserved 9 to 3; }\n}\n"},
       {"b.proto", "syntax = \"proto3\";\nmessage B {\n  reserved 3 to 1;\n}\n"},
       {"c.proto", "syntax = \"proto3\";\nmessage C { reserved 5 to 5, 7 to max; }\n"}});
  std::vector<Diagnostic> findings;
  EXPECT_FALSE(read_proto_document("a.proto", files, findings));
  EXPECT_EQ(lines_of(findings),
            (std::vector<std::string>{
                "s/a.proto:5:20: Protobuf: Reserved range end number must be greater than start "
                "number. [contract/schema-invalid]",
                "s/a.proto:6:28: Protobuf: Reserved range end number must be greater than start "
                "number. [contract/schema-invalid]",
                "s/b.proto:3:12: Protobuf: Reserved range end number must be greater than start "
                "number. [contract/schema-invalid]"}));
  findings.clear();
  EXPECT_TRUE(read_proto_document("c.proto", files, findings));
  EXPECT_TRUE(findings.empty());
}

TEST(ProtoReader, ImportsThatLeaveTheProjectNeverReachTheSource) {
  MemoryProtoFiles files(std::map<std::string, std::string>{
      {"a.proto",
       "syntax = \"proto3\";\nimport \"../x.proto\";\nimport \"/etc/passwd\";\n"
       "import \"sub/./y.proto\";\nimport \"nowhere.proto\";\n"}});
  std::vector<Diagnostic> findings;
  EXPECT_FALSE(read_proto_document("a.proto", files, findings));
  EXPECT_EQ(files.opened, 2) << "only a.proto and nowhere.proto are asked for";
  EXPECT_EQ(lines_of(findings),
            (std::vector<std::string>{
                "s/a.proto:2:1: Protobuf: import \"../x.proto\" climbs out with '..': imports "
                "stay inside the project [contract/schema-invalid]",
                "s/a.proto:3:1: Protobuf: import \"/etc/passwd\" is not a relative path inside "
                "the project [contract/schema-invalid]",
                "s/a.proto:4:1: Protobuf: import \"sub/./y.proto\" climbs out with '..': "
                "imports stay inside the project [contract/schema-invalid]",
                "s/a.proto:5:1: Protobuf: import \"nowhere.proto\" is not here "
                "[contract/schema-invalid]"}));
}

TEST(ProtoReader, AChainOfImportsStopsAtTheFileBound) {
  std::map<std::string, std::string> texts;
  for (std::size_t i = 0; i <= kMaxProtoFiles + 5; ++i) {
    texts[fmt::format("f{}.proto", i)] =
        fmt::format("syntax = \"proto3\";\nimport \"f{}.proto\";\nmessage M{} {{}}\n", i + 1, i);
  }
  MemoryProtoFiles files(texts);
  std::vector<Diagnostic> findings;
  EXPECT_FALSE(read_proto_document("f0.proto", files, findings));
  EXPECT_EQ(files.opened, static_cast<int>(kMaxProtoFiles));
  ASSERT_FALSE(findings.empty());
  EXPECT_NE(findings.front().message.find("is one more than the 64 files one schema may read"),
            std::string::npos)
      << ::testing::PrintToString(lines_of(findings));
}

TEST(ProtoReader, DeepNestingIsRefusedNotOverflowed) {
  std::string text = "syntax = \"proto3\";\n";
  for (int i = 0; i < 5000; ++i) text += fmt::format("message M{} {{\n", i);
  for (int i = 0; i < 5000; ++i) text += "}\n";
  MemoryProtoFiles files({{"deep.proto", text}});
  std::vector<Diagnostic> findings;
  EXPECT_FALSE(read_proto_document("deep.proto", files, findings));
  ASSERT_FALSE(findings.empty());
  EXPECT_EQ(lines_of(findings).front(),
            "s/deep.proto:1:1: Protobuf: Reached maximum recursion limit for nested messages. "
            "[contract/schema-invalid]");
}

TEST(ProtoReader, ProjectFilesFollowNoLinkOutOfTheProject) {
  fs::path root = fs::temp_directory_path() / fmt::format("proto-reader-{}", ::getpid());
  fs::create_directories(root / "schemas");
  fs::path outside = fs::temp_directory_path() / fmt::format("proto-outside-{}.proto", ::getpid());
  std::ofstream(outside) << "syntax = \"proto3\";\nmessage Secret {}\n";
  fs::create_symlink(outside, root / "schemas" / "secret.proto");
  std::ofstream(root / "schemas" / "a.proto")
      << "syntax = \"proto3\";\nimport \"secret.proto\";\nimport \"schemas/b.proto\";\n";
  std::ofstream(root / "schemas" / "b.proto") << "syntax = \"proto3\";\nmessage B {}\n";
  auto files = project_proto_files((root / "schemas").string(), {root.string()}, "a.proto",
                                   "p/schemas/a.proto",
                                   "syntax = \"proto3\";\nimport \"secret.proto\";\nimport "
                                   "\"schemas/b.proto\";\n");
  std::vector<Diagnostic> findings;
  EXPECT_FALSE(read_proto_document("a.proto", *files, findings));
  EXPECT_EQ(lines_of(findings),
            (std::vector<std::string>{"p/schemas/a.proto:2:1: Protobuf: import \"secret.proto\" "
                                      "leads outside the project (through a link) "
                                      "[contract/schema-invalid]"}));
  fs::remove_all(root);
  fs::remove(outside);
}

TEST(ProtoReader, AThousandErrorsAreToldAsFiftyAndACount) {
  std::string text = "syntax = \"proto3\";\nmessage M {\n";
  for (int i = 0; i < 1000; ++i) text += fmt::format("  Missing{} f{} = {};\n", i, i, i + 1);
  text += "}\n";
  MemoryProtoFiles files({{"m.proto", text}});
  std::vector<Diagnostic> findings;
  EXPECT_FALSE(read_proto_document("m.proto", files, findings));
  ASSERT_EQ(findings.size(), 51u);
  EXPECT_EQ(lines_of(findings).back(),
            "s/m.proto:1:1: Protobuf: 950 more errors; fix the ones above first "
            "[contract/schema-invalid]");
}

TEST(ProtoReader, TheProjectFilesImportedAreKeptEachAfterItsOwnImports) {
  MemoryProtoFiles files(
      {{"order.proto",
        "syntax = \"proto3\";\nimport \"shop/line.proto\";\nimport \"money.proto\";\n"
        "import \"google/protobuf/timestamp.proto\";\nmessage Order { shop.Line line = 1; }\n"},
       {"shop/line.proto",
        "syntax = \"proto3\";\npackage shop;\nimport \"money.proto\";\n"
        "message Line { Money price = 1; }\n"},
       {"money.proto", kMoney}});
  std::vector<Diagnostic> findings;
  auto doc = read_proto_document("order.proto", files, findings);
  ASSERT_TRUE(doc) << ::testing::PrintToString(lines_of(findings));
  ASSERT_EQ(doc->imported.size(), 2u);  // the well-known type is the library's, not a file
  EXPECT_EQ(doc->imported[0].name, "money.proto");
  EXPECT_EQ(doc->imported[0].text, kMoney);
  EXPECT_TRUE(doc->imported[0].imports.empty());
  EXPECT_EQ(doc->imported[1].name, "shop/line.proto");
  EXPECT_EQ(doc->imported[1].imports, std::vector<std::string>{"money.proto"});
}

TEST(ProtoReader, ARegistrysCopyIsBuiltWithTheImportsGivenAndNothingElse) {
  auto copy = memory_proto_files("order.proto", "order.proto (the registry's version)",
                                 {{"order.proto",
                                   "syntax = \"proto3\";\nimport \"money.proto\";\nmessage Order { "
                                   "shop.Money total = 1; }\n"},
                                  {"money.proto", kMoney}});
  std::vector<Diagnostic> findings;
  auto doc = read_proto_document("order.proto", *copy, findings);
  ASSERT_TRUE(doc) << ::testing::PrintToString(lines_of(findings));
  EXPECT_EQ(doc->file, "order.proto (the registry's version)");
  auto alone =
      memory_proto_files("order.proto", "order.proto",
                         {{"order.proto", "syntax = \"proto3\";\nimport \"line.proto\";\n"}});
  EXPECT_FALSE(read_proto_document("order.proto", *alone, findings));
  EXPECT_NE(findings.back().message.find("import \"line.proto\" is not among the files given"),
            std::string::npos)
      << findings.back().message;
}

}  // namespace
}  // namespace topicform
