// Debian's protobuf 3.21 builds `reserved 20 to 12;` into a range that reserves nothing, and a
// contract check would then read the file as reserving numbers it does not; protoc since 22
// refuses it with the message below, so topicform does too.
#include "manifest/proto_ranges.hpp"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>

namespace topicform {
namespace {

namespace pb = google::protobuf;

// Field numbers in descriptor.proto that make up a source location's path.
constexpr int file_message_type = 4;
constexpr int message_nested_type = 3;
constexpr int message_reserved_range = 9;

// The path SourceCodeInfo gives `message` (a top-level message's, or its parent's and then its).
std::vector<int> path_of(const pb::Descriptor& message) {
  std::vector<int> path;
  if (message.containing_type() == nullptr) {
    path = {file_message_type};
  } else {
    path = path_of(*message.containing_type());
    path.push_back(message_nested_type);
  }
  path.push_back(message.index());
  return path;
}

void check_message(const pb::Descriptor& message, const std::string& shown,
                   std::vector<Diagnostic>& findings) {
  for (int i = 0; i < message.reserved_range_count(); ++i) {
    const pb::Descriptor::ReservedRange& range = *message.reserved_range(i);
    if (range.end > range.start) continue;  // `end` is exclusive: `5 to 5` is {5, 6}
    std::vector<int> path = path_of(message);
    path.insert(path.end(), {message_reserved_range, i});
    pb::SourceLocation location;
    Location at{shown, 1, 1};
    if (message.file()->GetSourceLocation(path, &location))
      at = Location{shown, location.start_line + 1, location.start_column + 1};
    findings.push_back(
        Diagnostic{Severity::error, "contract/schema-invalid",
                   "Protobuf: Reserved range end number must be greater than start number.", at});
  }
  for (int i = 0; i < message.nested_type_count(); ++i)
    check_message(*message.nested_type(i), shown, findings);
}

}  // namespace

void check_reserved_ranges(const pb::FileDescriptor& file, const std::string& shown,
                           std::vector<Diagnostic>& findings) {
  for (int i = 0; i < file.message_type_count(); ++i)
    check_message(*file.message_type(i), shown, findings);
}

}  // namespace topicform
