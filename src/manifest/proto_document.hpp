// A built FileDescriptor turned into topicform's own model, with places and comments.
#pragma once

#include <string>

#include "core/model/proto_types.hpp"

namespace google::protobuf {
class FileDescriptor;
}

namespace topicform {

// Every message and enum `file` defines (nested ones too, outer first), each field's number,
// kind, label, oneof and leading comment, all placed in `shown` as 1-based line and column.
ProtoDocument proto_document(const google::protobuf::FileDescriptor& file,
                             const std::string& shown);

// Adds the messages `file` (a project file the document imports, shown as `shown`) defines to
// `out.imported_messages`.
void add_imported_messages(const google::protobuf::FileDescriptor& file, const std::string& shown,
                           ProtoDocument& out);

}  // namespace topicform
