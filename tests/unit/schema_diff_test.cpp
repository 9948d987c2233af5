// The JSON Schema differ: every difference kind of Confluent's strict policy, each mode in both
// directions, nesting, local $refs (cycles included), tuples and combined schemas.
#include "core/contract/schema_diff.hpp"

#include <gtest/gtest.h>

#include "core/contract/compatibility.hpp"

namespace topicform {
namespace {

using Json = nlohmann::json;

// The difference names found from `a` to `b`, compatible or not, in the order found.
std::vector<std::string> kinds(const std::string& a, const std::string& b) {
  std::vector<std::string> out;
  for (const auto& d : diff_schemas(Json::parse(a), Json::parse(b)))
    out.push_back(difference_name(d.kind));
  return out;
}

using Names = std::vector<std::string>;

// Whether a consumer on `b` reads what was written with `a` (BACKWARD).
bool backward(const std::string& a, const std::string& b) {
  Json old_schema = Json::parse(a);
  return schema_breaks({&old_schema}, Json::parse(b), CompatibilityMode::backward).empty();
}

const std::string kOpen =
    R"({"type":"object","properties":{"id":{"type":"string"}},"required":["id"]})";
const std::string kClosed =
    R"({"type":"object","properties":{"id":{"type":"string"}},"required":["id"],
        "additionalProperties":false})";

TEST(SchemaDiff, AnnotationsAreCompatible) {
  EXPECT_EQ(kinds(R"({"type":"string","title":"a","description":"x","default":"d","$id":"i"})",
                  R"({"type":"string","title":"b","description":"y","default":"e","$id":"j"})"),
            (Names{"ID_CHANGED", "TITLE_CHANGED", "DESCRIPTION_CHANGED", "DEFAULT_CHANGED"}));
  EXPECT_TRUE(is_compatible(DifferenceKind::description_changed));
}

TEST(SchemaDiff, Types) {
  EXPECT_EQ(kinds(R"({"type":"integer"})", R"({"type":"number"})"), Names{"TYPE_EXTENDED"});
  EXPECT_EQ(kinds(R"({"type":"number"})", R"({"type":"integer"})"), Names{"TYPE_NARROWED"});
  EXPECT_EQ(kinds(R"({"type":"string"})", R"({"type":"integer"})"), Names{"TYPE_CHANGED"});
  EXPECT_EQ(kinds(R"({"type":"string"})", R"({"type":["string","null"]})"),
            Names{"SUM_TYPE_EXTENDED"});
  EXPECT_EQ(kinds(R"({"type":["string","null"]})", R"({"type":"string"})"),
            Names{"SUM_TYPE_NARROWED"});
  EXPECT_EQ(kinds(R"({"type":"string"})", R"(true)"), Names{"TYPE_EXTENDED"});
  EXPECT_EQ(kinds(R"({})", R"({"type":"string"})"), Names{"TYPE_NARROWED"});
  EXPECT_EQ(kinds(R"({"type":"string"})", R"(false)"), Names{"TYPE_NARROWED"});
  EXPECT_EQ(kinds(R"(false)", R"({"type":"string"})"), Names{});
  EXPECT_EQ(kinds(kOpen, kOpen), Names{});
}

