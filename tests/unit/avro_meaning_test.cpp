// Avro fields whose meaning may have changed: the same record, name and shape, another doc or
// logical type; a new type or a doc written for the first time is no such change.
#include "core/contract/avro_meaning.hpp"

#include <gtest/gtest.h>

#include "unit/avro_text.hpp"

namespace topicform {
namespace {

std::string record(const std::string& name, const std::string& fields) {
  return R"({"type": "record", "name": ")" + name + R"(", "fields": [)" + fields + "]}";
}

// "FIELD at POINTER: doc|logical WAS -> NOW" for each change from `before` to `now`.
std::vector<std::string> changes(const std::string& before, const std::string& now) {
  std::vector<std::string> out;
  for (const auto& c : avro_meaning_changes(avro_of(before), avro_of(now)))
    out.push_back(fmt::format("{} at {}: {} {} -> {}", c.field, c.pointer,
                              c.logical ? "logical" : "doc", c.was, c.now));
  return out;
}

using Lines = std::vector<std::string>;

TEST(AvroMeaning, AChangedDocOfTheSameFieldIsTold) {
  EXPECT_EQ(changes(record("R", R"({"name": "total", "type": "long", "doc": "In kopecks."})"),
                    record("R", R"({"name": "total", "type": "long", "doc": "In rubles."})")),
            Lines{"total at /fields/0: doc In kopecks. -> In rubles."});
}

TEST(AvroMeaning, AChangedLogicalTypeIsToldInUnionsToo) {
  EXPECT_EQ(changes(record("R", R"({"name": "at", "type": ["null",
                 {"type": "long", "logicalType": "timestamp-millis"}], "default": null})"),
                    record("R", R"({"name": "at", "type": ["null",
                 {"type": "long", "logicalType": "timestamp-micros"}], "default": null})")),
            Lines{"at at /fields/0: logical timestamp-millis -> timestamp-micros"});
  EXPECT_EQ(changes(record("R", R"({"name": "at", "type": "long"})"),
                    record("R", R"({"name": "at", "type": {"type": "long",
                       "logicalType": "timestamp-millis"}})")),
            Lines{"at at /fields/0: logical  -> timestamp-millis"});
}

TEST(AvroMeaning, ANewTypeAFirstDocOrAnotherRecordIsNoChangeOfMeaning) {
  EXPECT_EQ(changes(record("R", R"({"name": "total", "type": "int", "doc": "In kopecks."})"),
                    record("R", R"({"name": "total", "type": "long", "doc": "In rubles."})")),
            Lines{});
  EXPECT_EQ(changes(record("R", R"({"name": "total", "type": "long"})"),
                    record("R", R"({"name": "total", "type": "long", "doc": "In rubles."})")),
            Lines{});
  EXPECT_EQ(changes(record("R", R"({"name": "total", "type": "long", "doc": "In kopecks."})"),
                    record("S", R"({"name": "total", "type": "long", "doc": "In rubles."})")),
            Lines{});
}

TEST(AvroMeaning, NestedRecordsAreMatchedByName) {
  std::string inner_before = R"({"name": "money", "type": {"type": "record", "name": "Money",
      "fields": [{"name": "amount", "type": "long", "doc": "Minor units."}]}})";
  std::string inner_now = R"({"name": "money", "type": {"type": "record", "name": "Money",
      "fields": [{"name": "amount", "type": "long", "doc": "Major units."}]}})";
  EXPECT_EQ(changes(record("R", inner_before), record("R", inner_now)),
            Lines{"amount at /fields/0/type/fields/0: doc Minor units. -> Major units."});
}

}  // namespace
}  // namespace topicform
