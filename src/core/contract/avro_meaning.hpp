// A field whose meaning may have changed while Avro's resolution sees nothing: the same record,
// name and type, another doc or logical type.
#pragma once

#include <string>
#include <vector>

#include "core/contract/avro_schema.hpp"

namespace topicform {

struct AvroMeaningChange {
  std::string field;     // the field's name
  std::string pointer;   // the field in the new schema's file
  bool logical = false;  // the logical type changed (else the doc)
  std::string was;       // the earlier doc or logical type ("" when none)
  std::string now;
};

// Each field of a record in `now` that `before` has too (records by unqualified name, fields by
// name), of the same type apart from logical types, whose logical type changed, or whose doc
// changed from one text to another.
std::vector<AvroMeaningChange> avro_meaning_changes(const AvroSchema& before,
                                                    const AvroSchema& now);

}  // namespace topicform