TEST(SchemaDiff, StringBounds) {
  EXPECT_EQ(kinds(R"({"type":"string"})", R"({"type":"string","maxLength":5})"),
            Names{"MAX_LENGTH_ADDED"});
  EXPECT_EQ(kinds(R"({"type":"string","maxLength":5})", R"({"type":"string"})"),
            Names{"MAX_LENGTH_REMOVED"});
  EXPECT_EQ(kinds(R"({"maxLength":5})", R"({"maxLength":6})"), Names{"MAX_LENGTH_INCREASED"});
  EXPECT_EQ(kinds(R"({"maxLength":5})", R"({"maxLength":4})"), Names{"MAX_LENGTH_DECREASED"});
  EXPECT_EQ(kinds(R"({"type":"string"})", R"({"type":"string","minLength":1})"),
            Names{"MIN_LENGTH_ADDED"});
  EXPECT_EQ(kinds(R"({"minLength":1})", R"({"type":"string"})"), Names{"MIN_LENGTH_REMOVED"});
  EXPECT_EQ(kinds(R"({"minLength":1})", R"({"minLength":2})"), Names{"MIN_LENGTH_INCREASED"});
  EXPECT_EQ(kinds(R"({"minLength":2})", R"({"minLength":1})"), Names{"MIN_LENGTH_DECREASED"});
  EXPECT_EQ(kinds(R"({"type":"string"})", R"({"type":"string","pattern":"^a"})"),
            Names{"PATTERN_ADDED"});
  EXPECT_EQ(kinds(R"({"pattern":"^a"})", R"({"type":"string"})"), Names{"PATTERN_REMOVED"});
  EXPECT_EQ(kinds(R"({"pattern":"^a"})", R"({"pattern":"^b"})"), Names{"PATTERN_CHANGED"});
}

TEST(SchemaDiff, NumberBounds) {
  EXPECT_EQ(kinds(R"({"type":"number"})", R"({"type":"number","maximum":9})"),
            Names{"MAXIMUM_ADDED"});
  EXPECT_EQ(kinds(R"({"maximum":9})", R"({"maximum":10})"), Names{"MAXIMUM_INCREASED"});
  EXPECT_EQ(kinds(R"({"maximum":9})", R"({"maximum":8})"), Names{"MAXIMUM_DECREASED"});
  EXPECT_EQ(kinds(R"({"maximum":9})", R"({"type":"number"})"), Names{"MAXIMUM_REMOVED"});
  EXPECT_EQ(kinds(R"({"minimum":1})", R"({"minimum":2})"), Names{"MINIMUM_INCREASED"});
  EXPECT_EQ(kinds(R"({"minimum":1})", R"({"minimum":0})"), Names{"MINIMUM_DECREASED"});
  EXPECT_EQ(kinds(R"({"type":"number"})", R"({"type":"number","minimum":0})"),
            Names{"MINIMUM_ADDED"});
  EXPECT_EQ(kinds(R"({"minimum":0})", R"({"type":"number"})"), Names{"MINIMUM_REMOVED"});
  EXPECT_EQ(kinds(R"({"exclusiveMaximum":9})", R"({"exclusiveMaximum":8})"),
            Names{"EXCLUSIVE_MAXIMUM_DECREASED"});
  EXPECT_EQ(kinds(R"({"exclusiveMinimum":1})", R"({"exclusiveMinimum":0})"),
            Names{"EXCLUSIVE_MINIMUM_DECREASED"});
  EXPECT_EQ(kinds(R"({"type":"number"})", R"({"type":"number","exclusiveMinimum":0})"),
            Names{"EXCLUSIVE_MINIMUM_ADDED"});
  // draft-04's boolean form
  EXPECT_EQ(kinds(R"({"maximum":9})", R"({"maximum":9,"exclusiveMaximum":true})"),
            Names{"EXCLUSIVE_MAXIMUM_ADDED"});
  EXPECT_EQ(kinds(R"({"multipleOf":4})", R"({"multipleOf":2})"), Names{"MULTIPLE_OF_REDUCED"});
  EXPECT_EQ(kinds(R"({"multipleOf":2})", R"({"multipleOf":4})"), Names{"MULTIPLE_OF_EXPANDED"});
  EXPECT_EQ(kinds(R"({"multipleOf":2})", R"({"multipleOf":3})"), Names{"MULTIPLE_OF_CHANGED"});
  EXPECT_EQ(kinds(R"({"type":"number"})", R"({"type":"number","multipleOf":3})"),
            Names{"MULTIPLE_OF_ADDED"});
  EXPECT_EQ(kinds(R"({"multipleOf":3})", R"({"type":"number"})"), Names{"MULTIPLE_OF_REMOVED"});
}

