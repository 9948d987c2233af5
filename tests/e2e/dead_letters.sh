#!/usr/bin/env bash
# The dead-letter path with real clients on a real broker: a `.dead` takes every message its
# source takes (at the broker's default limit and at a raised one), with the runbook's seven
# dead-* headers; `check` right after `apply` counts the dead letters, as a deploy pipeline runs
# them; a `.dead` made with the runbook's own command is adopted as its source's deadLetter and
# planned without a destructive cleanup.policy change.
# Usage: tests/e2e/dead_letters.sh TOPICFORM_BINARY KAFKA_CLIENT_BINARY   (from the repo root)
set -uo pipefail
bin=$(readlink -f "$1")
client=$(readlink -f "$2")
root=$(pwd)
tmp=$(mktemp -d)
suite=dead-letters
. "$(dirname "$0")/../lib.sh"
cleanup() {
  broker_down "$tmp/broker"
  [ "$failed" -ne 0 ] && mkdir -p build/e2e-logs && cp "$tmp"/broker/node*/server.log build/e2e-logs/dead-letters.log 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

broker_up "$tmp/broker" 1
export KAFKA_BOOTSTRAP_SERVERS="$S"
tf() { run "$bin" "$@" --bootstrap-server "$S"; }
d="dl$RANDOM"

mkdir -p "$tmp/p"
cat >"$tmp/p/topicform.yaml" <<YAML
apiVersion: topicform/v1
kind: Settings
spec:
  environments:
    test: {brokers: 1, replicationFactor: {default: 1, minimum: 1}}
YAML
manifest() {  # NAME [CONFIG]
  local config=""
  [ -n "${2:-}" ] && config="config: {$2}"
  cat >"$tmp/p/$1.yaml" <<YAML
apiVersion: topicform/v1
kind: Topic
metadata: {name: $d.$1}
spec:
  description: A topic whose consumer parks what it cannot process.
  kind: event
  partitions: 1
  retention: 7d
  replayable: outbox
  $config
  owner: {team: qa, producer: maker-service, consumers: [billing-service], key: none, ordering: none}
YAML
}
manifest standard
manifest raised "max.message.bytes: 2097152"

# 1. apply, then check at once, as a deploy pipeline does: the dead topics' messages are counted
tf apply --auto-approve "$tmp/p"
[ $? = 0 ] && ok || bad "apply"
# (The services have not started, so the consumer-groups layer fails: exit 1.)
tf check "$tmp/p"
[ $? = 1 ] && grep -q "^\[FAIL\] consumer-groups: 2 of 2 groups on topics need attention$" "$tmp/out" && ok || bad "check right after apply runs every layer"
grep -q "could not be counted" "$tmp/out" "$tmp/err" && bad "check right after apply counts every dead topic" || ok
grep -q "^\[ok\] dead-letters: 2 dead-letter topics checked, all pass$" "$tmp/out" && ok || bad "the dead-letter layer was checked"

# 2. a message at the source's limit is parked in .dead with the seven headers, at the broker's
# default limit (message.max.bytes 1048588) and at a raised one
for case in "standard 1048588" "raised 2097152"; do
  set -- $case
  name="$d.$1" limit=$2
  run "$client" produce-bytes "$name" k $((limit + 1))
  [ $? = 1 ] && grep -q "too large\|larger than" "$tmp/err" && ok || bad "$name refuses a message above its limit"
  run "$client" produce-bytes "$name" k $((limit - 100))
  [ $? = 0 ] && ok || bad "$name takes a message just under its limit"
  run "$client" park "$name" billing-service 30
  [ $? = 0 ] && grep -q "^parked k=<$((limit - 100)) bytes> in $name.dead$" "$tmp/out" && ok || bad "the consumer parks it in $name.dead"
done
tf plan "$tmp/p"
grep -q "'$d.raised.dead' holds 1 message" "$tmp/out" "$tmp/err" && ok || bad "the plan counts the parked message"

# 3. a .dead made with the runbook's command (retention only, cleanup.policy the broker's default)
topics_cmd() { kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" "$@" >/dev/null 2>&1; }
topics_cmd --create --topic "$d.shipped" --partitions 3 --replication-factor 1 --config retention.ms=604800000 &&
  topics_cmd --create --topic "$d.shipped.dead" --partitions 1 --replication-factor 1 --config retention.ms=2592000000 &&
  ok || bad "the runbook's kafka-topics.sh creates"
run "$bin" import --bootstrap-server "$S" --include "$d\.shipped.*" --out "$tmp/adopted"
[ $? = 0 ] && ok || bad "import adopts the runbook's topics"
grep -q "^  deadLetter: {config: {max.message.bytes: 1048588}}$" "$tmp/adopted/$d/shipped.yaml" && ok || bad "its .dead is the source's deadLetter, keeping the limit it has"
[ ! -e "$tmp/adopted/$d/shipped.dead.yaml" ] && ok || bad "no manifest of its own for the .dead"
tf plan --detailed-exitcode "$tmp/adopted"
[ $? = 0 ] && ok || bad "the plan after import is empty"
grep -q "\[dead/accepts-source\]" "$tmp/err" && ok || bad "it warns that the .dead cannot take what its source takes"
# Managed by a manifest of its own making, the same pair plans no cleanup.policy change.
manifest shipped
tf plan "$tmp/p"
grep -q "~ $d.shipped.dead: max.message.bytes: (default) -> 1.0 MiB (1056780)$" "$tmp/out" && ok || bad "the .dead gets its message limit"
grep -q "$d.shipped.dead: cleanup.policy" "$tmp/out" && bad "no cleanup.policy change on the runbook's .dead" || ok
grep -q "destructive" "$tmp/out" && bad "nothing is destructive" || ok

# 4. the example project on a broker started as the project starts them (offsets kept 30 days,
# as the runbook says) plans without a warning
run "$bin" plan --bootstrap-server "$S" topics
[ $? = 0 ] && grep -q "^Plan: 10 to create" "$tmp/out" && ok || bad "the example plans"
grep -q "warning" "$tmp/err" && bad "the example plans without a warning" || ok

finish
