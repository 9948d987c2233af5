#!/usr/bin/env bash
# Several `serve --mode apply` replicas with --leader-topic on a real broker: exactly one leads
# (topicform_leader, /readyz) and only it writes; killed with -9, the other takes over within the
# session timeout and reverts drift; stopped with SIGSTOP past its session, the leader loses the
# lead to the other and, resumed, stands by and writes nothing; a new replica does not take the
# lead; a replica that exits cleanly hands it over at once.
# Usage: tests/e2e/serve_leader.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin=$(readlink -f "$1")
suite=serve-leader
tmp=$(mktemp -d)
. tests/lib.sh
declare -A pid port
cleanup() {
  for p in "${pid[@]}"; do kill -CONT "$p" 2>/dev/null; kill -9 "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  broker_down "$tmp/broker"
  [ "$failed" -ne 0 ] && mkdir -p build/e2e-logs && cp "$tmp"/replica-*.log build/e2e-logs/ 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

broker_up "$tmp/broker" 1
mkdir -p "$tmp/topics"
cat >"$tmp/topics/topicform.yaml" <<'YAML'
apiVersion: topicform/v1
kind: Settings
spec:
  environments:
    test: {brokers: 1, replicationFactor: {default: 1, minimum: 1}}
YAML
cat >"$tmp/topics/orders.yaml" <<'YAML'
apiVersion: topicform/v1
kind: Topic
metadata: {name: shop.orders}
spec:
  description: Orders of the shop, as they happen.
  kind: event
  partitions: 2
  retention: 7d
  replayable: outbox
  owner: {team: qa, producer: shop-service, consumers: [billing-service], key: orderId, ordering: per-key}
YAML
kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --create --topic ops.serve-leader \
  --partitions 1 --replication-factor 1 >/dev/null 2>&1 && ok || bad "the leader topic is created"

start() {  # NAME: a replica on a port of its own, logging to replica-NAME.log
  port[$1]=$(ci/kafka/broker free-port 1)
  "$bin" serve "$tmp/topics" --bootstrap-server "$S" --env test --mode apply --interval 1s \
    --listen "127.0.0.1:${port[$1]}" --leader-topic ops.serve-leader \
    -X session.timeout.ms=6000 -X heartbeat.interval.ms=500 2>>"$tmp/replica-$1.log" &
  pid[$1]=$!
}
readyz() {  # NAME: the replica's /readyz body, "" when it does not answer 200
  curl -sf --max-time 2 "http://127.0.0.1:${port[$1]}/readyz" 2>/dev/null
}
leader_gauge() {  # NAME
  curl -sf --max-time 2 "http://127.0.0.1:${port[$1]}/metrics" 2>/dev/null | awk '$1 == "topicform_leader" {print $2}'
}
# Seconds until replica NAME's /readyz says BODY, polling every 0.2 s up to LIMIT; -1 when never.
until_ready_as() {  # NAME BODY LIMIT
  local began=$SECONDS
  until [ "$(readyz "$1")" = "$2" ]; do
    [ $((SECONDS - began)) -ge "$3" ] && { echo -1; return; }
    sleep 0.2
  done
  awk -v s="$(($SECONDS - began))" 'BEGIN {print s}'
}
# Milliseconds since the epoch, for the times this suite prints.
now_ms() { date +%s%3N; }
retention() {  # TOPIC: its retention.ms as the broker describes it
  kafka_tool kafka.admin.ConfigCommand --bootstrap-server "$S" --entity-type topics --entity-name "$1" \
    --describe 2>/dev/null | grep -o 'retention.ms=[0-9]*' | head -1 | cut -d= -f2
}
lower_retention() {  # TOPIC: drift only an apply-mode leader reverts
  kafka_tool kafka.admin.ConfigCommand --bootstrap-server "$S" --entity-type topics --entity-name "$1" \
    --alter --add-config retention.ms=5000 >/dev/null 2>&1
}
until_retention() {  # TOPIC VALUE LIMIT: true once the broker says so
  local began=$SECONDS
  until [ "$(retention "$1")" = "$2" ]; do
    [ $((SECONDS - began)) -ge "$3" ] && return 1
    sleep 0.5
  done
}
dead_retention=2592000000  # shop.orders.dead's, from the settings' defaults

# 1. one leads, the other stands by; only the leader writes
start a
[ "$(until_ready_as a "ready: leader" 30)" != -1 ] && ok || bad "the first replica leads: $(readyz a)"
start b
[ "$(until_ready_as b "ready: standby" 30)" != -1 ] && ok || bad "the second replica stands by: $(readyz b)"
[ "$(leader_gauge a)/$(leader_gauge b)" = 1/0 ] && ok || bad "topicform_leader is 1 on a, 0 on b: $(leader_gauge a)/$(leader_gauge b)"
until_retention shop.orders.dead "$dead_retention" 30 && ok || bad "the leader created the topics"
lower_retention shop.orders.dead
until_retention shop.orders.dead "$dead_retention" 15 && ok || bad "the leader reverts drift"
sleep 2
grep -q "applied" "$tmp/replica-a.log" && ok || bad "a's log says what it applied"
grep -q "applied" "$tmp/replica-b.log" && bad "the standby wrote: $(grep applied "$tmp/replica-b.log")" || ok
grep -q "standing by: another replica leads" "$tmp/replica-b.log" && ok || bad "b's log says it stands by"

# 2. the leader killed with -9: the other takes over within the session timeout and writes
kill -9 "${pid[a]}"
wait "${pid[a]}" 2>/dev/null
killed=$(now_ms)
took=$(until_ready_as b "ready: leader" 30)
[ "$took" != -1 ] && ok || bad "b leads after a was killed: $(readyz b)"
echo "serve-leader: b led $(( $(now_ms) - killed )) ms after a was killed with -9 (session timeout 6 s)" >&2
lower_retention shop.orders.dead
until_retention shop.orders.dead "$dead_retention" 15 && ok || bad "the new leader reverts drift"
grep -q "applied" "$tmp/replica-b.log" && ok || bad "b's log says what it applied"

# 3. a new replica joins: the lead stays where it is
start c
[ "$(until_ready_as c "ready: standby" 30)" != -1 ] && ok || bad "a new replica stands by: $(readyz c)"
[ "$(readyz b)" = "ready: leader" ] && ok || bad "b still leads after c joined: $(readyz b)"

# 4. the leader stopped past its session: c takes over; b, resumed, stands by and writes nothing
kill -STOP "${pid[b]}"
stopped=$(now_ms)
[ "$(until_ready_as c "ready: leader" 30)" != -1 ] && ok || bad "c leads while b is stopped: $(readyz c)"
echo "serve-leader: c led $(( $(now_ms) - stopped )) ms after b was stopped" >&2
lower_retention shop.orders.dead
until_retention shop.orders.dead "$dead_retention" 15 && ok || bad "c reverts drift while b is stopped"
lines=$(wc -l <"$tmp/replica-b.log")
kill -CONT "${pid[b]}"
[ "$(until_ready_as b "ready: standby" 30)" != -1 ] && ok || bad "b, resumed, stands by: $(readyz b)"
sleep 3
[ "$(readyz c)" = "ready: leader" ] && ok || bad "c still leads after b resumed: $(readyz c)"
tail -n +"$((lines + 1))" "$tmp/replica-b.log" >"$tmp/b-after"
grep -q "applied" "$tmp/b-after" && bad "b wrote after it resumed: $(cat "$tmp/b-after")" || ok
leaders=0
for r in b c; do [ "$(leader_gauge $r)" = 1 ] && leaders=$((leaders + 1)); done
[ "$leaders" = 1 ] && ok || bad "exactly one replica's topicform_leader is 1: $leaders"

# 4b. drift waiting when a stale leader resumes: c (leading) and b stopped past their sessions,
# the drift made, then c resumed. The coordinator has dropped c, so whatever c believed it may
# write only under a lead given to it again: its log tells each lead given ("leading ... (lead
# N)") before anything written under it. (librdkafka usually learns of the lost session before
# the cycle reaches its write; the coordinator's confirmation just before the write covers the
# rest, and is reported when it refused.)
kill -STOP "${pid[c]}"
kill -STOP "${pid[b]}"
lower_retention shop.orders.dead
sleep 9  # past the 6 s session of both
lines=$(wc -l <"$tmp/replica-c.log")
kill -CONT "${pid[c]}"
until_retention shop.orders.dead "$dead_retention" 30 && ok || bad "the drift is reverted once a lead is confirmed"
tail -n +"$((lines + 1))" "$tmp/replica-c.log" >"$tmp/c-after"
first_applied=$(grep -n "applied" "$tmp/c-after" | head -1 | cut -d: -f1)
first_leading=$(grep -n "leading: this replica writes" "$tmp/c-after" | head -1 | cut -d: -f1)
[ -n "$first_applied" ] && [ -n "$first_leading" ] && [ "$first_leading" -lt "$first_applied" ] && ok ||
  bad "c wrote only after it led again (leading at line ${first_leading:-none}, applied at ${first_applied:-none}): $(cat "$tmp/c-after")"
grep -q "not writing: the lead was not confirmed" "$tmp/c-after" &&
  echo "serve-leader: c's stale lead was refused by the coordinator before it wrote" >&2
kill -CONT "${pid[b]}"
[ "$(until_ready_as b "ready: standby" 30)" != -1 ] && ok || bad "b, resumed again, stands by: $(readyz b)"
[ "$(until_ready_as c "ready: leader" 10)" != -1 ] && ok || bad "c leads: $(readyz c)"

# 5. the leader exits cleanly (SIGTERM): it leaves the group and b leads well within a session
kill -TERM "${pid[c]}"
wait "${pid[c]}"
[ $? = 0 ] && ok || bad "SIGTERM ends the leader with 0"
left=$(now_ms)
[ "$(until_ready_as b "ready: leader" 30)" != -1 ] && ok || bad "b leads after c left"
handover=$(( $(now_ms) - left ))
echo "serve-leader: b led $handover ms after c exited cleanly" >&2
[ "$handover" -lt 6000 ] && ok || bad "a clean exit hands the lead over before a session would time out: $handover ms"

# 6. a leader topic that does not exist: never ready, and says why
port[d]=$(ci/kafka/broker free-port 1)
"$bin" serve "$tmp/topics" --bootstrap-server "$S" --env test --mode apply --interval 1s \
  --listen "127.0.0.1:${port[d]}" --leader-topic ops.nowhere 2>"$tmp/replica-d.log" &
pid[d]=$!
sleep 6
[ "$(readyz d)" = "" ] && ok || bad "a replica whose leader topic is missing is not ready"
curl -s --max-time 2 "http://127.0.0.1:${port[d]}/readyz" >"$tmp/body"
grep -q "ops.nowhere" "$tmp/body" && ok || bad "/readyz says which topic: $(cat "$tmp/body")"
finish