TEST(SchemaDiff, PropertiesUnderEachContentModel) {
  const std::string open_more =
      R"({"type":"object","properties":{"id":{"type":"string"},"currency":{"type":"string"}},
          "required":["id"]})";
  EXPECT_EQ(kinds(kOpen, open_more), Names{"PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL"});
  EXPECT_EQ(kinds(open_more, kOpen), Names{"PROPERTY_REMOVED_FROM_OPEN_CONTENT_MODEL"});
  EXPECT_EQ(kinds(kOpen, R"({"type":"object","properties":{"id":{"type":"string"},"x":{}},
                             "required":["id"]})"),
            Names{"PROPERTY_WITH_EMPTY_SCHEMA_ADDED_TO_OPEN_CONTENT_MODEL"});
  std::string closed_more = kClosed;
  closed_more.replace(closed_more.find("}}"), 2, R"(},"note":{"type":"string"}})");
  EXPECT_EQ(kinds(kClosed, closed_more), Names{"OPTIONAL_PROPERTY_ADDED_TO_UNOPEN_CONTENT_MODEL"});
  EXPECT_EQ(kinds(closed_more, kClosed), Names{"PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL"});
  std::string closed_required = closed_more;
  closed_required.replace(closed_required.find(R"(["id"])"), 6, R"(["id","note"])");
  EXPECT_EQ(kinds(kClosed, closed_required),
            Names{"REQUIRED_PROPERTY_ADDED_TO_UNOPEN_CONTENT_MODEL"});
  std::string defaulted = closed_required;
  defaulted.replace(defaulted.find(R"("note":{"type":"string")"), 23,
                    R"("note":{"type":"string","default":"")");
  EXPECT_EQ(kinds(kClosed, defaulted),
            Names{"REQUIRED_PROPERTY_WITH_DEFAULT_ADDED_TO_UNOPEN_CONTENT_MODEL"});
  std::string with_false = kClosed;
  with_false.replace(with_false.find("}}"), 2, R"(},"gone":false})");
  EXPECT_EQ(kinds(with_false, kClosed),
            Names{"PROPERTY_WITH_FALSE_REMOVED_FROM_CLOSED_CONTENT_MODEL"});
}

TEST(SchemaDiff, PartiallyOpenContentModel) {
  const std::string strings =
      R"({"type":"object","properties":{},"additionalProperties":{"type":"string"}})";
  EXPECT_EQ(kinds(strings, R"({"type":"object","properties":{"a":{"type":"string"}},
                               "additionalProperties":{"type":"string"}})"),
            Names{"PROPERTY_ADDED_IS_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL"});
  EXPECT_EQ(kinds(strings, R"({"type":"object","properties":{"a":{"type":"integer"}},
                               "additionalProperties":{"type":"string"}})"),
            Names{"PROPERTY_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL"});
  EXPECT_EQ(kinds(R"({"type":"object","properties":{"a":{"type":"string"}},
                      "additionalProperties":{"type":"string"}})",
                  strings),
            Names{"PROPERTY_REMOVED_IS_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL"});
  EXPECT_EQ(kinds(R"({"type":"object","properties":{"a":{"type":"integer"}},
                      "additionalProperties":{"type":"string"}})",
                  strings),
            Names{"PROPERTY_REMOVED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL"});
}

