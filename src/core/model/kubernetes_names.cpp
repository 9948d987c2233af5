// The suffix is a digest of the topic's name, so the same topic keeps its resource name from run
// to run and a rename in Git shows as one resource removed and one added.
#include "core/model/kubernetes_names.hpp"

#include <fmt/format.h>

#include "core/ground/fnv1a.hpp"

namespace topicform {
namespace {

constexpr std::size_t kMaxName = 253;
constexpr std::size_t kSuffix = 9;  // '-' and eight hex digits

bool lower_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

bool valid_label(std::string_view label) {
  if (label.empty() || !lower_alnum(label.front()) || !lower_alnum(label.back())) return false;
  for (char c : label) {
    if (!lower_alnum(c) && c != '-') return false;
  }
  return true;
}

// One label of the name: lower case, anything but a letter or digit as '-', no '-' at its ends.
std::string sanitised_label(std::string_view label) {
  std::string out;
  for (char c : label) {
    char lower = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    out += lower_alnum(lower) ? lower : '-';
  }
  auto first = out.find_first_not_of('-');
  if (first == std::string::npos) return "";
  return out.substr(first, out.find_last_not_of('-') - first + 1);
}

// The labels of `topic` sanitised and joined by '.', empty labels dropped, cut to `limit`
// characters at most and still ending with a letter or digit.
std::string sanitised(std::string_view topic, std::size_t limit) {
  std::string out;
  while (!topic.empty()) {
    auto dot = topic.find('.');
    std::string label = sanitised_label(topic.substr(0, dot));
    if (!label.empty()) out += (out.empty() ? "" : ".") + label;
    topic.remove_prefix(dot == std::string_view::npos ? topic.size() : dot + 1);
  }
  out.resize(std::min(out.size(), limit));
  while (!out.empty() && !lower_alnum(out.back())) out.pop_back();
  return out;
}

}  // namespace

bool is_dns1123_subdomain(std::string_view name) {
  if (name.empty() || name.size() > kMaxName) return false;
  while (true) {
    auto dot = name.find('.');
    if (!valid_label(name.substr(0, dot))) return false;
    if (dot == std::string_view::npos) return true;
    name.remove_prefix(dot + 1);
  }
}

std::string short_digest(std::string_view text) {
  std::uint64_t digest = fnv1a(text);
  return fmt::format("{:08x}", static_cast<std::uint32_t>(digest ^ (digest >> 32)));
}

std::string kubernetes_resource_name(std::string_view topic) {
  if (is_dns1123_subdomain(topic)) return std::string(topic);
  std::string base = sanitised(topic, kMaxName - kSuffix);
  std::string suffix = short_digest(topic);
  return base.empty() ? "topic-" + suffix : base + "-" + suffix;
}

}  // namespace topicform
