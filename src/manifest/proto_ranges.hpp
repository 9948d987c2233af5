// What newer protoc refuses in a message's reserved ranges and the packaged library lets pass.
#pragma once

#include <string>
#include <vector>

#include "core/ground/diagnostic.hpp"

namespace google::protobuf {
class FileDescriptor;
}

namespace topicform {

// A `contract/schema-invalid` at each reserved range of `file`'s messages (nested ones too) whose
// end comes before its start (`reserved 20 to 12;`), placed in `shown`.
void check_reserved_ranges(const google::protobuf::FileDescriptor& file, const std::string& shown,
                           std::vector<Diagnostic>& findings);

}  // namespace topicform