TEST(SchemaDiff, RequiredAndAdditionalProperties) {
  EXPECT_EQ(kinds(R"({"type":"object","properties":{"a":{"type":"string"}}})",
                  R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"]})"),
            Names{"REQUIRED_ATTRIBUTE_ADDED"});
  EXPECT_EQ(kinds(R"({"type":"object","properties":{"a":{"type":"string"}}})",
                  R"({"type":"object","properties":{"a":{"type":"string","default":"x"}},
                      "required":["a"]})"),
            (Names{"DEFAULT_CHANGED", "REQUIRED_ATTRIBUTE_WITH_DEFAULT_ADDED"}));
  EXPECT_EQ(kinds(kOpen, R"({"type":"object","properties":{"id":{"type":"string"}}})"),
            Names{"REQUIRED_ATTRIBUTE_REMOVED"});
  EXPECT_EQ(kinds(kClosed, kOpen), Names{"ADDITIONAL_PROPERTIES_ADDED"});
  EXPECT_EQ(kinds(kOpen, kClosed), Names{"ADDITIONAL_PROPERTIES_REMOVED"});
  EXPECT_EQ(kinds(R"({"additionalProperties":{"type":"string"}})", R"({"type":"object"})"),
            Names{"ADDITIONAL_PROPERTIES_EXTENDED"});
  EXPECT_EQ(kinds(R"({"type":"object"})", R"({"additionalProperties":{"type":"string"}})"),
            Names{"ADDITIONAL_PROPERTIES_NARROWED"});
  EXPECT_EQ(kinds(R"({"additionalProperties":{"type":"integer"}})",
                  R"({"additionalProperties":{"type":"number"}})"),
            Names{"TYPE_EXTENDED"});
  EXPECT_EQ(kinds(R"({"type":"object"})", R"({"type":"object","maxProperties":3})"),
            Names{"MAX_PROPERTIES_ADDED"});
  EXPECT_EQ(kinds(R"({"maxProperties":3})", R"({"maxProperties":2})"),
            Names{"MAX_PROPERTIES_DECREASED"});
  EXPECT_EQ(kinds(R"({"minProperties":1})", R"({"minProperties":2})"),
            Names{"MIN_PROPERTIES_INCREASED"});
  EXPECT_EQ(kinds(R"({"minProperties":1})", R"({"type":"object"})"),
            Names{"MIN_PROPERTIES_REMOVED"});
}

TEST(SchemaDiff, Dependencies) {
  EXPECT_EQ(kinds(R"({"type":"object"})", R"({"dependencies":{"a":["b"]}})"),
            Names{"DEPENDENCY_ARRAY_ADDED"});
  EXPECT_EQ(kinds(R"({"dependencies":{"a":["b"]}})", R"({"type":"object"})"),
            Names{"DEPENDENCY_ARRAY_REMOVED"});
  EXPECT_EQ(kinds(R"({"dependencies":{"a":["b"]}})", R"({"dependencies":{"a":["b","c"]}})"),
            Names{"DEPENDENCY_ARRAY_EXTENDED"});
  EXPECT_EQ(kinds(R"({"dependencies":{"a":["b","c"]}})", R"({"dependencies":{"a":["b"]}})"),
            Names{"DEPENDENCY_ARRAY_NARROWED"});
  EXPECT_EQ(kinds(R"({"dependencies":{"a":["b"]}})", R"({"dependencies":{"a":["c"]}})"),
            Names{"DEPENDENCY_ARRAY_CHANGED"});
  EXPECT_EQ(kinds(R"({"type":"object"})", R"({"dependencies":{"a":{"required":["b"]}}})"),
            Names{"DEPENDENCY_SCHEMA_ADDED"});
  EXPECT_EQ(kinds(R"({"dependencies":{"a":{"required":["b"]}}})", R"({"type":"object"})"),
            Names{"DEPENDENCY_SCHEMA_REMOVED"});
}

TEST(SchemaDiff, Arrays) {
  EXPECT_EQ(kinds(R"({"type":"array","items":{"type":"integer"}})",
                  R"({"type":"array","items":{"type":"number"}})"),
            Names{"TYPE_EXTENDED"});
  EXPECT_EQ(kinds(R"({"type":"array"})", R"({"type":"array","maxItems":3})"),
            Names{"MAX_ITEMS_ADDED"});
  EXPECT_EQ(kinds(R"({"maxItems":3})", R"({"maxItems":4})"), Names{"MAX_ITEMS_INCREASED"});
  EXPECT_EQ(kinds(R"({"minItems":1})", R"({"minItems":2})"), Names{"MIN_ITEMS_INCREASED"});
  EXPECT_EQ(kinds(R"({"minItems":1})", R"({"type":"array"})"), Names{"MIN_ITEMS_REMOVED"});
  EXPECT_EQ(kinds(R"({"type":"array"})", R"({"type":"array","uniqueItems":true})"),
            Names{"UNIQUE_ITEMS_ADDED"});
  EXPECT_EQ(kinds(R"({"type":"array","uniqueItems":true})", R"({"type":"array"})"),
            Names{"UNIQUE_ITEMS_REMOVED"});
}

