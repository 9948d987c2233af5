// Schema references are told apart by their form alone, so the check needs no file system.
#include "core/model/schema_reference.hpp"

namespace topicform {

bool names_local_schema(const std::string& schema) {
  if (schema.empty() || schema.find("://") != std::string::npos) return false;
  return schema.find('/') != std::string::npos || schema.ends_with(".json") ||
         schema.ends_with(".avsc") || schema.ends_with(".proto") || schema.ends_with(".yaml") ||
         schema.ends_with(".yml");
}

}  // namespace topicform
