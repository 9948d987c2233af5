// The ACL bindings the owner cards ask for in one environment, and their diff with the cluster's.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/access/access.hpp"
#include "core/model/effective_topic.hpp"

namespace topicform {

// What an environment's topics need, each binding with the owner card line it comes from:
// the producer WRITE + DESCRIBE on its topic; each consumer READ + DESCRIBE on the topic, READ
// on its group (named after it) and WRITE + DESCRIBE on the topic's `.dead`; the owning team
// READ on `.dead` when the settings name a team principal; and the manifest's `extraAccess:`.
// Deleted topics need nothing.
std::map<AclBinding, Location> desired_bindings(const std::vector<EffectiveTopic>& topics,
                                                const AccessSettings& access);

// The resources whose bindings topicform looks at: every managed topic (deleted ones and
// `.dead` topics included) and the groups named after the project's services.
struct ManagedAccess {
  std::set<std::string> topics;
  std::set<std::string> groups;
  std::set<std::string> principals;  // named explicitly in `extraAccess:`
  const AccessSettings* access = nullptr;

  bool on_managed_resource(const AclBinding& binding) const;
  // A grant only a wildcard or empty name in an owner card could have made.
  bool wildcard_grant(const AclBinding& binding) const;
  // On a managed resource, for a principal the settings manage, or a wildcard grant.
  bool covers(const AclBinding& binding) const;
};
ManagedAccess managed_access(const std::vector<EffectiveTopic>& topics,
                             const AccessSettings& access);

// Creates for what is missing, deletes for topicform's bindings nobody asks for any more, and the
// other bindings on managed resources listed as unmanaged; bindings elsewhere are not looked at.
// A service that holds a grant on a managed topic is the project's even after it left every
// owner card, so its group grant goes with its topic grants.
AccessChanges diff_access(const std::map<AclBinding, Location>& desired,
                          const std::vector<AclBinding>& existing, const ManagedAccess& managed);

}  // namespace topicform