TEST(SchemaDiff, Tuples) {
  const std::string one = R"({"type":"array","items":[{"type":"string"}]})";
  const std::string two = R"({"type":"array","items":[{"type":"string"},{"type":"integer"}]})";
  EXPECT_EQ(kinds(one, two), Names{"ITEM_ADDED_TO_OPEN_CONTENT_MODEL"});
  EXPECT_EQ(kinds(two, one), Names{"ITEM_REMOVED_FROM_OPEN_CONTENT_MODEL"});
  auto closed = [](std::string s) { return s.insert(s.size() - 1, R"(,"additionalItems":false)"); };
  EXPECT_EQ(kinds(closed(one), closed(two)), Names{"ITEM_ADDED_TO_CLOSED_CONTENT_MODEL"});
  EXPECT_EQ(kinds(closed(two), closed(one)), Names{"ITEM_REMOVED_FROM_CLOSED_CONTENT_MODEL"});
  EXPECT_EQ(kinds(one, closed(one)), Names{"ADDITIONAL_ITEMS_REMOVED"});
  EXPECT_EQ(kinds(closed(one), one), Names{"ADDITIONAL_ITEMS_ADDED"});
  auto strings = [](std::string s) {
    return s.insert(s.size() - 1, R"(,"additionalItems":{"type":"string"})");
  };
  EXPECT_EQ(kinds(strings(one), strings(R"({"type":"array","items":[{"type":"string"},
                                                                    {"type":"string"}]})")),
            Names{"ITEM_ADDED_IS_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL"});
  EXPECT_EQ(kinds(strings(one), strings(two)),
            Names{"ITEM_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL"});
  EXPECT_EQ(kinds(one, strings(one)), Names{"ADDITIONAL_ITEMS_NARROWED"});
  EXPECT_EQ(kinds(strings(one), one), Names{"ADDITIONAL_ITEMS_EXTENDED"});
}

TEST(SchemaDiff, EnumAndConst) {
  EXPECT_EQ(kinds(R"({"enum":["a"]})", R"({"enum":["a","b"]})"), Names{"ENUM_ARRAY_EXTENDED"});
  EXPECT_EQ(kinds(R"({"enum":["a","b"]})", R"({"enum":["a"]})"), Names{"ENUM_ARRAY_NARROWED"});
  EXPECT_EQ(kinds(R"({"enum":["a","b"]})", R"({"enum":["a","c"]})"), Names{"ENUM_ARRAY_CHANGED"});
  EXPECT_EQ(kinds(R"({"const":"a"})", R"({"const":"b"})"), Names{"ENUM_ARRAY_CHANGED"});
  EXPECT_EQ(kinds(R"({"const":"a"})", R"({"enum":["a","b"]})"), Names{"ENUM_ARRAY_EXTENDED"});
}

