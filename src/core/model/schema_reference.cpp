// Schema references are told apart by their form alone, so the check needs no file system.
#include "core/model/schema_reference.hpp"

namespace topicform {

bool names_local_schema(const std::string& schema) {
  if (schema.empty() || schema.find("://") != std::string::npos) return false;
  return schema.find('/') != std::string::npos || schema.ends_with(".json") ||
         schema.ends_with(".avsc") || schema.ends_with(".proto") || schema.ends_with(".yaml") ||
         schema.ends_with(".yml");
}

std::string subject_name_problem(const std::string& subject) {
  if (subject.empty()) return "it is empty";
  if (subject == "." || subject == "..")
    return "a URL path drops it, so the request would reach the registry-wide level";
  for (char c : subject) {
    if (c == '/' || c == '\\') return "it holds a path separator";
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return "it holds a control character";
  }
  return "";
}

}  // namespace topicform
