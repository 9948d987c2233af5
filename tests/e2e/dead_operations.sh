#!/usr/bin/env bash
# The runbook's dead-letter and consumer-group operations as commands, on a real broker with the
# runbook's own Python service (tests/e2e/dead_service.py): `dead show` groups what the service
# parked by cause and moves no group; `dead replay` returns it exactly once — also when killed
# with an open transaction and run again — with keys, partitions and headers as the runbook
# wants; `offsets reset` is refused under a live classic and a live KIP-848 consumer and moves
# the offsets once they stop, --to-datetime landing on the first message after the time; a
# message near its topic's raised limit (4 MiB) is parked and replayed whole.
# Usage: tests/e2e/dead_operations.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin=$(readlink -f "$1")
suite=dead-operations
tmp=$(mktemp -d)
. tests/lib.sh
py=/usr/bin/python3
service="$py $(pwd)/tests/e2e/dead_service.py"
cleanup() {
  [ -n "${held:-}" ] && kill -9 "$held" 2>/dev/null
  [ -n "${live:-}" ] && kill "$live" 2>/dev/null
  broker_down "$tmp/broker"
  [ "$failed" -ne 0 ] && mkdir -p build/e2e-logs && cp "$tmp"/broker/node*/server.log build/e2e-logs/dead-operations.log 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

broker_up "$tmp/broker" 1
export KAFKA_BOOTSTRAP_SERVERS="$S"
tf() { "$bin" "$@" --bootstrap-server "$S"; }
groups() { kafka_tool org.apache.kafka.tools.consumer.group.ConsumerGroupCommand --bootstrap-server "$S" --list 2>/dev/null; }

mkdir -p "$tmp/p"
cat >"$tmp/p/topicform.yaml" <<'YAML'
apiVersion: topicform/v1
kind: Settings
spec:
  environments:
    test: {brokers: 1, replicationFactor: {default: 1, minimum: 1}}
YAML
topic() {  # NAME PARTITIONS KEY
  cat >"$tmp/p/$1.yaml" <<YAML
apiVersion: topicform/v1
kind: Topic
metadata: {name: shop.$1}
spec:
  description: Orders and payments of the shop, as they happen.
  kind: event
  partitions: $2
  retention: 7d
  replayable: outbox
  owner: {team: qa, producer: shop-service, consumers: [billing-service], key: $3, ordering: per-key}
YAML
}
topic orders-created 3 orderId
topic payments-made 1 paymentId
expect_exit 0 "apply creates the topics and their dead topics" tf apply --auto-approve "$tmp/p"
# Right after the create, leaders may not have written the new logs yet: dead show asks again
# within --timeout instead of failing.
expect_exit 0 "dead show right after apply" tf dead show "$tmp/p"
O=shop.orders-created

# 0. On the fresh cluster no group has an offset and the offsets topic is not made yet: a replay's
# and a reset's dry runs read no committed offsets (librdkafka crashed in ListConsumerGroupOffsets
# on the coordinator's NOT_COORDINATOR here, upstream #5040). `dead show` on empty dead topics
# opens no consumer: one with a group id asks for its coordinator, which makes the offsets topic.
kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --list >"$tmp/topics" 2>&1
grep -qx "$O" "$tmp/topics" && ! grep -qx "__consumer_offsets" "$tmp/topics" && ok \
  || bad "the cluster is fresh: the topics listed, no offsets topic yet"
expect_exit 0 "a replay's dry run on the fresh cluster" tf dead replay "$O" "$tmp/p"
expect_out "^would replay 0 messages from $O.dead to $O \(replay group 'topicform-replay'\)" "nothing to replay, no crash"
# One metadata request a run, however many topics it reads (it was two a dead topic, four a replay).
metadata_reads() { grep -c '"message":"request: read the topics. partitions: answered' "$tmp/err"; }
expect_exit 0 "dead show, each request traced" tf -vv --log-format json dead show "$tmp/p"
[ "$(metadata_reads)" = 1 ] && ok || bad "dead show read the metadata $(metadata_reads) times"
expect_exit 0 "a replay's dry run, each request traced" tf -vv --log-format json dead replay "$O" "$tmp/p"
[ "$(metadata_reads)" = 1 ] && ok || bad "a replay's dry run read the metadata $(metadata_reads) times"
expect_exit 0 "a reset's dry run on the fresh cluster" tf offsets reset -g billing-service -t "$O" --to-earliest "$tmp/p"
[ "$(grep -cE "^  [0-2] +- +0 +0$" "$tmp/out")" = 3 ] && ok || bad "no committed offset on any partition, no crash"

# 1. the service parks what it cannot process; dead show groups it by cause, as no group
expect_exit 0 "30 orders are produced" $service orders "$O" 30
expect_exit 0 "the runbook's service processes them" $service serve "$O" billing-service
expect_out "^processed 19, parked 11$" "the service parks 11"
expect_exit 1 "dead show exits 1 when a dead topic holds messages" tf dead show "$tmp/p"
# The dead-at times are the service's clock, and which parked key comes first its poll order.
grep -v "^      at " "$tmp/out" | sed -E 's/^(      key       )A-[0-9]+$/\1A-N/' >"$tmp/shown"
diff -u - "$tmp/shown" <<'TEXT' >&2 && ok || bad "dead show groups by cause"
shop.orders-created.dead: 11 messages, 2 causes
  10 × KeyError: 'total'
      groups    billing-service
      origin    shop.orders-created partitions 0, 1, 2 offsets 0..12
      attempts  3
      key       A-N
  1 × UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte
      groups    billing-service
      origin    shop.orders-created partitions 2 offsets 2
      attempts  3
      key       A-N
shop.payments-made.dead: empty
TEXT
grep -c "^      at        20[0-9-]*T[0-9:]*+00:00 .. 20[0-9-]*T[0-9:]*+00:00$" "$tmp/out" | grep -qx 2 && ok || bad "each cause has its first and last dead-at"
run groups
grep -qx billing-service "$tmp/out" && ok || bad "the group listing works (the control for the next check)"
grep -q "topicform" "$tmp/out" && bad "dead show joins or commits as no group" || ok
expect_exit 1 "dead show --format json" tf dead show "$tmp/p" --topic "$O" --format json
$py - "$tmp/out" <<'PY' && ok || bad "the JSON report counts exactly"
import json, sys
report = json.load(open(sys.argv[1]))
assert report["version"] == 1
[dead] = report["deadTopics"]
assert dead["topic"] == "shop.orders-created.dead" and dead["messages"] == 11, dead
assert [(c["cause"][:9], c["messages"]) for c in dead["causes"]] == [("KeyError:", 10), ("UnicodeDe", 1)]
assert dead["causes"][0]["originPartitions"] == [0, 1, 2] and dead["withoutCause"]["messages"] == 0
PY
expect_exit 0 "dead show of an empty dead topic exits 0" tf dead show "$tmp/p" --topic shop.payments-made.dead
expect_exit 1 "dead show refuses a topic that is no managed dead topic" tf dead show "$tmp/p" --topic shop.nothing
expect_out "^topicform: error: 'shop.nothing' is neither a managed dead-letter topic nor the source of one in these manifests$" "it says which"

# 2. replay: a dry run writes nothing; refusals create nothing
source_count() { $service read "$O" "$1" | wc -l; }
expect_exit 0 "replay without --execute" tf dead replay "$O" "$tmp/p"
expect_out "^would replay 11 messages from shop.orders-created.dead to shop.orders-created \(replay group 'topicform-replay'\); nothing was written: run again with --execute once the fix is deployed$" "the dry run says what would go back"
[ "$(source_count read_uncommitted)" = 30 ] && ok || bad "the dry run wrote nothing"
expect_exit 1 "replay refuses an unmanaged source" tf dead replay shop.unknown "$tmp/p" --execute
expect_out "^topicform: error: 'shop.unknown' is not a source topic these manifests manage: a replay writes only to a managed topic; nothing was read or written$" "it says why"
expect_exit 1 "replay refuses a service's group" tf dead replay "$O" "$tmp/p" --execute --group billing-service
expect_out "^topicform: error: group 'billing-service' is the consumer group of a service on 'shop.orders-created': a replay keeps its own offsets and must never move a service's; choose another --group$" "it names the service's topic"
topic refunds-made 1 refundId
expect_exit 1 "replay refuses a source missing on the cluster" tf dead replay shop.refunds-made "$tmp/p" --execute
expect_out "^topicform: error: topic 'shop.refunds-made' does not exist on the cluster: a replay never creates a topic; run 'topicform apply' first; nothing was written$" "it says to apply"
run kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --list
grep -qx "$O" "$tmp/out" && ok || bad "the topic listing works (the control for the next check)"
grep -q "refunds" "$tmp/out" && bad "a refused replay created a topic" || ok
rm "$tmp/p/refunds-made.yaml"

# 3. exactly once: a replay killed with an open transaction, then run again
TOPICFORM_REPLAY_HOLD_AFTER=1 "$bin" dead replay "$O" "$tmp/p" --execute --transaction-size 4 \
  --bootstrap-server "$S" >"$tmp/held.out" 2>"$tmp/held.err" &
held=$!
for _ in $(seq 1 120); do grep -q "^replay: holding" "$tmp/held.err" && break; sleep 0.25; done
grep -q "^replay: holding an open transaction after 1 committed$" "$tmp/held.err" && ok || bad "the replay holds its second transaction open"
kill -9 "$held"; wait "$held" 2>/dev/null; held=""
[ "$(source_count read_uncommitted)" = 38 ] && ok || bad "the killed replay wrote 8 messages, 4 of them in an open transaction"
[ "$(source_count read_committed)" = 34 ] && ok || bad "of which read_committed consumers see the committed 4"
expect_exit 0 "the replay run again" tf dead replay "$O" "$tmp/p" --execute --transaction-size 4
expect_out "^replayed 7 messages from shop.orders-created.dead to shop.orders-created in 2 transactions$" "it replays the 7 left"
$service read "$O" read_committed >"$tmp/source"
$py - "$tmp/source" <<'PY' && ok || bad "each parked message is in the source once more, exactly once, where it was"
import collections, json, sys
records = [json.loads(line) for line in open(sys.argv[1])]
assert len(records) == 41, len(records)
count = collections.Counter(r["key"] for r in records)
parked = {f"A-{i}" for i in range(30) if i % 3 == 0} | {"A-7"}
assert all(count[k] == (2 if k in parked else 1) for k in count), count
for key in parked:
    same = [r for r in records if r["key"] == key]
    assert len({r["partition"] for r in same}) == 1, same  # the origin partition, same order
    assert same[0]["value"] == same[1]["value"], same      # the value's bytes
    assert same[1]["headers"] == [["trace", f"t{key[2:]}"]], same[1]  # dead-* stripped
PY
expect_exit 0 "a third run" tf dead replay "$O" "$tmp/p" --execute
expect_out "^replayed 0 messages from shop.orders-created.dead to shop.orders-created in 0 transactions$" "finds nothing left"

# 4. what no runbook service writes is counted and shown escaped, never a crash
P=shop.payments-made.dead
expect_exit 0 "odd messages are written to a dead topic" $service odd "$P"
expect_exit 1 "dead show reads them" tf dead show "$tmp/p" --topic "$P"
sed -E 's/^  1 × E{500}$/  1 × E{500}/' "$tmp/out" >"$tmp/shown"
diff -u - "$tmp/shown" <<'TEXT' >&2 && ok || bad "odd dead letters are grouped and escaped"
shop.payments-made.dead: 4 messages, 3 causes
  2 × second\x1B[31m
      dead-at   missing or not a time on 2
      groups    unknown
      origin    unknown partitions unknown offsets unknown
      attempts  unknown
      key       \xFF\xFE
  1 × E{500}
      dead-at   missing or not a time on 1
      groups    unknown
      origin    unknown partitions unknown offsets unknown
      attempts  unknown
      key       big
  1 × (no dead-error header)
      dead-at   missing or not a time on 1
      groups    unknown
      origin    unknown partitions unknown offsets unknown
      attempts  unknown
      key       bare
TEXT

# 5. offsets reset: moved while stopped and read back; refused under live consumers of either
# protocol (which, at the log end, commit the offsets they found: a refused reset must leave them)
reset() { tf offsets reset --group billing-service --topic "$O" "$tmp/p" "$@"; }
expect_exit 0 "a dry run to the log end" reset --to-latest
awk '/^  [0-9]/ {print $1, $3}' "$tmp/out" >"$tmp/ends"
# The replay's transaction markers take offsets too, so the log ends are read, not pinned.
expect_exit 0 "a dry run" reset --shift-by -2
awk 'NR == FNR {end[$1] = $2; next} /^  [0-9]/ {print $1, $2, $3, ($4 == end[$1] - $3) ? "lag-ok" : "lag-wrong"}' \
  "$tmp/ends" "$tmp/out" >"$tmp/table"
diff -u - "$tmp/table" <<'TEXT' >&2 && ok || bad "the dry run shows current, new and the lag after"
0 3 1 lag-ok
1 14 12 lag-ok
2 13 11 lag-ok
TEXT
expect_out "^nothing was written: run again with --execute to move the offsets$" "the dry run says so"
expect_exit 0 "to the log end" reset --to-latest --execute
expect_out "^moved the offsets of group billing-service on shop.orders-created: 3 partitions, read back$" "moved and read back"
for protocol in classic consumer; do
  # java itself in the background, so that `kill` reaches it (it leaves the group on SIGTERM)
  "${kafka_java[@]}" org.apache.kafka.tools.consumer.ConsoleConsumer --bootstrap-server "$S" --topic "$O" \
    --group billing-service --consumer-property group.protocol=$protocol >"$tmp/live.out" 2>&1 &
  live=$!
  for _ in $(seq 1 120); do
    kafka_tool org.apache.kafka.tools.consumer.group.ConsumerGroupCommand --bootstrap-server "$S" \
      --describe --group billing-service --state 2>/dev/null | grep -q Stable && break
    sleep 0.5
  done
  expect_exit 1 "reset refused while a $protocol consumer is live" reset --to-earliest --execute
  expect_out "^topicform: error: group 'billing-service' has live members \(state Stable[^)]*\): Kafka moves a group's offsets only while it is stopped; stop the service first \(docker compose stop app\), then run this again; nothing was written$" "it says to stop the service ($protocol)"
  kill "$live"; wait "$live" 2>/dev/null; live=""
done
expect_exit 0 "a dry run after the consumers stopped" reset --to-earliest
grep -cE "^  [0-2] +([0-9]+) +0 +\1$" "$tmp/out" | grep -qx 3 && ok || bad "the refused resets left every offset at the log end"
expect_exit 0 "to the log start" reset --to-earliest --execute
expect_out "^moved the offsets of group billing-service on shop.orders-created: 3 partitions, read back$" "moved while stopped"

# 6. --to-datetime lands on the first message at or after the time
Pay=shop.payments-made
expect_exit 0 "five payments" $service orders "$Pay" 5
sleep 1.5
at=$(date -u +%Y-%m-%dT%H:%M:%S.%3NZ)
sleep 1.5
expect_exit 0 "five more" $service orders "$Pay" 5
expect_exit 0 "reset to the time between them" tf offsets reset -g billing-service -t "$Pay" --to-datetime "$at" --execute "$tmp/p"
expect_out "^  to the first message at or after $at$" "the dry run names the instant it resolved"
expect_out "^  0 +- +5 +5$" "the first message after the time"
expect_exit 0 "a time before every message" tf offsets reset -g billing-service -t "$Pay" --to-datetime 2000-01-01T00:00:00Z "$tmp/p"
expect_out "^  0 +5 +0 +10$" "the log start"
expect_exit 0 "a time after every message" tf offsets reset -g billing-service -t "$Pay" --to-datetime 2100-01-01T00:00:00Z "$tmp/p"
expect_out "^  0 +5 +10 +0$" "the log end"
expect_exit 0 "an offset past the end" tf offsets reset -g billing-service -t "$Pay" --to-offset 99 "$tmp/p"
expect_out "^  0 +5 +10 +0  \(asked 99, held within the log\)$" "is held within the log"
expect_exit 0 "a group no manifest declares" tf offsets reset -g audit -t "$Pay" --to-earliest "$tmp/p"
expect_out "^topicform: warning: no manifest declares group 'audit' as a consumer of 'shop.payments-made'; check the names$" "gets a warning"
expect_exit 1 "a shift without a committed offset" tf offsets reset -g audit -t "$Pay" --shift-by 1 "$tmp/p"
expect_out "^topicform: error: group 'audit' has no committed offset on shop.payments-made:0 to shift from; use --to-earliest, --to-latest or --to-offset for it$" "says what to use"

# 7. a message near its topic's raised limit (4 MiB) is parked and replayed whole
I=shop.images-uploaded
mkdir -p "$tmp/q" && cp "$tmp/p/topicform.yaml" "$tmp/q/"
topic images-uploaded 2 imageId && mv "$tmp/p/images-uploaded.yaml" "$tmp/q/"
sed -i 's/^  retention: 7d$/  retention: 7d\n  config: {max.message.bytes: 4194304}/' "$tmp/q/images-uploaded.yaml"
expect_exit 0 "apply a topic of large messages" tf apply --auto-approve "$tmp/q"
expect_exit 0 "a message just under 4 MiB" $service big "$I" 4190000
expect_exit 0 "the service parks it" $service serve "$I" billing-service
expect_out "^processed 0, parked 1$" "it is parked"
expect_exit 0 "it is replayed" tf dead replay "$I" "$tmp/q" --execute
expect_out "^replayed 1 message from shop.images-uploaded.dead to shop.images-uploaded in 1 transaction$" "whole"
$service read "$I" read_committed >"$tmp/images"
[ "$(grep -c '"value": "<4190000 bytes>"' "$tmp/images")" = 2 ] && ok || bad "the source holds it twice, whole: $(cut -c1-200 "$tmp/images")"

# 8. a source that now refuses a parked message (its limit lowered by hand): running again cannot
# get past it, so the refusal says where the message is and what to do instead.
expect_exit 0 "another large message" $service big "$I" 4190000
expect_exit 0 "the service parks it" $service serve "$I" billing-service
kafka_tool kafka.admin.ConfigCommand --bootstrap-server "$S" --alter --entity-type topics --entity-name "$I" \
  --add-config max.message.bytes=1048576 >/dev/null 2>&1 && ok || bad "the source's limit is lowered by hand"
for run in first second; do
  expect_exit 1 "the $run replay is refused" tf dead replay "$I" "$tmp/q" --execute
  expect_out "'$I' refuses a message of this transaction \(partition [01] offsets? [0-9.]+ of '$I.dead'\); the replay group did not move, so running again stops at the same message" "the $run refusal says where it stops"
  grep -q "run the replay again" "$tmp/err" && bad "the $run refusal advises what cannot succeed" || ok
done
$service read "$I" read_committed >"$tmp/images"
[ "$(grep -c '"value": "<4190000 bytes>"' "$tmp/images")" = 3 ] && ok || bad "nothing but the service's own message reached the source"

finish