TEST(SchemaDiff, CombinedSchemas) {
  const std::string sum2 = R"({"anyOf":[{"type":"string"},{"type":"integer"}]})";
  const std::string sum3 = R"({"anyOf":[{"type":"string"},{"type":"integer"},{"type":"boolean"}]})";
  EXPECT_EQ(kinds(sum2, sum3), Names{"SUM_TYPE_EXTENDED"});
  EXPECT_EQ(kinds(sum3, sum2), Names{"SUM_TYPE_NARROWED"});
  std::string one2 = sum2, one3 = sum3;
  one2.replace(2, 5, "oneOf");
  one3.replace(2, 5, "oneOf");
  EXPECT_EQ(kinds(one2, one3), Names{"SUM_TYPE_EXTENDED"});
  EXPECT_EQ(kinds(one3, one2), Names{"SUM_TYPE_NARROWED"});
  EXPECT_EQ(kinds(one2, sum2), Names{"COMBINED_TYPE_EXTENDED"});
  EXPECT_EQ(kinds(sum2, one2), Names{"COMBINED_TYPE_CHANGED"});
  EXPECT_EQ(kinds(R"({"allOf":[{"type":"object"},{"required":["a"]}]})",
                  R"({"allOf":[{"type":"object"}]})"),
            Names{"PRODUCT_TYPE_NARROWED"});
  EXPECT_EQ(kinds(R"({"allOf":[{"type":"object"}]})",
                  R"({"allOf":[{"type":"object"},{"required":["a"]}]})"),
            Names{"PRODUCT_TYPE_EXTENDED"});
  // One alternative changed: the specific difference, at the alternative.
  EXPECT_EQ(kinds(R"({"anyOf":[{"type":"string","maxLength":5},{"type":"integer"}]})",
                  R"({"anyOf":[{"type":"string","maxLength":4},{"type":"integer"}]})"),
            Names{"MAX_LENGTH_DECREASED"});
  EXPECT_EQ(kinds(R"({"anyOf":[{"type":"string"},{"type":"integer"}]})",
                  R"({"anyOf":[{"type":"boolean"},{"type":"null"},{"type":"integer"}]})"),
            Names{"TYPE_CHANGED"});
  EXPECT_EQ(kinds(one2, R"({"anyOf":[{"type":"string"},{"type":"boolean"}]})"),
            (Names{"COMBINED_TYPE_EXTENDED", "COMBINED_TYPE_SUBSCHEMAS_CHANGED"}));
  EXPECT_EQ(kinds(R"({"type":"string"})", R"({"oneOf":[{"type":"string"},{"type":"null"}]})"),
            Names{"SUM_TYPE_EXTENDED"});
  EXPECT_EQ(kinds(R"({"oneOf":[{"type":"string"},{"type":"null"}]})", R"({"type":"string"})"),
            Names{"SUM_TYPE_NARROWED"});
  EXPECT_EQ(kinds(R"({"not":{"type":"string"}})", R"({"not":{"type":["string","null"]}})"),
            Names{"NOT_TYPE_EXTENDED"});
  EXPECT_EQ(kinds(R"({"not":{"type":["string","null"]}})", R"({"not":{"type":"string"}})"),
            Names{"NOT_TYPE_NARROWED"});
  EXPECT_EQ(kinds(R"({"type":"string"})", R"({"type":"string","not":{"const":""}})"),
            Names{"NOT_TYPE_EXTENDED"});
}

TEST(SchemaDiff, NestedObjectsNameTheirPath) {
  auto nested = [](const std::string& email) {
    return R"({"type":"object","properties":{"customer":{"type":"object","properties":{"email":)" +
           email + "}}}}";
  };
  auto found = diff_schemas(Json::parse(nested(R"({"type":"string"})")),
                            Json::parse(nested(R"({"type":"integer"})")));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].field, "customer.email");
  EXPECT_EQ(found[0].update_at, "/properties/customer/properties/email/type");
  EXPECT_EQ(found[0].was, R"(["string"])");
}

