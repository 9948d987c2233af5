// `${env:NAME}` in a setting's value: secrets stay in the environment, never in files or plans.
#pragma once

#include <string>

#include "core/ground/result.hpp"

namespace topicform {

// `value` with each ${env:NAME} replaced by that variable; an error names `what` and the unset
// variable (never a value). Text like "${x}" that is no reference is kept as written.
Result<std::string> expand_env_references(const std::string& value, const std::string& what);

// Whether `value` is exactly one ${env:NAME} and nothing else: how a secret is written in a file.
bool is_env_reference(const std::string& value);

}  // namespace topicform
