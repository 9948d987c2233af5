// Pairs of .proto files judged by Confluent's and Apicurio's rules, each verdict pinned.
#include "core/contract/proto_compatibility.hpp"

#include <map>

#include <gtest/gtest.h>

#include "manifest/proto_reader.hpp"

namespace topicform {
namespace {

ProtoDocument parse(const std::string& body, const std::string& shown) {
  auto files = memory_proto_files(
      "x.proto", shown,
      {{"x.proto", "syntax = \"proto3\";\npackage shop.orders;\nimport \"money.proto\";\n" + body},
       {"money.proto",
        "syntax = \"proto3\";\npackage shop;\nmessage Money { int64 cents = 1; }\n"
        "message Price { int64 cents = 1; }\n"}});
  std::vector<Diagnostic> findings;
  auto doc = read_proto_document("x.proto", *files, findings);
  EXPECT_TRUE(doc) << body << (findings.empty() ? "" : findings.front().message);
  return doc ? *doc : ProtoDocument{};
}

// "KIND PATH (DETAIL) @line" for each breaking change, new file's places.
std::vector<std::string> breaks(const std::string& before, const std::string& after,
                                ProtoRules rules = ProtoRules::confluent) {
  std::vector<std::string> out;
  for (const auto& c : proto_changes(parse(before, "old"), parse(after, "new"), rules)) {
    if (!c.breaking) continue;
    out.push_back(fmt::format("{} {}{} @{}", c.kind, c.path,
                              c.detail.empty() ? "" : " (" + c.detail + ")", c.update_at.line));
  }
  return out;
}

using Lines = std::vector<std::string>;

const char* kBase = R"(message Order {
  string id = 1;
  int32 count = 2;
  shop.Money total = 3;
  repeated string tags = 4;
  map<string, int64> sizes = 5;
  oneof payer {
    string customer = 6;
    string company = 7;
  }
  Status status = 8;
  enum Status { UNKNOWN = 0; NEW = 1; }
  message Line { string sku = 1; }
}
message Other { string a = 1; }
)";

