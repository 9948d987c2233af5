// owner/literal-names: the names an owner card turns into ACL principals and groups are literal.
#include <fmt/format.h>

#include "core/access/access.hpp"
#include "core/rules/rules.hpp"

namespace topicform {
namespace {

constexpr const char* kRule = "owner/literal-names";

void check_service(const Located<std::string>& name, const char* role, const std::string& topic,
                   RuleSink& sink) {
  if (!name.present || is_literal_name(name.value)) return;
  sink.report(kRule, name.at,
              fmt::format("{} '{}' of '{}' is not one service's name: use 1 to 249 letters, "
                          "digits, '.', '_' or '-'; the name becomes an ACL principal and a "
                          "group, where '*' grants every principal or group and an empty name "
                          "grants no one",
                          role, name.value, topic));
}

}  // namespace

void check_literal_names(const EffectiveTopic& topic, RuleSink& sink) {
  const TopicSpec& spec = *topic.spec;
  const OwnerCard& owner = spec.owner;
  check_service(owner.producer, "producer", topic.name, sink);
  for (const auto& consumer : owner.consumers) {
    check_service(consumer.group, "consumer group", topic.name, sink);
  }
  if (owner.team.value.find('*') != std::string::npos) {
    sink.report(kRule, owner.team.at,
                fmt::format("team '{}' of '{}' holds '*': a team's principal would grant every "
                            "principal; name the team",
                            owner.team.value, topic.name));
  }
  for (const auto& extra : spec.extra_access) {
    check_service(extra.service, "extraAccess service", topic.name, sink);
    if (!extra.principal.present || is_literal_principal(extra.principal.value)) continue;
    sink.report(kRule, extra.principal.at,
                fmt::format("extraAccess principal '{}' of '{}' is not one principal: write "
                            "'Type:name' (User:alice) with no '*' and no spaces",
                            extra.principal.value, topic.name));
  }
}

}  // namespace topicform
