// Whether a reader's Avro schema reads what a writer's wrote: Avro's schema resolution as the
// Java routine both registries call decides it
// (SchemaCompatibility.checkReaderWriterCompatibility), each incompatibility with its kind and its
// place in the reader's file.
#pragma once

#include <string>
#include <vector>

#include "core/contract/avro_schema.hpp"

namespace topicform {

// The six kinds Confluent's registry reports.
enum class AvroIncompatibility {
  name_mismatch,
  fixed_size_mismatch,
  missing_enum_symbols,
  reader_field_missing_default_value,
  type_mismatch,
  missing_union_branch
};

// "READER_FIELD_MISSING_DEFAULT_VALUE", as the registries spell it.
const char* avro_incompatibility_name(AvroIncompatibility kind);

struct AvroBreak {
  AvroIncompatibility kind;
  std::string pointer;  // where in the reader's file: the node the reader cannot fill
  std::string detail;   // "reader type: long not compatible with writer type: string"
};

// Every reason `reader` cannot read data written with `writer`; empty when it can. Records match
// fields by name or the reader field's aliases, named types by unqualified name or the reader's
// aliases; recursive types are followed once.
std::vector<AvroBreak> avro_reader_breaks(const AvroSchema& reader, const AvroSchema& writer);

}  // namespace topicform