std::string changed(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(ProtoCompatibility, ConfluentTakesWhatTheWireReads) {
  EXPECT_EQ(breaks(kBase, kBase), Lines{});
  // Compatible under Confluent: a field added, removed or renamed; a type of the same wire
  // group; an enum for an int; a message or enum added; a oneof added; string <-> bytes.
  EXPECT_EQ(breaks(kBase, changed(kBase, "string a = 1;", "string a = 1; int64 b = 2;")), Lines{});
  EXPECT_EQ(breaks(kBase, changed(kBase, "  int32 count = 2;\n", "")), Lines{});
  EXPECT_EQ(breaks(kBase, changed(kBase, "int32 count = 2", "int32 quantity = 2")), Lines{});
  EXPECT_EQ(breaks(kBase, changed(kBase, "int32 count = 2", "uint64 count = 2")), Lines{});
  EXPECT_EQ(breaks(kBase, changed(kBase, "int32 count = 2", "Status count = 2")), Lines{});
  EXPECT_EQ(breaks(kBase, changed(kBase, "string id = 1", "bytes id = 1")), Lines{});
  EXPECT_EQ(breaks(kBase, kBase + std::string("message Added {}\nenum E { E0 = 0; }\n")), Lines{});
  EXPECT_EQ(breaks(kBase, changed(kBase, "  Status status = 8;\n",
                                  "  oneof kind { Status status = 8; }\n")),
            Lines{});
  EXPECT_EQ(breaks(kBase, changed(kBase, "repeated string tags", "string tags")), Lines{})
      << "a string's label is compatible";
}

TEST(ProtoCompatibility, ConfluentBreaksAreNamedWithTheirPlace) {
  EXPECT_EQ(breaks(kBase, changed(kBase, "int32 count = 2", "string count = 2")),
            Lines{"FIELD_SCALAR_KIND_CHANGED Order.count = 2 (int32 -> string) @6"});
  EXPECT_EQ(breaks(kBase, changed(kBase, "int32 count = 2", "sint32 count = 2")),
            Lines{"FIELD_SCALAR_KIND_CHANGED Order.count = 2 (int32 -> sint32) @6"});
  EXPECT_EQ(breaks(kBase, changed(kBase, "shop.Money total", "int64 total")),
            Lines{"FIELD_KIND_CHANGED Order.total = 3 (shop.Money -> int64) @7"});
  EXPECT_EQ(breaks(kBase, changed(kBase, "shop.Money total", "shop.Price total")),
            Lines{"FIELD_NAMED_TYPE_CHANGED Order.total = 3 (shop.Money -> shop.Price) @7"});
  EXPECT_EQ(breaks(kBase, changed(kBase, "map<string, int64>", "map<string, string>")),
            Lines{"FIELD_SCALAR_KIND_CHANGED Order.sizes = 5 (int64 -> string) @9"});
  EXPECT_EQ(breaks(kBase, changed(kBase, "map<string, int64> sizes", "int64 sizes")),
            Lines{"FIELD_KIND_CHANGED Order.sizes = 5 (shop.orders.Order.SizesEntry -> int64) @9"});
  EXPECT_EQ(breaks(kBase, changed(kBase, "message Other { string a = 1; }\n", "")),
            Lines{"MESSAGE_REMOVED Other @1"});
  EXPECT_EQ(breaks(kBase, changed(kBase, "  message Line { string sku = 1; }\n", "")),
            Lines{"MESSAGE_REMOVED Order.Line @4"});
  EXPECT_EQ(breaks(kBase, changed(kBase, "    string company = 7;\n", "")),
            Lines{"ONEOF_FIELD_REMOVED Order.payer.company = 7 @11"});
  EXPECT_EQ(
      breaks(kBase, changed(kBase, "  string id = 1;\n  int32 count = 2;\n",
                            "  oneof key {\n    string id = 1;\n    int32 count = 2;\n  }\n")),
      Lines{"MULTIPLE_FIELDS_MOVED_TO_ONEOF Order.key @6"});
  EXPECT_EQ(breaks(kBase, changed(changed(kBase, "  string id = 1;\n", ""), "string company = 7;",
                                  "string company = 7;\n    string id = 1;")),
            Lines{"FIELD_MOVED_TO_EXISTING_ONEOF Order.payer @12"});
  EXPECT_EQ(breaks(kBase, changed(kBase, "    string customer = 6;\n", "")),
            Lines{"ONEOF_FIELD_REMOVED Order.payer.customer = 6 @11"});
}

TEST(ProtoCompatibility, LabelsAndPackagesAndRequiredFields) {
  EXPECT_EQ(
      breaks("message A { optional int32 n = 1; }\n", "message A { repeated int32 n = 1; }\n"),
      Lines{"FIELD_NUMERIC_LABEL_CHANGED A.n = 1 (optional int32 -> repeated int32) @4"});
  // proto3's plain field has no label to compare (Confluent's parser sees none).
  EXPECT_EQ(breaks("message A { int32 n = 1; }\n", "message A { repeated int32 n = 1; }\n"),
            Lines{});
  std::string body = "message A { string s = 1; }\n";
  auto moved = proto_changes(
      parse(body, "old"),
      [&] {
        ProtoDocument d = parse(body, "new");
        d.package = "shop.billing";
        return d;
      }(),
      ProtoRules::confluent);
  ASSERT_FALSE(moved.empty());
  EXPECT_EQ(moved.front().kind, "PACKAGE_CHANGED");
  EXPECT_TRUE(moved.front().breaking);
}

TEST(ProtoCompatibility, ApicurioAlsoHoldsNamesNumbersAndReservations) {
  auto apicurio = [](const std::string& a, const std::string& b) {
    return breaks(a, b, ProtoRules::apicurio);
  };
  EXPECT_EQ(apicurio(kBase, kBase), Lines{});
  EXPECT_EQ(apicurio(kBase, changed(kBase, "  int32 count = 2;\n", "")),
            Lines{"FIELD_REMOVED_WITHOUT_RESERVE Order.count = 2 @4"});
  EXPECT_EQ(apicurio(kBase, changed(kBase, "  int32 count = 2;\n",
                                    "  reserved 2;\n  reserved \"count\";\n")),
            Lines{});
  EXPECT_EQ(apicurio(kBase, changed(kBase, "int32 count = 2", "int32 quantity = 2")),
            (Lines{"FIELD_REMOVED_WITHOUT_RESERVE Order.count = 2 @4",
                   "FIELD_NAME_CHANGED Order.quantity = 2 (count -> quantity) @6"}));
  EXPECT_EQ(apicurio(kBase, changed(kBase, "int32 count = 2", "int64 count = 2")),
            Lines{"FIELD_TYPE_CHANGED Order.count = 2 (int32 -> int64) @6"});
  EXPECT_EQ(apicurio(kBase, changed(kBase, "int32 count = 2", "int32 count = 9")),
            Lines{"FIELD_NUMBER_CHANGED Order.count = 2 (2 -> 9) @6"});
  std::string reserved =
      changed(kBase, "  int32 count = 2;\n", "  reserved 2, 20 to 22;\n  reserved \"count\";\n");
  EXPECT_EQ(apicurio(reserved,
                     changed(reserved, "reserved 2, 20 to 22;", "reserved 2;\n  int32 n = 21;")),
            (Lines{"RESERVED_FIELD_USED Order.n = 21 @7", "RESERVED_REMOVED Order reserved 20 @4",
                   "RESERVED_REMOVED Order reserved 22 @4"}));
}

// An order whose total is a Money of money.proto, as `money` defines it.
ProtoDocument order_with(const std::string& money) {
  auto files = memory_proto_files(
      "order.proto", "order.proto",
      {{"order.proto",
        "syntax = \"proto3\";\nimport \"money.proto\";\nmessage Order { shop.Money total = 1; }\n"},
       {"money.proto", "syntax = \"proto3\";\npackage shop;\n" + money}});
  std::vector<Diagnostic> findings;
  auto doc = read_proto_document("order.proto", *files, findings);
  EXPECT_TRUE(doc) << money;
  return doc ? *doc : ProtoDocument{};
}

TEST(ProtoCompatibility, ConfluentFollowsAMessageTypeOfAnImportedFile) {
  auto before = order_with("message Money { int64 cents = 1; Money next = 2; }\n");
  auto after = order_with("message Money { string cents = 1; Money next = 2; }\n");
  std::vector<std::string> found;
  for (const auto& c : proto_changes(before, after, ProtoRules::confluent))
    found.push_back(
        fmt::format("{} {} {}:{}", c.kind, c.path, c.update_at.file.str(), c.update_at.line));
  // Followed once, though Money holds itself; told in the file that defines it.
  EXPECT_EQ(found, Lines{"FIELD_SCALAR_KIND_CHANGED Money.cents = 1 money.proto:3"});
  EXPECT_TRUE(proto_changes(before, before, ProtoRules::confluent).empty());
  // Apicurio's checker reads the one file it is given.
  EXPECT_TRUE(proto_changes(before, after, ProtoRules::apicurio).empty());
}

TEST(ProtoCompatibility, ApicurioKeepsEachRpcAndItsSignatureConfluentLooksAtNone) {
  std::string with = std::string(kBase) +
                     "service Orders {\n"
                     "  rpc Place(Order) returns (Order);\n"
                     "  rpc Watch(Order) returns (stream Order);\n"
                     "}\n";
  auto apicurio = [](const std::string& a, const std::string& b) {
    return breaks(a, b, ProtoRules::apicurio);
  };
  EXPECT_EQ(apicurio(with, with), Lines{});
  // An RPC added is no break; one removed is, told at its service.
  EXPECT_EQ(apicurio(with, changed(with, "returns (Order);\n",
                                   "returns (Order);\n"
                                   "  rpc Cancel(Other) returns (Order);\n")),
            Lines{});
  EXPECT_EQ(apicurio(with, changed(with, "  rpc Place(Order) returns (Order);\n", "")),
            Lines{"RPC_REMOVED Orders.Place @19"});
  // A service gone takes its RPCs with it, told at the file.
  EXPECT_EQ(apicurio(with, kBase),
            (Lines{"RPC_REMOVED Orders.Place @1", "RPC_REMOVED Orders.Watch @1"}));
  EXPECT_EQ(apicurio(with, changed(with, "rpc Place(Order)", "rpc Place(Other)")),
            Lines{"RPC_SIGNATURE_CHANGED Orders.Place ((shop.orders.Order) returns "
                  "(shop.orders.Order) -> (shop.orders.Other) returns (shop.orders.Order)) @20"});
  EXPECT_EQ(apicurio(with, changed(with, "returns (stream Order)", "returns (Order)")),
            Lines{"RPC_SIGNATURE_CHANGED Orders.Watch ((shop.orders.Order) returns (stream "
                  "shop.orders.Order) -> (shop.orders.Order) returns (shop.orders.Order)) @21"});
  // Confluent's registry compares messages only.
  EXPECT_EQ(breaks(with, kBase), Lines{});
}

}  // namespace
}  // namespace topicform
