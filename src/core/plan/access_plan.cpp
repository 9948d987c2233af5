// Owner cards -> ACL bindings, and bindings -> creates, deletes and the unmanaged rest.
#include "core/plan/access_plan.hpp"

#include <algorithm>
#include <unordered_map>

namespace topicform {
namespace {

using Bindings = std::map<AclBinding, Location>;

void grant(Bindings& out, AclResource resource, const std::string& name,
           const std::string& principal, std::initializer_list<AclOperation> operations,
           const Location& at) {
  for (auto operation : operations)
    out.emplace(AclBinding{resource, name, principal, operation}, at);
}

// Each source's `.dead` topic among the desired topics, by the manifest they share: looked up,
// as a scan per topic made a hundred thousand topics cost seconds.
using DeadTopics = std::unordered_map<const TopicSpec*, const EffectiveTopic*>;

DeadTopics dead_topics_of(const std::vector<EffectiveTopic>& topics) {
  DeadTopics out;
  for (const auto& topic : topics) {
    if (topic.is_dead) out.emplace(topic.spec, &topic);
  }
  return out;
}

void grant_topic(Bindings& out, const DeadTopics& dead_topics, const EffectiveTopic& topic,
                 const AccessSettings& access) {
  const OwnerCard& owner = topic.spec->owner;
  // Names that are not literal are validate errors (owner/literal-names); never a grant.
  if (is_literal_name(owner.producer.value)) {
    grant(out, AclResource::topic, topic.name, access.principal_of(owner.producer.value),
          {AclOperation::write, AclOperation::describe}, owner.producer.at);
  }
  auto found = dead_topics.find(topic.spec);
  const EffectiveTopic* dead = found == dead_topics.end() ? nullptr : found->second;
  for (const auto& consumer : owner.consumers) {
    const std::string& service = consumer.group.value;
    if (!is_literal_name(service)) continue;
    std::string principal = access.principal_of(service);
    grant(out, AclResource::topic, topic.name, principal,
          {AclOperation::read, AclOperation::describe}, consumer.group.at);
    grant(out, AclResource::group, service, principal, {AclOperation::read}, consumer.group.at);
    if (dead) {
      grant(out, AclResource::topic, dead->name, principal,
            {AclOperation::write, AclOperation::describe}, consumer.group.at);
    }
  }
  auto team = access.team_principal(owner.team.value);
  if (team && dead && owner.team.value.find('*') == std::string::npos) {
    grant(out, AclResource::topic, dead->name, *team, {AclOperation::read}, owner.team.at);
  }
  for (const auto& extra : topic.spec->extra_access) {
    if (extra.on_dead && !dead) continue;  // no .dead topic to grant on
    std::string principal =
        extra.principal.present ? extra.principal.value : access.principal_of(extra.service.value);
    if (extra.principal.present ? !is_literal_principal(principal)
                                : !is_literal_name(extra.service.value))
      continue;
    for (const auto& name : extra.operations) {
      if (auto operation = parse_acl_operation(name)) {
        out.emplace(AclBinding{AclResource::topic, extra.on_dead ? dead->name : topic.name,
                               principal, *operation},
                    extra.at);
      }
    }
  }
}

}  // namespace

std::map<AclBinding, Location> desired_bindings(const std::vector<EffectiveTopic>& topics,
                                                const AccessSettings& access) {
  Bindings out;
  DeadTopics dead_topics = dead_topics_of(topics);
  for (const auto& topic : topics) {
    if (topic.is_dead || !topic.spec || topic.spec->deleted.value) continue;
    grant_topic(out, dead_topics, topic, access);
  }
  return out;
}

bool ManagedAccess::on_managed_resource(const AclBinding& binding) const {
  return binding.resource == AclResource::topic ? topics.count(binding.name) > 0
                                                : groups.count(binding.name) > 0;
}

// What an owner card with '*' or an empty name once granted: the patterns' principal for such a
// "service" (User:* is every principal, User: no one) on the managed topics and on the wildcard
// group '*'. topicform never grants these now (owner/literal-names), so they are always its to
// revoke, unless the settings list the principal as unmanaged.
bool ManagedAccess::wildcard_grant(const AclBinding& binding) const {
  if (!access) return false;
  const auto& unmanaged = access->unmanaged_principals;
  if (std::find(unmanaged.begin(), unmanaged.end(), binding.principal) != unmanaged.end())
    return false;
  bool wild_principal = binding.principal == access->principal_of("*") ||
                        binding.principal == access->principal_of("");
  return wild_principal && (on_managed_resource(binding) || binding.name == "*");
}

bool ManagedAccess::covers(const AclBinding& binding) const {
  if (wildcard_grant(binding)) return true;
  bool ours = (access && access->manages(binding.principal)) || principals.count(binding.principal);
  return ours && on_managed_resource(binding);
}

ManagedAccess managed_access(const std::vector<EffectiveTopic>& topics,
                             const AccessSettings& access) {
  ManagedAccess out;
  out.access = &access;
  for (const auto& topic : topics) {
    out.topics.insert(topic.name);
    if (!topic.spec || topic.is_dead) continue;
    const OwnerCard& owner = topic.spec->owner;
    if (!owner.producer.value.empty()) out.groups.insert(owner.producer.value);
    for (const auto& consumer : owner.consumers) out.groups.insert(consumer.group.value);
    for (const auto& extra : topic.spec->extra_access) {
      if (extra.principal.present) out.principals.insert(extra.principal.value);
    }
  }
  return out;
}

AccessChanges diff_access(const std::map<AclBinding, Location>& desired,
                          const std::vector<AclBinding>& existing, const ManagedAccess& managed) {
  AccessChanges out;
  std::set<AclBinding> have(existing.begin(), existing.end());
  ManagedAccess scope = managed;
  for (const auto& binding : have) {
    if (binding.resource != AclResource::topic || !scope.covers(binding)) continue;
    if (auto service = scope.access->service_of(binding.principal)) scope.groups.insert(*service);
  }
  for (const auto& [binding, at] : desired) {
    if (have.count(binding)) continue;
    out.creates.push_back(binding);
    out.created_at[binding] = at;
  }
  for (const auto& binding : have) {
    if (desired.count(binding)) continue;
    if (scope.covers(binding)) {
      out.deletes.push_back(binding);
    } else if (scope.on_managed_resource(binding)) {
      out.unmanaged.push_back(binding);  // somebody else's grant on a managed topic or group
    }
  }
  return out;
}

}  // namespace topicform
