// Kubernetes resource names for Kafka topic names: valid, stable, and never two alike.
#pragma once

#include <string>
#include <string_view>

namespace topicform {

// Whether `name` is a DNS-1123 subdomain, as Kubernetes requires of a resource's metadata.name:
// at most 253 characters, dot-separated labels of lower-case letters, digits and '-', each
// starting and ending with a letter or digit.
bool is_dns1123_subdomain(std::string_view name);

// Eight hex digits of a digest of `text` (FNV-1a's 64 bits folded to 32): the suffix that keeps
// a changed or shortened name apart from others.
std::string short_digest(std::string_view text);

// The resource name of a topic: the topic's own name when it is a DNS-1123 subdomain; otherwise
// the name lower-cased, '_' and other characters as '-', each label trimmed to start and end
// alphanumeric, cut to fit, with '-' and eight hex digits of a digest of the topic's name added,
// so that names which differ only by case or by '_' do not meet (kafka-helmsman's way).
std::string kubernetes_resource_name(std::string_view topic);

}  // namespace topicform
