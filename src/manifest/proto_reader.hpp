// `.proto` files parsed at run time with the protobuf library (no protoc), their imports read
// only through a ProtoFiles source: the project's files or a Git revision's, never outside.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/ground/diagnostic.hpp"
#include "core/model/proto_types.hpp"

namespace topicform {

// Where a `.proto` file and its imports are read from. Names are relative import paths; a
// name that is absolute or climbs with `..` never reaches a source.
class ProtoFiles {
 public:
  virtual ~ProtoFiles() = default;
  // The text of `name`, or nullopt with `why` ("is not in the project", "is larger than …").
  virtual std::optional<std::string> text(const std::string& name, std::string& why) = 0;
  // How diagnostics name the file `name`.
  virtual std::string shown(const std::string& name) const = 0;
};

// At most this many files (the root and everything it imports) are read for one document.
inline constexpr std::size_t kMaxProtoFiles = 64;

// Parses `name` from `files` with every import it needs; the well-known types
// (google/protobuf/*.proto) come from the library itself. A file that does not parse or
// does not build (an unknown type, a number used twice, an import missing, outside the
// project or circular) is contract/schema-invalid at its line and column, and null is returned.
std::shared_ptr<const ProtoDocument> read_proto_document(const std::string& name, ProtoFiles& files,
                                                         std::vector<Diagnostic>& findings);

// The working tree's source: `name` is looked for in `folder` (the root file's own folder), then
// in each of `roots` (the project), and read only when it lies inside the roots after links.
// The root file `root` (a name in `folder`, already read as `root_text`) is shown as
// `root_shown`; imports by their path.
std::unique_ptr<ProtoFiles> project_proto_files(const std::string& folder,
                                                const std::vector<std::string>& roots,
                                                const std::string& root,
                                                const std::string& root_shown,
                                                std::string root_text);

// Files held in memory (import path -> text): the root `root`, shown as `root_shown`, and what
// it imports; nothing else is found.
std::unique_ptr<ProtoFiles> memory_proto_files(const std::string& root,
                                               const std::string& root_shown,
                                               std::map<std::string, std::string> texts);

// Builds other versions of the project's file `root` in `folder` (a registry's copy, shown as
// `root_shown`) with imports read as project_proto_files reads them.
std::shared_ptr<const ProtoRebuilder> project_proto_rebuilder(const std::string& folder,
                                                              const std::vector<std::string>& roots,
                                                              const std::string& root,
                                                              const std::string& root_shown);

}  // namespace topicform
