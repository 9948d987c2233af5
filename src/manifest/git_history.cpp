// Four git calls whatever the number of files: rev-parse, one log for the files whose every
// version counts, one cat-file --batch-check for every blob's size and one --batch for those
// small enough to read.
#include "manifest/git_history.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "core/model/schema_reference.hpp"
#include "manifest/git_blobs.hpp"
#include "manifest/git_proto_files.hpp"
#include "manifest/git_sync.hpp"
#include "manifest/message_schema_reader.hpp"
#include "manifest/subprocess.hpp"

namespace topicform {
namespace {

namespace fs = std::filesystem;

Result<std::string> git(const std::string& root, std::vector<std::string> args,
                        const std::string& input = "") {
  args.insert(args.begin(), {"git", "-C", root});
  auto run = run_process(args, input, {512u << 20, std::chrono::milliseconds(120'000)});
  if (!run) return Error{run.error().message};
  if (run->status != 0) {
    std::string why = run->err.substr(0, run->err.find('\n'));
    return Error{why.empty() ? fmt::format("git exited with {}", run->status) : why};
  }
  return run->out;
}

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

Result<std::string> commit_of(const std::string& root, const std::string& revision) {
  auto commit =
      git(root, {"rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"});
  if (commit) return trimmed(*commit);
  auto shallow = git(root, {"rev-parse", "--is-shallow-repository"});
  if (shallow && trimmed(*shallow) == "true") {
    return Error{fmt::format(
        "revision '{}' is not in this shallow clone: fetch it first (git fetch --depth=1 origin "
        "main, or actions/checkout with fetch-depth: 0)",
        revision)};
  }
  return Error{fmt::format(
      "revision '{}' is not in this repository: fetch it first (git fetch origin), or name a "
      "branch, tag or commit it has",
      revision)};
}

}  // namespace

std::string in_repository(const std::string& root, const std::string& file) {
  std::error_code ec;
  fs::path path = fs::weakly_canonical(fs::absolute(file, ec), ec);
  if (ec) return "";
  fs::path relative = path.lexically_relative(root);
  std::string text = relative.generic_string();
  if (relative.empty() || text.starts_with("..") || text.find('\n') != std::string::npos) return "";
  return text;
}

namespace {

// Commits that changed each path, newest first, from one `git log` over all of them.
Result<std::map<std::string, std::vector<std::string>>> changes_of(
    const std::string& root, const std::string& commit, const std::vector<std::string>& paths) {
  std::map<std::string, std::vector<std::string>> changes;
  if (paths.empty()) return changes;
  std::vector<std::string> args{"log", "--format=%x01%H", "--name-only", "--no-renames", commit,
                                "--"};
  args.insert(args.end(), paths.begin(), paths.end());
  auto log = git(root, args);
  if (!log) return Error{log.error().message};
  std::string current;
  std::size_t pos = 0;
  while (pos < log->size()) {
    std::size_t end = std::min(log->find('\n', pos), log->size());
    std::string line = log->substr(pos, end - pos);
    pos = end + 1;
    if (line.starts_with('\x01')) {
      current = line.substr(1);
    } else if (!line.empty() && !current.empty()) {
      changes[line].push_back(current);
    }
  }
  return changes;
}

// One line of `git cat-file --batch-check` or a --batch header: "<oid> blob <size>".
struct BlobHeader {
  std::string oid;
  unsigned long long size = 0;
};

std::optional<BlobHeader> blob_header(const std::string& line) {
  char oid[65] = {};
  BlobHeader header;
  if (std::sscanf(line.c_str(), "%64s blob %llu", oid, &header.size) != 2) return std::nullopt;
  header.oid = oid;
  return header;
}

// The contents of blobs no larger than the limit, by object id: one `git cat-file --batch` of
// ids whose sizes were checked first, so a large old version is never read.
Result<std::map<std::string, std::string>> contents_of(const std::string& root,
                                                       const std::vector<BlobHeader>& small) {
  std::map<std::string, std::string> texts;
  std::string input;
  for (const auto& header : small)
    if (texts.emplace(header.oid, "").second) input += header.oid + "\n";
  if (input.empty()) return texts;
  auto out = git(root, {"cat-file", "--batch"}, input);
  if (!out) return Error{out.error().message};
  std::size_t pos = 0;
  while (pos < out->size()) {
    std::size_t end = out->find('\n', pos);
    auto header = blob_header(out->substr(pos, end - pos));
    if (end == std::string::npos || !header || header->size > kMaxSchemaFileBytes)
      return Error{"git cat-file answered other than was asked"};
    texts[header->oid] = out->substr(end + 1, header->size);
    pos = end + 1 + header->size + 1;
  }
  return texts;
}

// The blobs named "commit:path", in order: sizes from `git cat-file --batch-check`, then the
// contents of those within the limit (the larger are named, never read).
}  // namespace

Result<std::vector<Blob>> blobs_of(const std::string& root, const std::vector<std::string>& names) {
  std::string input;
  for (const auto& name : names) input += name + "\n";
  auto checked = git(root, {"cat-file", "--batch-check"}, input);
  if (!checked) return Error{checked.error().message};
  std::vector<std::optional<BlobHeader>> headers;
  std::vector<BlobHeader> small;
  std::size_t pos = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::size_t end = checked->find('\n', pos);
    if (end == std::string::npos) return Error{"git cat-file answered less than was asked"};
    headers.push_back(blob_header(checked->substr(pos, end - pos)));  // none: missing, not a blob
    pos = end + 1;
    if (headers.back() && headers.back()->size <= kMaxSchemaFileBytes)
      small.push_back(*headers.back());
  }
  auto texts = contents_of(root, small);
  if (!texts) return Error{texts.error().message};
  std::vector<Blob> blobs;
  for (const auto& header : headers) {
    Blob blob;
    blob.present = header.has_value();
    if (header && header->size > kMaxSchemaFileBytes)
      blob.problem = fmt::format("larger than {} bytes", kMaxSchemaFileBytes);
    else if (header)
      blob.text = (*texts)[header->oid];
    blobs.push_back(std::move(blob));
  }
  return blobs;
}

Result<const Blob*> cached_blob(const std::string& root, const std::string& key,
                                ImportBlobs& cache) {
  if (auto it = cache.find(key); it != cache.end()) return &it->second;
  auto blobs = blobs_of(root, {key});
  if (!blobs) return Error{blobs.error().message};
  return &cache.emplace(key, std::move(blobs->front())).first->second;
}

namespace {

// Reads one version's text into `file` (its JSON, or its built .proto); says why it cannot.
using VersionParser =
    std::function<std::string(const std::string& text, const std::string& commit, EarlierFile&)>;

std::string parse_json_version(const std::string& text, const std::string&, EarlierFile& file) {
  std::vector<Diagnostic> ignored;
  auto parsed = parse_bounded_json(text, "", ignored);
  if (!parsed) return "not JSON, or nested too deep";
  file.versions.push_back(std::move(*parsed));
  return "";
}

// One request's blobs (newest first, with their commits) -> its EarlierFile: parsed, identical
// versions once, oldest first.
EarlierFile earlier_file(const std::vector<const Blob*>& newest_first,
                         const std::vector<std::string>& commits, const VersionParser& parse) {
  EarlierFile file;
  if (newest_first.empty() || !newest_first.front()->present) return file;
  file.present = true;
  std::vector<std::size_t> order;  // indexes into newest_first, oldest first
  for (std::size_t i = newest_first.size(); i-- > 0;) {
    const Blob& blob = *newest_first[i];
    if (!blob.present) continue;
    if (!blob.problem.empty()) {
      file.problem = blob.problem;
      continue;
    }
    // A version seen before counts where it was last: the revision's own stays the latest.
    auto seen = std::find_if(order.begin(), order.end(),
                             [&](std::size_t j) { return newest_first[j]->text == blob.text; });
    if (seen != order.end()) order.erase(seen);
    order.push_back(i);
  }
  for (std::size_t i : order) {
    if (std::string problem = parse(newest_first[i]->text, commits[i], file); !problem.empty())
      file.problem = problem;
  }
  return file;
}

// A .proto version built with its imports at its own commit.
VersionParser proto_parser(const std::string& root, const HistoryRequest& request,
                           ImportBlobs& cache) {
  return [&root, &request, &cache](const std::string& text, const std::string& commit,
                                   EarlierFile& file) {
    std::string name = fs::path(request.file).filename().string();
    auto files =
        revision_proto_files(root, commit, request.import_folders, name, text, request.file, cache);
    std::vector<Diagnostic> findings;
    auto built = read_proto_document(name, *files, findings);
    if (!built)
      return findings.empty() ? std::string("not a valid .proto") : findings.front().message;
    file.protos.push_back(*built);
    return std::string();
  };
}

// The JSON of `path` (absolute) at `commit`, null when the commit did not hold it, or why it
// cannot be read.
Result<nlohmann::json> json_at(const std::string& root, const std::string& commit,
                               const std::string& path, ImportBlobs& cache) {
  std::string name = in_repository(root, path);
  if (name.empty()) return Error{fmt::format("its reference {} is outside the repository", path)};
  auto blob = cached_blob(root, commit + ":" + name, cache);
  if (!blob) return Error{blob.error().message};
  if (!(*blob)->present) return nlohmann::json();
  if (!(*blob)->problem.empty())
    return Error{fmt::format("its reference {} is {}", name, (*blob)->problem)};
  std::vector<Diagnostic> ignored;
  auto parsed = parse_bounded_json((*blob)->text, "", ignored);
  if (!parsed) return Error{fmt::format("its reference {} is not JSON", name)};
  return std::move(*parsed);
}

// An .avsc version with its references as the same commit held them; a reference added since
// is left out (the version did not use it, or it does not read and is said so).
VersionParser avro_parser(const std::string& root, const HistoryRequest& request,
                          ImportBlobs& cache) {
  return [&root, &request, &cache](const std::string& text, const std::string& commit,
                                   EarlierFile& file) {
    std::vector<nlohmann::json> references;
    for (const auto& path : request.references) {
      auto json = json_at(root, commit, path, cache);
      if (!json) return json.error().message;
      if (!json->is_null()) references.push_back(std::move(*json));
    }
    std::string problem = parse_json_version(text, commit, file);
    if (problem.empty()) file.references.push_back(std::move(references));
    return problem;
  };
}

// How a request's versions are read: built with imports (.proto), with references (.avsc that
// has them), else as JSON.
VersionParser parser_of(const std::string& root, const HistoryRequest& request,
                        ImportBlobs& cache) {
  if (request.file.ends_with(".proto")) return proto_parser(root, request, cache);
  if (!request.references.empty()) return avro_parser(root, request, cache);
  return parse_json_version;
}

}  // namespace

namespace {

// Each request's blobs (`wanted` indexes into `names` and `blobs`) parsed into its EarlierFile.
EarlierFiles earlier_files(const std::string& root, const std::vector<HistoryRequest>& requests,
                           const std::vector<std::vector<std::size_t>>& wanted,
                           const std::vector<std::string>& names, const std::vector<Blob>& blobs) {
  EarlierFiles files;
  ImportBlobs imports;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    std::vector<const Blob*> newest_first;
    std::vector<std::string> commits;
    for (std::size_t index : wanted[i]) {
      newest_first.push_back(&blobs[index]);
      commits.push_back(names[index].substr(0, names[index].find(':')));
    }
    files[requests[i].file] =
        earlier_file(newest_first, commits, parser_of(root, requests[i], imports));
  }
  return files;
}

}  // namespace

Result<EarlierFiles> read_at_revision(const std::string& revision, const std::string& anchor,
                                      const std::vector<HistoryRequest>& requests) {
  auto top = git(folder_of(anchor), {"rev-parse", "--show-toplevel"});
  if (!top) {
    return Error{
        fmt::format("'{}' is not in a Git repository (or git is not installed), so "
                    "--against has nothing to compare with: {}",
                    anchor, top.error().message)};
  }
  std::error_code ec;
  std::string root = fs::weakly_canonical(trimmed(*top), ec).string();
  auto commit = commit_of(root, revision);
  if (!commit) return Error{commit.error().message};
  std::vector<std::string> paths(requests.size()), transitive;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    paths[i] = in_repository(root, requests[i].file);
    if (requests[i].every_version && !paths[i].empty()) transitive.push_back(paths[i]);
  }
  auto changes = changes_of(root, *commit, transitive);
  if (!changes) return Error{changes.error().message};
  std::vector<std::string> names;
  std::vector<std::vector<std::size_t>> wanted(requests.size());
  for (std::size_t i = 0; i < requests.size(); ++i) {
    if (paths[i].empty()) continue;
    std::vector<std::string> commits{*commit};
    if (requests[i].every_version) {
      for (const auto& c : (*changes)[paths[i]])
        if (c != *commit) commits.push_back(c);
    }
    for (const auto& c : commits) {
      wanted[i].push_back(names.size());
      names.push_back(c + ":" + paths[i]);
    }
  }
  auto blobs = blobs_of(root, names);
  if (!blobs) return Error{blobs.error().message};
  return earlier_files(root, requests, wanted, names, *blobs);
}

}  // namespace topicform
