// The kinds' names and verdicts, from the one list in schema_diff.hpp.
#include <algorithm>
#include <cctype>

#include "core/contract/schema_diff.hpp"

namespace topicform {

bool is_compatible(DifferenceKind kind) {
  switch (kind) {
#define TOPICFORM_KIND(name, compatible) \
  case DifferenceKind::name:             \
    return compatible;
    TOPICFORM_DIFFERENCE_KINDS(TOPICFORM_KIND)
#undef TOPICFORM_KIND
  }
  return false;
}

std::string difference_name(DifferenceKind kind) {
  std::string name;
  switch (kind) {
#define TOPICFORM_KIND(kind_name, compatible) \
  case DifferenceKind::kind_name:             \
    name = #kind_name;                        \
    break;
    TOPICFORM_DIFFERENCE_KINDS(TOPICFORM_KIND)
#undef TOPICFORM_KIND
  }
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return name;
}

}  // namespace topicform
