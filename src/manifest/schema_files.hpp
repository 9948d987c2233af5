// Local schema files named by owner cards: only regular files of bounded size inside the project
// are ever read; anything else is an owner/schema-file error at the manifest's line.
#pragma once

#include <string>
#include <vector>

#include "manifest/project_loader.hpp"

namespace topicform {

// The project's roots: the folder of the Settings document if there is one, else each PATH (a
// folder, or a file's folder), after symlinks.
std::vector<std::string> project_roots(const Project& project,
                                       const std::vector<std::string>& paths);

// Checks every topic's local schema path against `roots`; an accepted file gets its canonical
// path in `owner.schema_file` and, for JSON, its field names in `owner.schema_fields`. A path
// inside the project that does not exist is left for `docs` to name.
void check_schema_files(Project& project, const std::vector<std::string>& roots);

// Whether `file` (canonical) lies under one of `roots` (canonical).
bool inside_roots(const std::string& file, const std::vector<std::string>& roots);

}  // namespace topicform
