// Avro's schema resolution on pairs whose verdict the Avro specification states: promotions,
// fields with and without defaults, aliases, enums, fixed sizes, unions and recursive types.
#include "core/contract/avro_compatibility.hpp"

#include <chrono>

#include <gtest/gtest.h>

#include "unit/avro_text.hpp"

namespace topicform {
namespace {

// "KIND at POINTER: DETAIL" for each reason `reader` cannot read what `writer` wrote.
std::vector<std::string> breaks(const std::string& reader, const std::string& writer) {
  std::vector<std::string> out;
  for (const auto& b : avro_reader_breaks(avro_of(reader), avro_of(writer)))
    out.push_back(
        fmt::format("{} at {}: {}", avro_incompatibility_name(b.kind), b.pointer, b.detail));
  return out;
}

using Lines = std::vector<std::string>;

std::string record(const std::string& fields, const std::string& extra = "") {
  return R"({"type": "record", "name": "R", )" + extra + R"("fields": [)" + fields + "]}";
}

TEST(AvroCompatibility, WideningPromotionsReadAndNarrowingDoesNot) {
  EXPECT_EQ(breaks(R"("long")", R"("int")"), Lines{});
  EXPECT_EQ(breaks(R"("double")", R"("float")"), Lines{});
  EXPECT_EQ(breaks(R"("bytes")", R"("string")"), Lines{});
  EXPECT_EQ(breaks(R"("int")", R"("long")"),
            Lines{"TYPE_MISMATCH at : reader type: int not compatible with writer type: long"});
}

TEST(AvroCompatibility, AReaderFieldTheWriterLacksNeedsADefault) {
  std::string old_one = record(R"({"name": "id", "type": "string"})");
  EXPECT_EQ(
      breaks(record(R"({"name": "id", "type": "string"}, {"name": "v", "type": "int"})"), old_one),
      Lines{"READER_FIELD_MISSING_DEFAULT_VALUE at /fields/1: v"});
  EXPECT_EQ(breaks(record(R"({"name": "id", "type": "string"},
                             {"name": "v", "type": "int", "default": 1})"),
                   old_one),
            Lines{});
  EXPECT_EQ(
      breaks(old_one, record(R"({"name": "id", "type": "string"}, {"name": "x", "type": "int"})")),
      Lines{})
      << "a writer-only field is skipped";
}

TEST(AvroCompatibility, AFieldRenamedWithAnAliasStillReads) {
  EXPECT_EQ(breaks(record(R"({"name": "key", "type": "string", "aliases": ["id"]})"),
                   record(R"({"name": "id", "type": "string"})")),
            Lines{});
}

TEST(AvroCompatibility, NamedTypesMatchByNameOrTheReadersAliases) {
  EXPECT_EQ(breaks(R"({"type": "fixed", "name": "a.B", "size": 4})",
                   R"({"type": "fixed", "name": "c.B", "size": 4})"),
            Lines{})
      << "the unqualified name decides";
  EXPECT_EQ(breaks(R"({"type": "fixed", "name": "C", "size": 8})",
                   R"({"type": "fixed", "name": "B", "size": 4})"),
            (Lines{"NAME_MISMATCH at /name: expected: B",
                   "FIXED_SIZE_MISMATCH at /size: expected: 4, found: 8"}));
  EXPECT_EQ(breaks(R"({"type": "fixed", "name": "x.C", "aliases": ["B"], "size": 4})",
                   R"({"type": "fixed", "name": "x.B", "size": 4})"),
            Lines{});
}

TEST(AvroCompatibility, AnEnumReadsNewSymbolsOnlyWithADefault) {
  std::string writer = R"({"type": "enum", "name": "E", "symbols": ["A", "B", "C"]})";
  EXPECT_EQ(breaks(R"({"type": "enum", "name": "E", "symbols": ["A"]})", writer),
            Lines{"MISSING_ENUM_SYMBOLS at /symbols: [B, C]"});
  EXPECT_EQ(breaks(R"({"type": "enum", "name": "E", "symbols": ["A"], "default": "A"})", writer),
            Lines{});
}

TEST(AvroCompatibility, UnionsNeedABranchForEveryWrittenKind) {
  EXPECT_EQ(breaks(R"(["null", "long"])", R"("int")"), Lines{});
  EXPECT_EQ(breaks(R"(["null", "string"])", R"("int")"),
            Lines{"MISSING_UNION_BRANCH at : reader union lacking writer type: int"});
  EXPECT_EQ(breaks(R"("int")", R"(["null", "int"])"),
            Lines{"TYPE_MISMATCH at : reader type: int not compatible with writer type: null"});
  EXPECT_EQ(breaks(R"(["int", "null", "string"])", R"(["null", "int"])"), Lines{});
}

TEST(AvroCompatibility, ARecursiveTypeIsComparedOnce) {
  std::string list = record(R"({"name": "next", "type": ["null", "R"], "default": null},
                               {"name": "v", "type": "int"})");
  EXPECT_EQ(breaks(list, list), Lines{});
  std::string wider = record(R"({"name": "next", "type": ["null", "R"], "default": null},
                                {"name": "v", "type": "long"})");
  EXPECT_EQ(breaks(wider, list), Lines{});
  EXPECT_EQ(breaks(list, wider),
            Lines{"TYPE_MISMATCH at /fields/1/type: reader type: int not compatible with writer "
                  "type: long"});
}

// A union of 2,000 records read by another, and a record of 10,000 fields: each writer branch
// finds its reader branch by name and each field its writer field by an index, where a search
// of every pair took minutes and gigabytes (3,000 records: over 10 minutes, 5.7 GB). The bound is
// ten times what it takes under ASan.
TEST(AvroCompatibility, AUnionOfThousandsOfRecordsAndARecordOfThousandsOfFieldsAreNoSquare) {
  auto union_of = [](const char* type) {
    std::string out = "[";
    for (int i = 0; i < 2000; ++i)
      out += fmt::format(R"({}{{"type": "record", "name": "R{}", "fields": [{{"name": "a",
          "type": "{}"}}]}})",
                         i ? "," : "", i, type);
    return record(R"({"name": "u", "type": )" + out + "]}");
  };
  auto wide = [](const char* extra) {
    std::string fields;
    for (int i = 0; i < 10000; ++i)
      fields += fmt::format(R"({}{{"name": "f{}", "type": "int"{}}})", i ? "," : "", i, extra);
    return record(fields);
  };
  auto started = std::chrono::steady_clock::now();
  EXPECT_EQ(breaks(union_of("long"), union_of("int")), Lines{});
  EXPECT_EQ(breaks(union_of("int"), union_of("long")).size(), 2000u);
  EXPECT_EQ(breaks(wide(R"(, "default": 0)"), record("")), Lines{});
  EXPECT_EQ(breaks(wide(""), record("")).size(), 10000u);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(60));
}

}  // namespace
}  // namespace topicform
