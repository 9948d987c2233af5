// An Avro schema from its text, as the loader reads an .avsc, for tests that judge schemas.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "manifest/message_schema_reader.hpp"

namespace topicform {

inline AvroSchema avro_of(const std::string& text) {
  std::vector<Diagnostic> diagnostics;
  auto schema = read_avro_file(text, "s.avsc", diagnostics);
  EXPECT_TRUE(schema.has_value()) << text;
  return schema ? *schema : AvroSchema{};
}

}  // namespace topicform
