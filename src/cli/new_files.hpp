// Writing generated files inside the folder asked for, all or nothing, never through a link.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "core/ground/result.hpp"

namespace topicform {

using NewFiles = std::map<std::filesystem::path, std::string>;

// Why writing `path` could touch something outside `base`, or something that is not a file of
// ours: a path that leaves `base`, a symbolic link (even a dangling one) at the path or at a
// folder between `base` and it (a link leads anywhere), a file where a folder must be, a folder
// where the file must be, or (unless `may_replace`) a file already there. nullopt when none.
// `base` itself may be a link: the user named it.
std::optional<std::string> unsafe_target(const std::filesystem::path& base,
                                         const std::filesystem::path& path, bool may_replace);

// Writes `text` to `path` without following a link there: a new file, or with `replace` an
// existing regular file truncated.
Result<bool> write_file_no_follow(const std::filesystem::path& path, const std::string& text,
                                  bool replace);

// Writes every file (creating folders) under `base`, or none when any is unsafe (see
// unsafe_target), existing files included unless `replace`. With `log_each`, each written path
// is logged at info (a JSON line under --log-format json).
Result<bool> write_new_files(const std::filesystem::path& base, const NewFiles& files, bool replace,
                             bool log_each);

// Files generated into a folder a command owns (`docs`, `export`), by names relative to it.
using GeneratedFiles = std::map<std::string, std::string>;

// Writes `files` under `dir` (creating folders) and lists their names in `dir`/`list_name`;
// then removes the files the previous run listed there and this one did not write. Every target
// is checked first (see unsafe_target): a link or a folder in the way writes nothing. Empty when
// written, else why not.
std::string write_generated_folder(const std::filesystem::path& dir, const GeneratedFiles& files,
                                   const std::string& list_name);

}  // namespace topicform
