// The files of a Git revision, read with the `git` program (no checkout, nothing written).
#pragma once

#include <string>
#include <vector>

#include "core/contract/against.hpp"
#include "core/ground/result.hpp"

namespace topicform {

// Reads `requests` at `revision` of the repository that holds `anchor` (a path of the project).
// An error says what to do: not a repository, git missing, or the revision not fetched (in a
// shallow clone, how to fetch it).
Result<EarlierFiles> read_at_revision(const std::string& revision, const std::string& anchor,
                                      const std::vector<HistoryRequest>& requests);

}  // namespace topicform
