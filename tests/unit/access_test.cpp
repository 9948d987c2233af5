// ACLs from owner cards: the derived bindings, their diff with the cluster's, and the engine's
// order and refusals on an in-memory cluster.
#include "core/plan/access_plan.hpp"

#include <gtest/gtest.h>

#include "cluster/snapshot.hpp"
#include "core/plan/diff.hpp"
#include "engine/saved_plan.hpp"
#include "render/plan_file.hpp"
#include "render/plan_render.hpp"
#include "unit/fake_cluster.hpp"
#include "unit/plan_fixture.hpp"

namespace topicform {

inline void PrintTo(const AclBinding& b, std::ostream* out) { *out << describe_binding(b); }

namespace {

using Op = AclOperation;
using Res = AclResource;

std::vector<std::string> described(const std::vector<AclBinding>& bindings) {
  std::vector<std::string> out;
  for (const auto& b : bindings) out.push_back(describe_binding(b));
  return out;
}

std::vector<std::string> described(const std::map<AclBinding, Location>& bindings) {
  std::vector<std::string> out;
  for (const auto& [b, at] : bindings) out.push_back(describe_binding(b));
  return out;
}

std::unique_ptr<Manifests> with_acls(const std::string& manifests, AccessSettings access = {}) {
  auto m = desired(manifests);
  m->environment.access = access;
  return m;
}

TEST(AccessBindings, TheOwnerCardGivesProducerConsumersAndDeadTopicTheirRights) {
  auto m = with_acls(topic("orders.created", 3));
  std::vector<std::string> want = {
      "User:c-service READ topic orders.created",
      "User:c-service DESCRIBE topic orders.created",
      "User:p-service WRITE topic orders.created",
      "User:p-service DESCRIBE topic orders.created",
      "User:c-service WRITE topic orders.created.dead",
      "User:c-service DESCRIBE topic orders.created.dead",
      "User:c-service READ group c-service",
  };
  EXPECT_EQ(described(desired_bindings(m->topics, *m->environment.access)), want);
}

TEST(AccessBindings, OverridesAndTheTeamPrincipal) {
  AccessSettings access;
  access.overrides["c-service"] = "User:CN=c-service,O=acme";
  access.team_pattern = "User:team-{team}";
  auto m = with_acls(topic("orders.created", 3), access);
  auto bindings = desired_bindings(m->topics, access);
  EXPECT_TRUE(bindings.count({Res::group, "c-service", "User:CN=c-service,O=acme", Op::read}));
  EXPECT_TRUE(bindings.count({Res::topic, "orders.created.dead", "User:team-t", Op::read}));
  EXPECT_FALSE(bindings.count({Res::topic, "orders.created", "User:team-t", Op::read}));
  EXPECT_FALSE(bindings.count({Res::group, "c-service", "User:c-service", Op::read}));
}

TEST(AccessBindings, ExtraAccessGrantsWhatTheCardCannotSay) {
  std::string extra =
      "  extraAccess:\n"
      "    - {principal: \"User:CN=cdc,O=acme\", operations: [read, describe]}\n"
      "    - {service: report-service, operations: [read], on: dead}\n";
  auto m = with_acls(topic("orders.created", 3, "none", extra));
  auto bindings = desired_bindings(m->topics, *m->environment.access);
  EXPECT_TRUE(bindings.count({Res::topic, "orders.created", "User:CN=cdc,O=acme", Op::read}));
  EXPECT_TRUE(bindings.count({Res::topic, "orders.created", "User:CN=cdc,O=acme", Op::describe}));
  EXPECT_TRUE(bindings.count({Res::topic, "orders.created.dead", "User:report-service", Op::read}));
  EXPECT_FALSE(bindings.count({Res::group, "report-service", "User:report-service", Op::read}));
  // The explicit principal is outside the pattern's namespace, yet its grants are topicform's.
  auto managed = managed_access(m->topics, *m->environment.access);
  EXPECT_TRUE(managed.covers({Res::topic, "orders.created", "User:CN=cdc,O=acme", Op::write}));
}

TEST(AccessBindings, ADeletedTopicNeedsNothing) {
  auto m = with_acls(topic("orders.created", 3, "none", "  deleted: true\n"));
  EXPECT_TRUE(desired_bindings(m->topics, *m->environment.access).empty());
}

TEST(AccessDiff, ARemovedConsumerLosesEveryGrantAndOthersGrantsAreKept) {
  AccessSettings access;
  access.unmanaged_principals = {"User:analyst"};
  auto before = with_acls(topic("orders.created", 3), access);
  std::vector<AclBinding> existing;
  for (const auto& [b, at] : desired_bindings(before->topics, access)) existing.push_back(b);
  existing.push_back({Res::topic, "orders.created", "User:analyst", Op::read});        // listed
  existing.push_back({Res::topic, "orders.created", "User:CN=ops,O=acme", Op::read});  // outside
  existing.push_back({Res::topic, "billing.paid", "User:c-service", Op::read});        // not ours
  existing.push_back({Res::group, "billing-service", "User:billing-service", Op::read});
  // c-service leaves the card, d-service joins it.
  std::string card = topic("orders.created", 3);
  card.replace(card.find("[c-service]"), 11, "[d-service]");
  auto after = with_acls(card, access);
  auto changes = diff_access(desired_bindings(after->topics, access), existing,
                             managed_access(after->topics, access));
  std::vector<std::string> revoked = {
      "User:c-service READ topic orders.created", "User:c-service DESCRIBE topic orders.created",
      "User:c-service WRITE topic orders.created.dead",
      "User:c-service DESCRIBE topic orders.created.dead", "User:c-service READ group c-service"};
  EXPECT_EQ(described(changes.deletes), revoked);
  EXPECT_EQ(changes.creates.size(), 5u);
  std::vector<std::string> kept = {"User:CN=ops,O=acme READ topic orders.created",
                                   "User:analyst READ topic orders.created"};
  EXPECT_EQ(described(changes.unmanaged), kept);
}

TEST(AccessSettingsNamespace, PrincipalsOfThePatternsOverridesAndTeams) {
  AccessSettings access;
  access.principal_pattern = "User:CN={service},O=acme";
  access.overrides["legacy-service"] = "User:legacy";
  access.team_pattern = "User:team-{team}";
  EXPECT_EQ(access.service_of("User:CN=order-service,O=acme"), "order-service");
  EXPECT_EQ(access.service_of("User:legacy"), "legacy-service");
  EXPECT_EQ(access.service_of("User:CN=legacy-service,O=acme"), std::nullopt);
  EXPECT_EQ(access.service_of("User:CN=a,b,O=acme"), std::nullopt);
  EXPECT_TRUE(access.manages("User:team-orders"));
  EXPECT_FALSE(access.manages("User:alice"));
}

TEST(AccessDiff, AStaleGroupGrantOfADeclaredServiceIsRevoked) {
  auto m = with_acls(topic("orders.created", 3));
  auto access = *m->environment.access;
  std::vector<AclBinding> existing;
  for (const auto& [b, at] : desired_bindings(m->topics, access)) existing.push_back(b);
  existing.push_back({Res::group, "p-service", "User:p-service", Op::read});
  auto changes =
      diff_access(desired_bindings(m->topics, access), existing, managed_access(m->topics, access));
  EXPECT_EQ(described(changes.deletes),
            std::vector<std::string>{"User:p-service READ group p-service"});
}

std::vector<std::string> rules_of(const Manifests& m) {
  std::vector<std::string> out;
  for (const auto& d : m.diagnostics) out.push_back(d.rule);
  return out;
}

// A '*' or an empty name in an owner card is every principal (or group), or no one: a validate
// error, and never a grant.
TEST(AccessBindings, AWildcardOrEmptyNameIsAnErrorAndNoGrant) {
  for (std::string bad : {"'*'", "''", "'a b'", "'User:x'"}) {
    std::string card = topic("orders.created", 3);
    card.replace(card.find("[c-service]"), 11, "[" + bad + "]");
    card.replace(card.find("producer: p-service"), 19, "producer: " + bad);
    auto m = with_acls(card);
    auto rules = rules_of(*m);
    EXPECT_EQ(std::count(rules.begin(), rules.end(), "owner/literal-names"), 2) << bad;
    EXPECT_TRUE(desired_bindings(m->topics, *m->environment.access).empty()) << bad;
  }
  std::string extra = "  extraAccess:\n    - {principal: \"User:*\", operations: [read]}\n";
  auto m = with_acls(topic("orders.created", 3, "none", extra));
  auto rules = rules_of(*m);
  EXPECT_EQ(std::count(rules.begin(), rules.end(), "owner/literal-names"), 1);
  for (const auto& [b, at] : desired_bindings(m->topics, *m->environment.access))
    EXPECT_NE(b.principal, "User:*");
}

// Bindings a card with '*' or '' once granted are topicform's to revoke once the card is fixed:
// User:* and User: on the managed topics and group '*'; a service's own grant on group '*' is
// somebody else's (a hand-made DESCRIBE for an admin tool, say), not looked at.
TEST(AccessDiff, WhatAWildcardCardGrantedIsRevokedOnceTheCardIsFixed) {
  auto m = with_acls(topic("orders.created", 3));
  auto access = *m->environment.access;
  std::vector<AclBinding> existing;
  for (const auto& [b, at] : desired_bindings(m->topics, access)) existing.push_back(b);
  existing.push_back({Res::topic, "orders.created", "User:*", Op::write});
  existing.push_back({Res::group, "*", "User:*", Op::read});
  existing.push_back({Res::topic, "orders.created.dead", "User:", Op::write});
  existing.push_back({Res::group, "*", "User:c-service", Op::read});
  existing.push_back({Res::topic, "billing.paid", "User:*", Op::read});  // not a managed topic
  auto changes =
      diff_access(desired_bindings(m->topics, access), existing, managed_access(m->topics, access));
  std::vector<std::string> revoked = {"User:* WRITE topic orders.created",
                                      "User: WRITE topic orders.created.dead",
                                      "User:* READ group *"};
  EXPECT_EQ(described(changes.deletes), revoked);
  // Listed as unmanaged, the wildcard principal keeps its grants.
  access.unmanaged_principals = {"User:*"};
  changes =
      diff_access(desired_bindings(m->topics, access), existing, managed_access(m->topics, access));
  EXPECT_EQ(changes.deletes.size(), 1u);
}

ExecutePolicy quiet() {
  ExecutePolicy policy;
  policy.retry = RetryPolicy{3, [](int) {}};
  policy.sleep = [](int) {};
  return policy;
}

TEST(AccessEngine, GrantsBeforeTopicsAreCreatedThenConverges) {
  auto m = with_acls(topic("orders.created", 3));
  FakeCluster fake(cluster());
  auto planned = make_plan(m->engine(), {}, {fake, &fake});
  ASSERT_TRUE(planned.has_value());
  EXPECT_EQ(planned->plan.access.creates.size(), 7u);
  std::vector<std::string> lines;
  Outcome out = execute(planned->plan, m->engine(), {fake, &fake}, fake, quiet(),
                        [&](const std::string& line) { lines.push_back(line); });
  EXPECT_TRUE(out.converged()) << out.error;
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines.front(), "grant 7 ACL binding(s)...");
  EXPECT_EQ(fake.state().acls.size(), 7u);
  auto again = make_plan(m->engine(), {}, {fake, &fake});
  EXPECT_FALSE(again->plan.differs());
}

TEST(AccessEngine, RefusesBeforeAnyWriteWhenTheClientMayNotChangeAcls) {
  auto m = with_acls(topic("orders.created", 3));
  FakeCluster fake(cluster());
  fake.faults.may_not_alter_acls = true;
  auto planned = make_plan(m->engine(), {}, {fake, &fake});
  Outcome out = execute(planned->plan, m->engine(), {fake, &fake}, fake, quiet(), [](auto&) {});
  EXPECT_EQ(out.error,
            "the plan changes 7 ACL binding(s), but the principal running topicform may not "
            "change ACLs (it needs ALTER on the cluster); nothing was applied");
  EXPECT_EQ(fake.writes, 0);
  EXPECT_TRUE(fake.state().topics.empty());
}

TEST(AccessEngine, APlanBlocksAclChangesTheClientMayNotMake) {
  auto m = with_acls(topic("orders.created", 3));
  FakeCluster fake(cluster());
  fake.faults.may_not_alter_acls = true;
  auto planned = make_plan(m->engine(), {}, {fake, &fake});
  ASSERT_TRUE(add_broker_refusals(planned->plan, fake).has_value());
  ASSERT_EQ(planned->plan.blocked.size(), 1u);
  EXPECT_EQ(describe_blocked(planned->plan.blocked[0]),
            "blocked (cluster) [cluster/validate] the principal running topicform may not change "
            "ACLs (it needs ALTER on the cluster)");
  fake.faults.may_not_alter_acls = false;
  auto allowed = make_plan(m->engine(), {}, {fake, &fake});
  ASSERT_TRUE(add_broker_refusals(allowed->plan, fake).has_value());
  EXPECT_TRUE(allowed->plan.blocked.empty());
}

TEST(AccessEngine, WithoutAnAuthorizerTopicsAreAppliedAndAclsSkippedWithANote) {
  auto m = with_acls(topic("orders.created", 3));
  FakeCluster fake(cluster());
  fake.authorizer = false;
  auto planned = make_plan(m->engine(), {}, {fake, &fake});
  EXPECT_TRUE(planned->plan.access.empty());
  EXPECT_NE(planned->plan.access_skipped.find("no authorizer"), std::string::npos);
  Outcome out = execute(planned->plan, m->engine(), {fake, &fake}, fake, quiet(), [](auto&) {});
  EXPECT_TRUE(out.converged()) << out.error;
  EXPECT_EQ(fake.state().topics.size(), 2u);
}

TEST(AccessEngine, WithoutAclsInTheSettingsNothingIsReadOrWritten) {
  auto m = desired(topic("orders.created", 3));
  FakeCluster fake(cluster());
  fake.state().acls.push_back({Res::topic, "orders.created", "User:someone", Op::read});
  auto planned = make_plan(m->engine(), {}, {fake, &fake});
  EXPECT_TRUE(planned->plan.access.empty());
  EXPECT_TRUE(planned->plan.access.unmanaged.empty());
  EXPECT_TRUE(planned->plan.access_skipped.empty());
}

TEST(AccessPlanFile, GrantsSurviveTheRoundTripAndAnAclChangeMakesThePlanStale) {
  auto m = with_acls(topic("orders.created", 3));
  FakeCluster fake(cluster());
  auto planned = make_plan(m->engine(), {}, {fake, &fake});
  auto read = read_plan_file(write_plan_file(SavedPlan{planned->plan, "d1", {}, {}}));
  ASSERT_TRUE(read.has_value()) << read.error().message;
  EXPECT_EQ(read->plan.access.creates, planned->plan.access.creates);
  EXPECT_FALSE(stale_because(*read, planned->plan, "d1").has_value());
  fake.state().acls.push_back({Res::group, "c-service", "User:c-service", Op::read});
  auto now = make_plan(m->engine(), {}, {fake, &fake});
  auto stale = stale_because(*read, now->plan, "d1");
  ASSERT_TRUE(stale.has_value());
  EXPECT_EQ(stale->details,
            std::vector<std::string>{"planned: grant User:c-service READ group c-service"});
}

TEST(AccessSnapshot, BindingsAndAMissingAuthorizerSurviveTheRoundTrip) {
  ClusterState state = cluster();
  state.acls_read = true;
  state.acls = {{Res::topic, "orders.created", "User:p-service", Op::write},
                {Res::group, "c-service", "User:c-service", Op::read}};  // sorted, as read
  state.other_acls = {"DENY User:x READ topic orders. (PREFIXED, host *)"};
  auto read = parse_snapshot(write_snapshot(state));
  ASSERT_TRUE(read.has_value()) << read.error().message;
  EXPECT_EQ(*read, state);
  ClusterState disabled = cluster();
  disabled.acls_disabled = true;
  EXPECT_EQ(*parse_snapshot(write_snapshot(disabled)), disabled);
  EXPECT_FALSE(parse_snapshot(write_snapshot(cluster()))->acls_read);
}

TEST(AccessRender, TextListsGrantsRevokesAndUnmanagedAcls) {
  Plan plan;
  plan.environment = "prod";
  plan.cluster_id = "c1";
  plan.access.creates = {{Res::topic, "orders.created", "User:p-service", Op::write}};
  plan.access.deletes = {{Res::group, "old-service", "User:old-service", Op::read}};
  plan.access.unmanaged = {{Res::topic, "orders.created", "User:analyst", Op::read}};
  EXPECT_EQ(render_plan_text(plan, false),
            "topicform plan for environment 'prod' (cluster c1)\n\n"
            "  + grant User:p-service WRITE topic orders.created\n"
            "  - revoke User:old-service READ group old-service\n\n"
            "unmanaged ACL (listed, never touched): User:analyst READ topic orders.created\n"
            "Plan: 0 to create, 0 to update, 0 to delete, 0 blocked, 1 ACL binding to grant, 1 to "
            "revoke.\n");
}

}  // namespace
}  // namespace topicform
