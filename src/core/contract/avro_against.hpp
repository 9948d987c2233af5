// `--against` for an Avro schema: the working tree's file judged by Avro's schema resolution
// against the versions the topic's compatibility mode names.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/contract/compatibility.hpp"
#include "core/ground/finding_sink.hpp"
#include "core/model/avro_types.hpp"

namespace topicform {

// Reports each break of `now` (the valid .avsc of `topic`) against `versions` (oldest first, the
// revision's own last; all of them in a transitive mode, else the last) as a
// contract/compatibility error at its place: BACKWARD, the new schema must read what each old one
// wrote; FORWARD, each old one must read what the new one writes; FULL, both. `references[i]`
// are the files whose types version i uses (schema.references), as its commit held them.
void judge_avro(const std::string& topic, const AvroDocument& now,
                const std::vector<nlohmann::json>& versions,
                const std::vector<std::vector<nlohmann::json>>& references, CompatibilityMode mode,
                const std::string& revision, FindingSink& sink);

// Each break of `now` against `earlier` (a registry's latest version, its names found in the
// schemas it references, each after those it uses) in the directions `mode` checks, in words:
// "KIND at POINTER (DETAIL): who cannot read what"; none when `earlier` is no valid Avro schema.
std::vector<std::string> avro_breaks_in_words(const AvroDocument& now,
                                              const nlohmann::json& earlier,
                                              const std::vector<nlohmann::json>& references,
                                              CompatibilityMode mode);

}  // namespace topicform
