// owner/*: the owner card is complete, its groups are stable names, its key can carry order.
#include <algorithm>
#include <array>
#include <set>

#include <fmt/format.h>
#include <re2/re2.h>

#include "core/rules/rules.hpp"

namespace topicform {
namespace {

// Lower case with '_', '-', '.' and spaces removed: "created_at" and "createdAt" meet.
std::string squash(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '_' || c == '-' || c == '.' || c == ' ') continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

constexpr std::array<std::string_view, 8> kConstantKeys{"constant", "default", "all",   "same",
                                                        "fixed",    "static",  "const", "key"};
constexpr std::array<std::string_view, 15> kLowCardinalityKeys{
    "status",   "type",   "state", "kind",    "category", "eventtype", "country",    "region",
    "currency", "gender", "flag",  "enabled", "level",    "priority",  "messagetype"};
constexpr std::array<std::string_view, 12> kTimeKeys{
    "timestamp", "time",       "date",   "datetime", "now",       "createdat",
    "updatedat", "occurredat", "sentat", "ts",       "eventtime", "receivedat"};

template <std::size_t N>
bool contains(const std::array<std::string_view, N>& list, const std::string& word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

// Byte-wise like std::regex, but linear and several times faster: this runs for every group.
const re2::RE2& compiled(const char* pattern) {
  re2::RE2::Options options;
  options.set_encoding(re2::RE2::Options::EncodingLatin1);
  return *new re2::RE2(pattern, options);  // lives for the whole run, like a static
}

// Why a group name looks generated per instance, or empty when it reads as a service name.
std::string generated_group_reason(const std::string& group) {
  if (group.size() > 249) return "is longer than 249 characters";  // Kafka's own limit
  static const re2::RE2& kUuid = compiled("[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}");
  static const re2::RE2& kHexRun = compiled("([0-9a-f]{8,})");
  static const re2::RE2& kAddress =
      compiled("[0-9]{1,3}[.-][0-9]{1,3}[.-][0-9]{1,3}[.-][0-9]{1,3}");
  static const re2::RE2& kInstanceIndex = compiled(".*[-_][0-9]+");
  static const re2::RE2& kPodSuffix = compiled(".*-[a-z0-9]{5}");
  static const re2::RE2& kHostWord =
      compiled("(?:^|.*[-_.])(?:ip|host|hostname|localhost|pod|container)(?:[-_.].*|$)");
  if (re2::RE2::PartialMatch(group, kUuid)) return "contains a UUID";
  if (re2::RE2::PartialMatch(group, kAddress)) return "contains an IP address";
  std::string run;
  if (re2::RE2::PartialMatch(group, kHexRun, &run) &&
      std::any_of(run.begin(), run.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return "contains a hash or container id";
  }
  if (re2::RE2::FullMatch(group, kHostWord)) return "looks like a host name";
  if (re2::RE2::FullMatch(group, kInstanceIndex)) return "ends with an instance number";
  if (re2::RE2::FullMatch(group, kPodSuffix)) {
    std::string tail = group.substr(group.size() - 5);
    bool has_digit =
        std::any_of(tail.begin(), tail.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (has_digit) return "ends like a generated pod name";
  }
  return {};
}

void check_required(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink) {
  const TopicSpec& spec = *topic.spec;
  const OwnerCard& owner = spec.owner;
  std::vector<std::pair<std::string, bool>> fields{
      {"description", spec.description.present && !spec.description.value.empty()},
      {"kind", spec.kind.present},
      {"owner.team", owner.team.present && !owner.team.value.empty()},
      {"owner.producer", owner.producer.present && !owner.producer.value.empty()},
      {"owner.key", owner.key.present && !owner.key.value.empty()}};
  for (const auto& extra : context.settings.required_owner_fields) {
    bool present = extra == "schema"                ? owner.schema.present
                   : extra == "consumers"           ? owner.consumers_present
                   : extra == "ordering"            ? owner.ordering.present
                   : extra == "throughput"          ? owner.throughput.has_value()
                   : extra == "maxConsumerDowntime" ? owner.max_consumer_downtime.present
                                                    : true;
    fields.emplace_back("owner." + extra, present);
  }
  for (const auto& [field, present] : fields) {
    if (present) continue;
    Location at = field.starts_with("owner.") ? owner.at : spec.spec_at;
    sink.report("owner/required", at,
                fmt::format("the owner card of '{}' lacks '{}'", topic.name, field));
  }
}

void check_groups(const EffectiveTopic& topic, RuleSink& sink) {
  std::set<std::string> seen;
  for (const auto& consumer : topic.spec->owner.consumers) {
    const auto& group = consumer.group;
    if (!seen.insert(group.value).second) {
      sink.report("owner/group-names", group.at,
                  fmt::format("group '{}' is listed twice for '{}'", group.value, topic.name));
      continue;
    }
    if (auto reason = generated_group_reason(group.value); !reason.empty()) {
      sink.report("owner/group-names", group.at,
                  fmt::format("group '{}' {}: name a group after its service, the same for every "
                              "instance, or each restart starts a new group",
                              group.value, reason));
    }
  }
}

void check_key(const EffectiveTopic& topic, RuleSink& sink) {
  const OwnerCard& owner = topic.spec->owner;
  if (owner.ordering.value == "per-key" && !topic.has_key()) {
    sink.report("owner/ordering-needs-key", owner.ordering.at,
                fmt::format("'{}' promises ordering per key but has no key: set 'owner.key' to the "
                            "id of the entity whose order matters",
                            topic.name));
  }
  if (!topic.has_key() || owner.key.value.size() > 249) return;
  std::string key = squash(owner.key.value);
  std::string why;
  std::string name_levels = "." + topic.name + ".";
  if (contains(kConstantKeys, key) || name_levels.find("." + key + ".") != std::string::npos) {
    why = "looks like a constant: every message lands in one hot partition";
  } else if (contains(kLowCardinalityKeys, key)) {
    why = "has few distinct values: it uses few partitions and splits one entity's messages";
  } else if (contains(kTimeKeys, key)) {
    why = "is a time: one entity's messages scatter across partitions and lose their order";
  }
  if (!why.empty()) {
    sink.report("owner/key-quality", owner.key.at,
                fmt::format("key '{}' of '{}' {}; key by the entity whose order matters, or "
                            "'none'",
                            owner.key.value, topic.name, why));
  }
}

// The topic operations the owner card already grants `service` on the topic itself.
std::set<std::string> derived_operations(const OwnerCard& owner, const std::string& service) {
  std::set<std::string> out;
  if (owner.producer.value == service) out.insert({"write", "describe"});
  for (const auto& c : owner.consumers) {
    if (c.group.value == service) out.insert({"read", "describe"});
  }
  return out;
}

// `extraAccess:` is for what the card cannot say: a grant on a .dead topic that does not exist
// would never apply, and one the card already derives says nothing.
void check_extra_access(const EffectiveTopic& topic, RuleSink& sink) {
  const TopicSpec& spec = *topic.spec;
  for (const auto& extra : spec.extra_access) {
    if (extra.on_dead && !wants_dead_letter(spec)) {
      sink.report("owner/extra-access", extra.at,
                  fmt::format("'{}' has no .dead topic to grant on: drop 'on: dead' or the grant",
                              topic.name));
      continue;
    }
    if (!extra.service.present || extra.on_dead) continue;
    auto derived = derived_operations(spec.owner, extra.service.value);
    bool adds = std::any_of(extra.operations.begin(), extra.operations.end(),
                            [&](const std::string& op) { return !derived.count(op); });
    if (!adds) {
      sink.report("owner/extra-access", extra.at,
                  fmt::format("the owner card of '{}' already grants '{}' {}: list only what the "
                              "card does not",
                              topic.name, extra.service.value, fmt::join(extra.operations, ", ")));
    }
  }
}

}  // namespace

void check_owner(const EffectiveTopic& topic, const RuleContext& context, RuleSink& sink) {
  if (topic.is_dead) return;
  const TopicSpec& spec = *topic.spec;
  check_required(topic, context, sink);
  check_literal_names(topic, sink);
  check_groups(topic, sink);
  if (spec.kind.value == "command" && spec.owner.consumers.size() > 1) {
    sink.report("owner/command-one-executor", spec.owner.consumers_at,
                fmt::format("command topic '{}' has {} consuming services: each would execute "
                            "every command; a command has one executor",
                            topic.name, spec.owner.consumers.size()));
  }
  check_key(topic, sink);
  check_extra_access(topic, sink);
  static const re2::RE2& kSecret =
      compiled("password|passwd|secret|token|apikey|privatekey|credential");
  for (const auto& field : spec.owner.schema_fields) {
    if (re2::RE2::PartialMatch(squash(field), kSecret)) {
      sink.report("owner/no-secrets", spec.owner.schema.at,
                  fmt::format("schema field '{}' of '{}' looks like a secret: messages are kept "
                              "and readable by every consumer; send a reference instead",
                              field, topic.name));
    }
  }
}

}  // namespace topicform
