// The run's kept file names (see FileName).
#include "core/ground/location.hpp"

#include <mutex>
#include <unordered_set>

namespace topicform {

const std::string* FileName::kept(const std::string& name) {
  // Never destroyed: a place may be read while static objects are torn down at exit.
  static auto* names = new std::unordered_set<std::string>();
  static std::mutex guard;
  std::lock_guard lock(guard);
  return &*names->insert(name).first;  // a set's elements never move
}

}  // namespace topicform
