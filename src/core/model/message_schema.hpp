// A local JSON Schema file as read: its document and where each of its nodes was written.
#pragma once

#include <string>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "core/ground/location.hpp"

namespace topicform {

struct MessageSchema {
  std::string file;  // canonical path
  nlohmann::json root;
  // JSON pointer -> where that node's key (or, for the root and array items, value) stands.
  std::unordered_map<std::string, Location> marks;

  // Where `pointer` was written, or its nearest written ancestor's place.
  Location at(std::string pointer) const {
    while (true) {
      if (auto it = marks.find(pointer); it != marks.end()) return it->second;
      if (pointer.empty()) return Location{file, 1, 1};
      pointer.erase(pointer.rfind('/'));
    }
  }
};

}  // namespace topicform
