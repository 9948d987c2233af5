// The few git reads that `--against` shares between JSON, Avro and Protobuf schemas.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/ground/result.hpp"

namespace topicform {

// One `<commit>:<path>` as git holds it: absent, too large to read, or its text.
struct Blob {
  bool present = false;
  std::string text;
  std::string problem;
};

// The file's path inside the repository at `root`; "" when it lies outside or cannot be named
// in a batch.
std::string in_repository(const std::string& root, const std::string& file);

// Each of `names` (`<commit>:<path>`) read with one `git cat-file --batch-check` and one
// `--batch`; a blob larger than a schema may be is not read.
Result<std::vector<Blob>> blobs_of(const std::string& root, const std::vector<std::string>& names);

// Blobs already read, by `<commit>:<path>`: a thousand schemas importing or referencing one
// common file read it once per commit.
using ImportBlobs = std::map<std::string, Blob>;

// `key` (`<commit>:<path>`) as git holds it, read once for the whole run through `cache`; an
// error when git failed.
Result<const Blob*> cached_blob(const std::string& root, const std::string& key,
                                ImportBlobs& cache);

}  // namespace topicform