TEST(SchemaDiff, LocalRefsAreFollowedAndCyclesEnd) {
  const std::string a = R"({"definitions":{"node":{"type":"object","properties":{
      "value":{"type":"integer"},"next":{"$ref":"#/definitions/node"}}}},
      "$ref":"#/definitions/node"})";
  std::string b = a;
  b.replace(b.find("integer"), 7, "string");
  auto found = diff_schemas(Json::parse(a), Json::parse(b));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(difference_name(found[0].kind), "TYPE_CHANGED");
  EXPECT_EQ(found[0].update_at, "/definitions/node/properties/value/type");
  EXPECT_EQ(kinds(a, a), Names{});
  EXPECT_EQ(kinds(R"({"$ref":"#"})", R"({"$ref":"#"})"), Names{});
  EXPECT_EQ(kinds(R"({"anyOf":[{"$ref":"#"}]})", R"({"anyOf":[{"$ref":"#"},{"type":"null"}]})"),
            Names{"SUM_TYPE_EXTENDED"});
}

TEST(SchemaDiff, RemoteRefsAreNeverFetchedAndBreakWhenChanged) {
  EXPECT_EQ(
      kinds(R"({"$ref":"https://example.com/a.json"})", R"({"$ref":"https://example.com/a.json"})"),
      Names{});
  EXPECT_EQ(
      kinds(R"({"$ref":"https://example.com/a.json"})", R"({"$ref":"https://example.com/b.json"})"),
      Names{"SCHEMA_UNREADABLE"});
  EXPECT_EQ(kinds(R"({"$ref":"#/definitions/missing"})", R"({"$ref":"#/definitions/missing"})"),
            Names{});
}

TEST(SchemaDiff, DeepNestingStopsAndFailsClosed) {
  std::string deep = R"({"type":"string"})";
  for (int i = 0; i < 300; ++i) deep = R"({"type":"object","properties":{"a":)" + deep + "}}";
  std::string other = deep;
  other.replace(other.find("string"), 6, "number");
  auto found = kinds(deep, other);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], "SCHEMA_UNREADABLE");
}

TEST(Compatibility, ModesCheckTheirDirections) {
  const std::string added_field =
      R"({"type":"object","properties":{"id":{"type":"string"},"currency":{"type":"string"}},
          "required":["id"]})";
  Json old_schema = Json::parse(kOpen), new_schema = Json::parse(added_field);
  auto breaks = [&](CompatibilityMode mode) {
    return schema_breaks({&old_schema}, new_schema, mode).size();
  };
  EXPECT_EQ(breaks(CompatibilityMode::backward), 1u);
  EXPECT_EQ(breaks(CompatibilityMode::forward), 0u);
  EXPECT_EQ(breaks(CompatibilityMode::full), 1u);
  EXPECT_EQ(breaks(CompatibilityMode::none), 0u);
  // Removing it is the mirror image.
  EXPECT_EQ(schema_breaks({&new_schema}, old_schema, CompatibilityMode::backward).size(), 0u);
  EXPECT_EQ(schema_breaks({&new_schema}, old_schema, CompatibilityMode::forward).size(), 1u);
  EXPECT_TRUE(backward(kClosed, R"({"type":"object","properties":{"id":{"type":"string"},
      "note":{"type":"string"}},"required":["id"],"additionalProperties":false})"));
}

TEST(Compatibility, TransitiveModesCheckEveryEarlierVersion) {
  Json v1 = Json::parse(R"({"type":"object","properties":{"a":{"type":"string"}},
                            "additionalProperties":false})");
  Json v2 = Json::parse(R"({"type":"object","properties":{},"additionalProperties":false})");
  Json v3 = Json::parse(R"({"type":"object","properties":{"a":{"type":"integer"}},
                            "additionalProperties":false})");
  // v2 -> v3 adds an optional property to a closed model; v1 wrote 'a' as text.
  EXPECT_EQ(schema_breaks({&v1, &v2}, v3, CompatibilityMode::backward).size(), 0u);
  auto transitive = schema_breaks({&v1, &v2}, v3, CompatibilityMode::backward_transitive);
  ASSERT_EQ(transitive.size(), 1u);
  EXPECT_EQ(transitive[0].message,
            "'a' changed type ([\"string\"] -> [\"integer\"]): consumers on the new schema "
            "cannot read what messages written with the earlier schema hold");
}

TEST(Compatibility, BreaksAreToldInTheUsersTerms) {
  Json old_schema = Json::parse(kOpen);
  Json new_schema = Json::parse(
      R"({"type":"object","properties":{"id":{"type":"string"},"currency":{"type":"string"}},
          "required":["id"]})");
  auto found = schema_breaks({&old_schema}, new_schema, CompatibilityMode::full);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].message,
            "property 'currency' added to an open content model: messages written with the "
            "earlier schema may hold 'currency' with another type");
  EXPECT_EQ(found[0].new_at, "/properties/currency");
  EXPECT_EQ(found[0].hint,
            "give it no type ({}), or publish on a new topic; a schema closed from its first "
            "version (additionalProperties: false) can gain optional properties");
  auto forward = schema_breaks({&new_schema}, old_schema, CompatibilityMode::forward);
  ASSERT_EQ(forward.size(), 1u);
  EXPECT_EQ(forward[0].message,
            "property 'currency' removed from an open content model: messages written with the "
            "new schema may hold 'currency' with another type");
  EXPECT_EQ(forward[0].new_at, "");
  Json bounded = Json::parse(R"({"type":"string","maxLength":4})");
  Json tighter = Json::parse(R"({"type":"string","maxLength":3})");
  EXPECT_EQ(schema_breaks({&bounded}, tighter, CompatibilityMode::backward)[0].message,
            "the message: maxLength lowered (4 -> 3): messages written with the earlier schema "
            "may hold values consumers on the new schema refuse");
}

