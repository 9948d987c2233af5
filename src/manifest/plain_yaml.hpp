// A fast reader for the plain YAML that manifests are written in; anything else goes to yaml-cpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "manifest/yaml_document.hpp"

namespace topicform {

// Reads one document (`piece`, whose first line is line `first_line` + 1 of `file`) when it keeps
// to the plain subset: block mappings and sequences indented with spaces, flow collections on one
// line, plain scalars on one line, quoted ones without escapes or line breaks, comments, ASCII.
// The result is what yaml-cpp's reading gives, marks included. Anything else (an anchor, a tag,
// a block scalar, a tab, a duplicate key, an error) is nullopt: yaml-cpp then reads the piece and
// says what is wrong, so this reader never reports a problem.
std::optional<YamlDocument> read_plain_yaml(std::string_view piece, int first_line,
                                            const std::string& file);

}  // namespace topicform
