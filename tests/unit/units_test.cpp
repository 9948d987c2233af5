// Durations and sizes: the people-facing units and their Kafka values.
#include "core/model/units.hpp"

#include <cmath>
#include <limits>

#include "core/text/visible_text.hpp"

#include <gtest/gtest.h>

namespace topicform {
namespace {

TEST(ParseDuration, ReadsEveryUnit) {
  EXPECT_EQ(parse_duration_ms("500ms"), 500);
  EXPECT_EQ(parse_duration_ms("30s"), 30'000);
  EXPECT_EQ(parse_duration_ms("15m"), 900'000);
  EXPECT_EQ(parse_duration_ms("36h"), 129'600'000);
  EXPECT_EQ(parse_duration_ms("7d"), 604'800'000);
  EXPECT_EQ(parse_duration_ms("2w"), 1'209'600'000);
  EXPECT_EQ(parse_duration_ms("604800000"), 604'800'000);
  EXPECT_EQ(parse_duration_ms("infinite"), -1);
}

TEST(ParseDuration, RejectsWhatIsNotADuration) {
  EXPECT_EQ(parse_duration_ms(""), std::nullopt);
  EXPECT_EQ(parse_duration_ms("7x"), std::nullopt);
  EXPECT_EQ(parse_duration_ms("d"), std::nullopt);
  EXPECT_EQ(parse_duration_ms("-1d"), std::nullopt);
  EXPECT_EQ(parse_duration_ms("1.5h"), std::nullopt);
  EXPECT_EQ(parse_duration_ms("7 d"), std::nullopt);
  EXPECT_EQ(parse_duration_ms("99999999999999999w"), std::nullopt);  // overflows int64
}

TEST(ParseSize, ReadsBinaryAndDecimalUnits) {
  EXPECT_EQ(parse_size_bytes("512"), 512);
  EXPECT_EQ(parse_size_bytes("64KiB"), 65'536);
  EXPECT_EQ(parse_size_bytes("10GiB"), 10'737'418'240);
  EXPECT_EQ(parse_size_bytes("100MB"), 100'000'000);
  EXPECT_EQ(parse_size_bytes("1TiB"), 1'099'511'627'776);
  EXPECT_EQ(parse_size_bytes("infinite"), -1);
  EXPECT_EQ(parse_size_bytes("10gb"), std::nullopt);
}

TEST(FormatDuration, PicksTheLargestExactUnit) {
  EXPECT_EQ(format_duration_ms(604'800'000), "7d");
  EXPECT_EQ(format_duration_ms(129'600'000), "36h");
  EXPECT_EQ(format_duration_ms(90'000), "90s");
  EXPECT_EQ(format_duration_ms(1'500), "1500ms");
  EXPECT_EQ(format_duration_ms(0), "0ms");
  EXPECT_EQ(format_duration_ms(-1), "infinite");
}

TEST(FormatSize, UsesBinaryUnits) {
  EXPECT_EQ(format_size_bytes(512), "512 B");
  EXPECT_EQ(format_size_bytes(12'386'304'000.0), "11.5 GiB");
}

TEST(ParseInteger, AcceptsOnlyPlainIntegers) {
  EXPECT_EQ(parse_integer("-1"), -1);
  EXPECT_EQ(parse_integer("42"), 42);
  EXPECT_EQ(parse_integer("4x"), std::nullopt);
  EXPECT_EQ(parse_integer(""), std::nullopt);
}

TEST(VisibleText, ControlsAndInvalidBytesAreEscapedUtf8IsKept) {
  EXPECT_EQ(visible("orders.créé"), "orders.créé");
  EXPECT_EQ(visible("a\x1b[31mb\n\t\x7f"), "a\\x1B[31mb\\n\\t\\x7F");
  EXPECT_EQ(visible("cut \xC3"), "cut \\xC3");  // half a character
  EXPECT_EQ(visible("\xC0\xAF \xED\xA0\x80 \xF4\x90\x80\x80"),
            "\\xC0\\xAF \\xED\\xA0\\x80 \\xF4\\x90\\x80\\x80");  // overlong, surrogate, > U+10FFFF
  EXPECT_EQ(visible("\xC2\x85"), "\\x85");                       // C1 control
  EXPECT_EQ(describe_character("créé", 2), "'é' (U+00E9)");
  EXPECT_EQ(describe_character("a\x07", 1), "U+0007");
  EXPECT_EQ(describe_character("a\xFF", 1), "\\xFF");
}

TEST(Units, SaturatingConversionNeverOverflows) {
  EXPECT_EQ(saturating_int64(1e300), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(saturating_int64(-1e300), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(saturating_int64(std::nan("")), 0);
  EXPECT_EQ(saturating_int64(12.9), 12);
}

}  // namespace
}  // namespace topicform
