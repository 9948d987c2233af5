// A `.proto` file as a commit holds it, its imports read from the same commit.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "manifest/git_blobs.hpp"
#include "manifest/proto_reader.hpp"

namespace topicform {

// The file `name` is `text` (already read); each import is looked for in `folders` (absolute,
// as the working tree names them) at `commit` of the repository at `root`, never outside it.
std::unique_ptr<ProtoFiles> revision_proto_files(const std::string& root, const std::string& commit,
                                                 std::vector<std::string> folders,
                                                 const std::string& name, std::string text,
                                                 const std::string& shown, ImportBlobs& cache);

}  // namespace topicform
