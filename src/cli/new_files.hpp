// Writing a set of new files all or nothing: the commands that generate files never overwrite one.
#pragma once

#include <filesystem>
#include <map>
#include <ostream>
#include <string>

#include "core/result.hpp"

namespace topicform {

using NewFiles = std::map<std::filesystem::path, std::string>;

// Writes every file (creating folders), or none when one exists already, unless `replace`. Each
// written path is logged to `log` when given.
Result<bool> write_new_files(const NewFiles& files, bool replace, std::ostream* log);

}  // namespace topicform
