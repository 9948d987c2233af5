// git fetch and merge --ff-only through run_process, with no prompt and a bound on each call.
#include "manifest/git_sync.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "manifest/subprocess.hpp"

namespace topicform {
namespace {

struct GitAnswer {
  bool ok = false;
  std::string text;  // stdout without its last newline, or the first line git wrote on stderr
};

Result<GitAnswer> git_in(const std::string& directory, std::vector<std::string> args) {
  // A prompt for credentials would wait for ever: the remote must let itself be read without.
  args.insert(args.begin(), {"git", "-c", "core.askPass=true", "-C", directory});
  auto run = run_process(args, "", {1u << 20, std::chrono::milliseconds(120'000)});
  if (!run) return Error{fmt::format("git: {}", run.error().message)};
  GitAnswer answer{run->status == 0, run->status == 0 ? run->out : run->err};
  answer.text = answer.text.substr(0, answer.text.find('\n'));
  if (!answer.ok && answer.text.empty())
    answer.text = fmt::format("git exited with {}", run->status);
  return answer;
}

}  // namespace

std::string folder_of(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) return path;
  auto parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

Result<std::optional<GitWorktree>> find_worktree(const std::string& path,
                                                 const std::string& branch) {
  auto root = git_in(folder_of(path), {"rev-parse", "--show-toplevel"});
  if (!root) return root.error();
  if (!root->ok) return std::optional<GitWorktree>();
  auto head = git_in(root->text, {"symbolic-ref", "--quiet", "--short", "HEAD"});
  if (!head) return head.error();
  if (!head->ok) {
    return Error{fmt::format("{}: HEAD is detached; check out the branch to follow", root->text)};
  }
  if (!branch.empty() && branch != head->text) {
    return Error{fmt::format("--git-branch {}: {} has '{}' checked out; check out {} there first",
                             branch, root->text, head->text, branch)};
  }
  auto commit = git_in(root->text, {"rev-parse", "HEAD"});
  if (!commit) return commit.error();
  GitWorktree tree{root->text, head->text, "", commit->ok ? commit->text : ""};
  auto remote = git_in(tree.root, {"config", "--get", "branch." + tree.branch + ".remote"});
  if (!remote) return remote.error();
  if (remote->ok) {
    tree.remote = remote->text;
  } else if (auto origin = git_in(tree.root, {"remote", "get-url", "origin"});
             origin && origin->ok) {
    tree.remote = "origin";
  }
  return std::optional<GitWorktree>(tree);
}

Result<std::string> fetch_fast_forward(const GitWorktree& tree) {
  if (!tree.remote.empty()) {
    auto fetch = git_in(
        tree.root, {"fetch", "--quiet", "--no-tags", "--end-of-options", tree.remote, tree.branch});
    if (!fetch) return fetch.error();
    if (!fetch->ok)
      return Error{fmt::format("git fetch {} {}: {}", tree.remote, tree.branch, fetch->text)};
    auto merge = git_in(tree.root, {"merge", "--ff-only", "--quiet", "FETCH_HEAD"});
    if (!merge) return merge.error();
    if (!merge->ok) {
      return Error{fmt::format("cannot fast-forward {} to {}/{}: {}", tree.branch, tree.remote,
                               tree.branch, merge->text)};
    }
  }
  auto head = git_in(tree.root, {"rev-parse", "HEAD"});
  if (!head) return head.error();
  if (!head->ok) return Error{fmt::format("git rev-parse HEAD: {}", head->text)};
  return head->text;
}

}  // namespace topicform
