// A schema's reference to another registered schema, as Confluent's registry API names it.
#pragma once

#include <string>

namespace topicform {

// How a schema names another (an Avro type's full name, a .proto's import path), the subject
// that holds it, and its version there; 0 while that version is still to be registered in the
// run that plans it.
struct SubjectReference {
  std::string name;
  std::string subject;
  int version = 0;

  friend bool operator==(const SubjectReference&, const SubjectReference&) = default;
};

}  // namespace topicform
