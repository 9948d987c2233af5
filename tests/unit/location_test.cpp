// File names in places: kept once, equal by text, ordered by text.
#include "core/ground/location.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

TEST(FileName, EqualTextsShareOneKeptName) {
  std::string text = "topics/orders.yaml";
  FileName a(text), b("topics/orders.yaml");
  EXPECT_EQ(a, b);
  EXPECT_EQ(&a.str(), &b.str());
  EXPECT_NE(a, FileName("topics/payments.yaml"));
}

TEST(FileName, AnEmptyNameIsNoFile) {
  EXPECT_TRUE(FileName().empty());
  EXPECT_TRUE(FileName("").empty());
  EXPECT_EQ(FileName(""), FileName());
  EXPECT_FALSE(FileName("a.yaml").empty());
}

TEST(FileName, OrdersByText) {
  EXPECT_LT(FileName("b.yaml"), FileName("c.yaml"));
  EXPECT_GT(FileName("b.yaml"), FileName("a.yaml"));
  EXPECT_LT(FileName(), FileName("a.yaml"));
}

}  // namespace
}  // namespace topicform
