#!/usr/bin/env bash
# Access follows the owner card, checked with real clients: a SASL PLAIN broker with the standard
# authorizer and allow.everyone.if.no.acl.found=false; topicform (as a super user) applies the
# bindings the card implies, then the services' own principals produce and consume through
# librdkafka (tests/e2e/kafka_client) and the broker decides. A removed consumer loses exactly its
# grants; a grant somebody made by hand for an unmanaged principal is listed and kept.
# Usage: tests/auth/acls.sh TOPICFORM_BINARY KAFKA_CLIENT   (from the repository root)
set -uo pipefail
bin=$(readlink -f "$1")
client=$(readlink -f "$2")
root=$(pwd)
tmp=$(mktemp -d)
suite=acls
. "$(dirname "$0")/../lib.sh"
cleanup() {
  ci/kafka/broker stop "$tmp/broker" >/dev/null 2>&1
  [ "$failed" -ne 0 ] && mkdir -p build/auth-logs && cp "$tmp"/broker/node1/server.log build/auth-logs/acls.log 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

ci/kafka/broker fetch || exit 1
port=$(ci/kafka/broker free-port 12)
pw="pw-$RANDOM$RANDOM"
users=()
for user in order-service audit-service billing-service nobody analyst cdc; do users+=("$user=$pw-$user"); done
ci/kafka/sasl-acl-properties "$port" "$pw-admin" "${users[@]}" >"$tmp/broker.properties"
TOPICFORM_BROKER_PROPERTIES="$tmp/broker.properties" ci/kafka/broker start "$tmp/broker" "$port" 1 ||
  { echo "acls: the broker did not start" >&2; failed=1; exit 1; }
S=127.0.0.1:$port
credentials() {  # USER: a librdkafka properties file for USER
  printf 'security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nsasl.username=%s\nsasl.password=%s-%s\n' "$1" "$pw" "$1" >"$tmp/$1.properties"
  echo "$tmp/$1.properties"
}
admin=$(credentials admin)
# Kafka's own tools take the Java form.
cat >"$tmp/admin-java.properties" <<PROPS
security.protocol=SASL_PLAINTEXT
sasl.mechanism=PLAIN
sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" password="$pw-admin";
PROPS
# A service at work: KAFKA_CLIENT_CONFIG gives the client that service's principal.
as() {  # USER kafka_client ARGS...
  local user="$1"
  shift
  KAFKA_BOOTSTRAP_SERVERS="$S" KAFKA_CLIENT_CONFIG=$(credentials "$user") run "$client" "$@"
}
denied() {  # DESCRIPTION: the last client run was refused by the authorizer
  local status=$1
  shift
  if [ "$status" = 5 ] && grep -qi "authoriz" "$tmp/err"; then ok; else bad "$* (exit $status, expected 5: not authorized)"; fi
}

d="acl$RANDOM"
mkdir -p "$tmp/p"
cat >"$tmp/p/topicform.yaml" <<YAML
apiVersion: topicform/v1
kind: Settings
spec:
  environments:
    test:
      brokers: 1
      replicationFactor: {default: 1, minimum: 1}
      acls: {principal: "User:{service}", unmanagedPrincipals: ["User:analyst"]}
YAML
card() {  # CONSUMERS
  cat >"$tmp/p/created.yaml" <<YAML
apiVersion: topicform/v1
kind: Topic
metadata: {name: $d.created}
spec:
  description: Orders created, for the ACL test.
  kind: event
  partitions: 1
  retention: 7d
  replayable: outbox
  extraAccess: [{principal: "User:cdc", operations: [write]}]
  owner: {team: qa, producer: order-service, consumers: [$1], key: none, ordering: none}
YAML
}
card "audit-service, billing-service"
tf() { run "$bin" "$@" --bootstrap-server "$S" --command-config "$admin" "$tmp/p"; }

# 1. the plan grants what the card implies; apply writes it
tf plan --detailed-exitcode
[ $? = 2 ] && ok || bad "the first plan has changes"
grep -q "^  + grant User:order-service WRITE topic $d.created$" "$tmp/out" && ok || bad "the producer's WRITE is planned"
grep -q "^  + grant User:audit-service READ group audit-service$" "$tmp/out" && ok || bad "the consumer's group READ is planned"
grep -q "^  + grant User:billing-service WRITE topic $d.created.dead$" "$tmp/out" && ok || bad "the consumer's .dead WRITE is planned"
grep -q "^  + grant User:cdc WRITE topic $d.created$" "$tmp/out" && ok || bad "the manifest's extra grant is planned"
grep -q ", 13 ACL bindings to grant, 0 to revoke\.$" "$tmp/out" && ok || bad "13 bindings to grant"
tf apply --auto-approve
[ $? = 0 ] && ok || bad "apply with ACLs"

# 2. the broker decides, for real clients
as order-service produce "$d.created" k order-1
[ $? = 0 ] && ok || bad "the producer produces to its topic"
as order-service consume "$d.created" order-service 10; denied $? "the producer cannot consume its topic"
as audit-service consume "$d.created" audit-service 20
[ $? = 0 ] && grep -q "consumed k=order-1" "$tmp/out" && ok || bad "the consumer consumes with its own group"
as audit-service consume "$d.created" billing-service 10; denied $? "the consumer cannot use another service's group"
as audit-service produce "$d.created" k forged; denied $? "the consumer cannot produce to the topic"
as audit-service produce "$d.created.dead" k failed-1
[ $? = 0 ] && ok || bad "the consumer can produce to the .dead topic"
as cdc produce "$d.created" k copied-1
[ $? = 0 ] && ok || bad "the extra grant lets its principal write"
as nobody produce "$d.created" k x; denied $? "an undeclared principal cannot produce"
as nobody consume "$d.created" nobody 10; denied $? "an undeclared principal cannot consume"

# 3. converged: a re-plan shows nothing to do, reading the ACLs in one request per resource type
tf plan --detailed-exitcode --stats
[ $? = 0 ] && ok || bad "a re-plan after apply shows no changes"
grep -q "^requests: .* 2 acls, " "$tmp/err" && ok || bad "one DescribeAcls for topics, one for groups"

# 4. a grant made by hand for an unmanaged principal is listed and kept
kafka_tool org.apache.kafka.tools.AclCommand --bootstrap-server "$S" --command-config "$tmp/admin-java.properties" --add \
  --allow-principal User:analyst --operation Read --topic "$d.created" >"$tmp/acl.log" 2>&1 || { bad "AclCommand adds a grant"; cat "$tmp/acl.log" >&2; }
acl_add() { kafka_tool org.apache.kafka.tools.AclCommand --bootstrap-server "$S" --command-config "$tmp/admin-java.properties" --add "$@" >>"$tmp/acl.log" 2>&1; }
acl_add --allow-principal User:order-service --operation Read --topic "$d." --resource-pattern-type prefixed ||
  { bad "AclCommand adds a prefixed grant"; cat "$tmp/acl.log" >&2; }
tf plan --detailed-exitcode
[ $? = 0 ] && ok || bad "a hand-made grant for an unmanaged principal is no change"
grep -q "^unmanaged ACL (listed, never touched): User:analyst READ topic $d.created$" "$tmp/out" && ok || bad "it is listed"
grep -q "^unmanaged ACL (listed, never touched): ALLOW User:order-service READ topic $d. (PREFIXED, host \*)$" "$tmp/out" && ok || bad "a prefixed grant is listed, not touched"

# 5. a consumer leaves the card: exactly its grants go, and the broker then refuses it
card "audit-service"
tf plan --detailed-exitcode
[ $? = 2 ] && ok || bad "removing a consumer is a change"
grep -E "^  [+-] " "$tmp/out" | sort >"$tmp/changes"
cat >"$tmp/expected" <<EOF
  - revoke User:billing-service DESCRIBE topic $d.created
  - revoke User:billing-service DESCRIBE topic $d.created.dead
  - revoke User:billing-service READ group billing-service
  - revoke User:billing-service READ topic $d.created
  - revoke User:billing-service WRITE topic $d.created.dead
EOF
diff "$tmp/expected" "$tmp/changes" >"$tmp/diff" && ok || { bad "the plan revokes exactly the consumer's grants"; cat "$tmp/diff" >&2; }
tf apply --auto-approve
[ $? = 0 ] && ok || bad "apply the removal"
as billing-service consume "$d.created" billing-service 10; denied $? "the removed consumer cannot read any more"
as order-service produce "$d.created" k order-2
[ $? = 0 ] && ok || bad "the producer still produces"
as audit-service consume "$d.created" audit-service 20
[ $? = 0 ] && grep -q "^consumed k=" "$tmp/out" && ok || bad "the remaining consumer still reads"
tf plan --detailed-exitcode
[ $? = 0 ] && ok || bad "converged after the removal"
grep -q "User:analyst READ topic $d.created" "$tmp/out" && ok || bad "the hand-made grant survives the apply"

# 6. a principal that may not change ACLs is refused before anything is written
mkdir -p "$tmp/q" && cp "$tmp/p/topicform.yaml" "$tmp/q/" && sed "s/$d.created/$d.refused/" "$tmp/p/created.yaml" >"$tmp/q/refused.yaml"
acl() { acl_add "$@"; }
# Everything on its own topics, reading the cluster and groups: all but ALTER on the cluster.
acl --allow-principal User:nobody --operation All --topic "$d.refused" --resource-pattern-type prefixed &&
  acl --allow-principal User:nobody --operation Describe --operation DescribeConfigs --cluster &&
  acl --allow-principal User:nobody --operation Describe --group '*' && ok || { bad "AclCommand grants"; cat "$tmp/acl.log" >&2; }
run "$bin" apply --auto-approve --bootstrap-server "$S" --command-config "$(credentials nobody)" "$tmp/q"
[ $? = 1 ] && ok || bad "apply without the right to change ACLs fails"
grep -q "^topicform: error: the plan changes [0-9]* ACL binding(s), but the principal running topicform may not change ACLs (it needs ALTER on the cluster); nothing was applied$" "$tmp/err" && ok || bad "it says why"
kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --command-config "$tmp/admin-java.properties" --list 2>/dev/null >"$tmp/topics"
grep -q "^$d.created$" "$tmp/topics" && ok || bad "the topic list was read"
grep -q "^$d.refused" "$tmp/topics" && bad "nothing was created by the refused apply" || ok

# 7. a '*' in the owner card is a validate error and grants nothing; what such a card once granted
# (User:* WRITE on the topic, READ on every group) is revoked once the card names its services
acl_list() {
  kafka_tool org.apache.kafka.tools.AclCommand --bootstrap-server "$S" --command-config "$tmp/admin-java.properties" \
    --list 2>/dev/null | grep -c "principal=" >"$tmp/acl-count"
}
acl_list
before=$(cat "$tmp/acl-count")
[ "$before" -gt 0 ] && ok || bad "the ACL listing shows the bindings applied above"
card '"*"'
sed -i 's/producer: order-service/producer: "*"/' "$tmp/p/created.yaml"
tf apply --auto-approve
[ $? = 1 ] && ok || bad "apply of a card with '*' fails"
grep -q "producer '\*' of '$d.created' is not one service's name: .*\[owner/literal-names\]" "$tmp/err" && ok || bad "the producer '*' is named with its rule"
grep -q "consumer group '\*' of '$d.created' is not one service's name" "$tmp/err" && ok || bad "the consumer '*' is named"
acl_list
[ "$(cat "$tmp/acl-count")" = "$before" ] && ok || bad "nothing was granted ($before bindings before, $(cat "$tmp/acl-count") after)"
as nobody produce "$d.created" k x; denied $? "an undeclared principal still cannot produce"
acl_add --allow-principal 'User:*' --operation Write --topic "$d.created" &&
  acl_add --allow-principal 'User:*' --operation Read --group '*' && ok || { bad "AclCommand adds the wildcard grants"; cat "$tmp/acl.log" >&2; }
as nobody produce "$d.created" k wildcard
[ $? = 0 ] && ok || bad "with the wildcard grant an undeclared principal produces"
card "audit-service"
tf plan --detailed-exitcode
[ $? = 2 ] && ok || bad "the wildcard grants are a change"
grep -q "^  - revoke User:\* WRITE topic $d.created$" "$tmp/out" && ok || bad "User:* WRITE is revoked"
grep -q "^  - revoke User:\* READ group \*$" "$tmp/out" && ok || bad "User:* READ on every group is revoked"
tf apply --auto-approve
[ $? = 0 ] && ok || bad "apply the revocation"
as nobody produce "$d.created" k after; denied $? "the undeclared principal cannot produce any more"

finish