TEST(Compatibility, ModeNames) {
  for (auto mode :
       {CompatibilityMode::backward, CompatibilityMode::backward_transitive,
        CompatibilityMode::forward, CompatibilityMode::forward_transitive, CompatibilityMode::full,
        CompatibilityMode::full_transitive, CompatibilityMode::none})
    EXPECT_EQ(parse_compatibility(compatibility_name(mode)), mode);
  EXPECT_EQ(parse_compatibility("backward"), std::nullopt);
  EXPECT_EQ(parse_compatibility("FULL_TRANSITIVE"), CompatibilityMode::full_transitive);
}

}  // namespace
}  // namespace topicform

namespace topicform {
namespace {

// A discriminated union of `n` event kinds; `changed` turns every branch's `value` into a number.
Json union_of(int n, bool changed) {
  Json branches = Json::array();
  for (int i = 0; i < n; ++i) {
    branches.push_back({{"type", "object"},
                        {"required", {"kind"}},
                        {"properties",
                         {{"kind", {{"const", "k" + std::to_string(i)}}},
                          {"value", {{"type", changed ? "integer" : "string"}}}}}});
  }
  return {{"anyOf", branches}};
}

// `depth` levels of anyOf, `width` alternatives each, leaves told apart by a `const` path.
Json nested_union(int depth, int width, bool changed, const std::string& path = "") {
  if (depth == 0) {
    return {{"type", "object"},
            {"properties",
             {{"p", {{"const", path}}}, {"v", {{"type", changed ? "integer" : "string"}}}}}};
  }
  Json branches = Json::array();
  for (int i = 0; i < width; ++i)
    branches.push_back(nested_union(depth - 1, width, changed, path + std::to_string(i)));
  return {{"anyOf", branches}};
}

std::size_t count_of(const std::vector<SchemaDifference>& found, DifferenceKind kind) {
  return static_cast<std::size_t>(std::count_if(
      found.begin(), found.end(), [&](const SchemaDifference& d) { return d.kind == kind; }));
}

TEST(SchemaDiff, AlternativesAreMatchedByTheirDiscriminatorInLinearWork) {
  // Pair by pair, 300 changed branches take 90,000 probes; by `kind`, a few steps per branch.
  auto found = diff_schemas(union_of(300, false), union_of(300, true), 6'000);
  EXPECT_EQ(count_of(found, DifferenceKind::comparison_too_large), 0u);
  EXPECT_EQ(count_of(found, DifferenceKind::type_changed), 300u);
  EXPECT_TRUE(diff_schemas(union_of(300, false), union_of(300, false), 2'000).empty());
}

TEST(SchemaDiff, NestedAlternativesShareTheirVerdicts) {
  auto found = diff_schemas(nested_union(3, 6, false), nested_union(3, 6, true), 30'000);
  EXPECT_EQ(count_of(found, DifferenceKind::comparison_too_large), 0u);
  EXPECT_EQ(count_of(found, DifferenceKind::type_changed), 216u);
}

TEST(SchemaDiff, AComparisonPastItsBudgetIsToldAndIncompatible) {
  auto found = diff_schemas(union_of(50, false), union_of(50, true), 100);
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found.back().kind, DifferenceKind::comparison_too_large);
  EXPECT_EQ(found.back().name, "100");
  EXPECT_FALSE(is_compatible(DifferenceKind::comparison_too_large));
  auto words = describe_break(found.back(), Direction::backward);
  EXPECT_EQ(words.message,
            "the message cannot be judged: comparing the two versions took more than 100 steps "
            "(the alternatives of an anyOf or oneOf are matched pair by pair)");
}

}  // namespace
}  // namespace topicform
