// The fields of a topic's message as the catalogue lists them: for an Avro schema, the root
// record's fields with their types, defaults and docs.
#pragma once

#include "docs/catalogue.hpp"
#include "docs/topic_facts.hpp"

namespace topicform {

// One row per field of the topic's Avro record (Field, Type, Default, Doc); no rows when the
// topic's schema is not Avro or its root is no record.
Table message_fields(const CatalogueTopic& topic);

// What the fields section says above its table.
inline constexpr const char* kFieldsNote =
    "The fields of the message's Avro record, as the schema file declares them.";

}  // namespace topicform
