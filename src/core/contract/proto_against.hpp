// `--against` for a Protobuf schema: the working tree's .proto judged against the versions the
// topic's compatibility mode names, by the rule set the topic or the settings choose.
#pragma once

#include <string>
#include <vector>

#include "core/contract/compatibility.hpp"
#include "core/contract/proto_compatibility.hpp"
#include "core/ground/finding_sink.hpp"
#include "core/model/settings.hpp"
#include "core/model/topic_spec.hpp"

namespace topicform {

// The rule set a topic's Protobuf schema is judged by: its owner card's, else the settings'.
ProtoRules proto_rules_of(const OwnerCard& owner, const Settings& settings);

// Reports each break of `now` against `versions` (oldest first, the revision's own last; all of
// them in a transitive mode) as contract/compatibility at its place in `now`, naming the rule
// set; and contract/meaning-changed for a field that kept its number, name and type but not its
// comment since the revision's own version.
void judge_proto(const std::string& topic, const ProtoDocument& now,
                 const std::vector<ProtoDocument>& versions, CompatibilityMode mode,
                 ProtoRules rules, const std::string& revision, FindingSink& sink);

// Each break of `now` against `earlier` in the directions `mode` checks, in words:
// "KIND at PATH (DETAIL): who cannot read what".
std::vector<std::string> proto_breaks_in_words(const ProtoDocument& now,
                                               const ProtoDocument& earlier, CompatibilityMode mode,
                                               ProtoRules rules);

}  // namespace topicform
