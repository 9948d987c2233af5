// The fields of a topic's message as the catalogue lists them: an Avro schema's root record's
// fields with their types, defaults and docs, or a Protobuf message's with numbers and comments.
#pragma once

#include "docs/catalogue.hpp"
#include "docs/topic_facts.hpp"

namespace topicform {

// One row per field of the topic's Avro record (Field, Type, Default, Doc), or of its Protobuf
// message (Field, Number, Type, Comment); no rows for another schema.
Table message_fields(const CatalogueTopic& topic);

// What the fields section says above its table for this topic's schema.
std::string fields_note(const CatalogueTopic& topic);

}  // namespace topicform
