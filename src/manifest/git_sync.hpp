// How serve follows a repository: the worktree a manifest path lies in, and each cycle's fetch
// and fast-forward of the branch it follows.
#pragma once

#include <optional>
#include <string>

#include "core/ground/result.hpp"

namespace topicform {

struct GitWorktree {
  std::string root;
  std::string branch;  // the checked-out branch it follows
  std::string remote;  // the branch's remote ("origin" when it names none); "" when there is none
  std::string head;    // the commit checked out when last looked at
};

// The folder git runs in for `path`: the path itself when it is a folder, else the folder that
// holds it ("." for a bare file name).
std::string folder_of(const std::string& path);

// The worktree `path` lies in, following `branch` ("" for the checked-out one); nullopt outside
// any repository. An error when HEAD is detached, or `branch` is not the one checked out (the
// working tree is what is read, so it must be that branch).
Result<std::optional<GitWorktree>> find_worktree(const std::string& path,
                                                 const std::string& branch);

// Fetches the branch from its remote and fast-forwards the working tree to it (no remote: just
// reads HEAD); the commit now checked out. An error names what git said: a fetch that failed, or
// a branch that cannot be fast-forwarded (local commits, or a remote that was rewritten).
Result<std::string> fetch_fast_forward(const GitWorktree& tree);

}  // namespace topicform
