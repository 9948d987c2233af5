#!/usr/bin/env bash
# `topicform serve` on a real broker, following a real Git remote (a bare repository this suite
# pushes to): readiness, drift made with Kafka's own tools seen in /metrics by reason within an
# interval and a cycle, a pushed revision taken, a revision that does not validate reported
# while the last good one stays desired, metrics that promtool accepts, quiet logs when nothing
# changes, bounded HTTP requests, a folder outside Git read again, --check's gauges beside
# serve's, and SIGTERM ending it with 0, also while apply mode writes.
# Usage: tests/e2e/serve.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin=$(readlink -f "$1")
suite=serve
tmp=$(mktemp -d)
. tests/lib.sh
cleanup() {
  [ -n "${broker_pid:-}" ] && kill -CONT "$broker_pid" 2>/dev/null
  for p in ${served:-} ${on_disk:-} ${prometheus:-} ${term:-} ${follower:-} ${v6:-}; do kill -9 "$p" 2>/dev/null; done
  broker_down "$tmp/broker"
  [ "$failed" -ne 0 ] && mkdir -p build/e2e-logs && cp "$tmp"/serve*.log build/e2e-logs/ 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

broker_up "$tmp/broker" 1
tf() { "$bin" "$@" --bootstrap-server "$S"; }
git_in() { git -C "$1" -c user.name=test -c user.email=test@example.com "${@:2}"; }

# The project: settings and one topic with its dead topic, pushed to a bare remote.
git init -q --bare -b main "$tmp/remote.git"
git clone -q "$tmp/remote.git" "$tmp/work" 2>/dev/null
mkdir -p "$tmp/work/topics"
cat >"$tmp/work/topics/topicform.yaml" <<'YAML'
apiVersion: topicform/v1
kind: Settings
spec:
  environments:
    test: {brokers: 1, replicationFactor: {default: 1, minimum: 1}}
YAML
topic() {  # NAME: a manifest for shop.NAME
  cat >"$tmp/work/topics/$1.yaml" <<YAML
apiVersion: topicform/v1
kind: Topic
metadata: {name: shop.$1}
spec:
  description: Orders of the shop, as they happen.
  kind: event
  partitions: 2
  retention: 7d
  replayable: outbox
  owner: {team: qa, producer: shop-service, consumers: [billing-service], key: orderId, ordering: per-key}
YAML
}
push() {  # MESSAGE
  git_in "$tmp/work" add -A && git_in "$tmp/work" commit -qm "$1" && git_in "$tmp/work" push -q origin HEAD:main 2>/dev/null
}
topic orders
push "orders"
git clone -q "$tmp/remote.git" "$tmp/served"

port=$(ci/kafka/broker free-port 1)
url="http://127.0.0.1:$port"
get() {  # PATH: the body in $tmp/body, the status printed
  curl -sS -o "$tmp/body" -w '%{http_code}' --max-time 5 "$url$1" 2>/dev/null
}
sample() {  # LABELS: the value of the sample of /metrics whose name and labels are LABELS
  get /metrics >/dev/null && grep -F "$1 " "$tmp/body" | awk '{print $NF}'
}
# Seconds until sample LABELS is VALUE, polling every 0.2 s up to LIMIT seconds; -1 when never.
until_sample() {  # LABELS VALUE LIMIT
  local began=$(date +%s.%N) limit=$3
  while :; do
    [ "$(sample "$1")" = "$2" ] && { awk -v a="$began" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}'; return; }
    awk -v a="$began" -v b="$(date +%s.%N)" -v l="$limit" 'BEGIN {exit !(b - a > l)}' && { echo -1; return; }
    sleep 0.2
  done
}
in_sync() {  # TOPIC REASON: the labels of topicform_topic_in_sync
  echo "topicform_topic_in_sync{environment=\"test\",topic=\"$1\",reason=\"$2\"}"
}

kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --create --topic legacy.audit \
  --partitions 1 --replication-factor 1 >/dev/null 2>&1
"$bin" serve "$tmp/served/topics" --bootstrap-server "$S" --interval 1s --listen "127.0.0.1:$port" \
  --env test 2>"$tmp/serve.log" &
served=$!

# 1. ready after the first cycle; the topics are missing (report mode writes nothing)
[ "$(until_sample "$(in_sync shop.orders missing)" 0 60)" != -1 ] && ok || bad "shop.orders reported missing"
[ "$(get /readyz)" = 200 ] && grep -qx ready "$tmp/body" && ok || bad "/readyz 200 after the first cycle"
[ "$(get /healthz)" = 200 ] && ok || bad "/healthz 200"
# The Compose example's healthcheck, as written there, on this port and on one nobody answers.
probe=$(/usr/bin/python3 -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))["services"]["topics-watch"]["healthcheck"]["test"][3])' examples/compose/compose.yaml)
timeout 5 bash -c "${probe//9780/$port}" && ok || bad "the Compose healthcheck passes on a live serve"
timeout 5 bash -c "${probe//9780/$(ci/kafka/broker free-port 1)}" 2>/dev/null && bad "the Compose healthcheck passes with no serve" || ok
[ "$(sample "$(in_sync shop.orders.dead missing)")" = 0 ] && ok || bad "the dead topic is reported missing too"
[ "$(sample 'topicform_topics_out_of_sync{environment="test",reason="missing"}')" = 2 ] && ok || bad "two topics missing"
[ "$(sample "$(in_sync legacy.audit unmanaged)")" = 0 ] && ok || bad "a topic in no manifest is unmanaged"
run kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --list
grep -qx "legacy.audit" "$tmp/out" && ok || bad "the listing shows the topic made by hand (the control)"
grep -q "shop.orders" "$tmp/out" && bad "report mode created a topic" || ok
get /metrics >/dev/null && promtool check metrics <"$tmp/body" >"$tmp/out" 2>"$tmp/err" && ok || bad "promtool accepts /metrics"

# 2. applied by hand: both in sync, and the log says so once
expect_exit 0 "apply creates the topics" tf apply --auto-approve "$tmp/work/topics"
[ "$(until_sample "$(in_sync shop.orders none)" 1 30)" != -1 ] && ok || bad "shop.orders in sync after apply"
[ "$(until_sample "$(in_sync shop.orders.dead none)" 1 30)" != -1 ] && ok || bad "shop.orders.dead in sync after apply"
[ "$(sample 'topicform_topics_managed{environment="test"}')" = 2 ] && ok || bad "two topics managed"

# A real Prometheus scrapes serve every second and evaluates the rules `alerts --metrics serve`
# writes for a 1 s interval.
expect_exit 0 "alerts writes the rules on serve's metrics" "$bin" alerts "$tmp/work/topics" --env test \
  --metrics serve --serve-interval 1s --out "$tmp/rules.yml"
expect_exit 0 "promtool accepts them" promtool check rules "$tmp/rules.yml"
prometheus_port=$(ci/kafka/broker free-port 1)
cat >"$tmp/prometheus.yml" <<YAML
global: {scrape_interval: 1s, evaluation_interval: 1s}
rule_files: [$tmp/rules.yml]
scrape_configs:
  - job_name: topicform
    static_configs: [{targets: ['127.0.0.1:$port']}]
YAML
prometheus --config.file="$tmp/prometheus.yml" --storage.tsdb.path="$tmp/tsdb" \
  --web.listen-address="127.0.0.1:$prometheus_port" >"$tmp/prometheus.log" 2>&1 &
prometheus=$!
# Seconds until Prometheus has ALERT firing with the labels LABELS (JSON, key: value); -1 when
# not within LIMIT seconds.
until_firing() {  # ALERT LABELS LIMIT
  /usr/bin/python3 - "http://127.0.0.1:$prometheus_port/api/v1/alerts" "$@" <<'PY'
import json, sys, time, urllib.request
url, alert, labels, limit = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), float(sys.argv[4])
began = time.time()
while time.time() - began < limit:
    try:
        alerts = json.load(urllib.request.urlopen(url, timeout=2))["data"]["alerts"]
    except OSError:
        alerts = []
    if any(a["labels"].get("alertname") == alert and a["state"] == "firing" and
           all(a["labels"].get(k) == v for k, v in labels.items()) for a in alerts):
        print(f"{time.time() - began:.1f}")
        sys.exit(0)
    time.sleep(0.2)
print(-1)
PY
}

# 3. drift made with Kafka's own tools shows by reason within an interval and a cycle
expect_exit 0 "kafka-configs.sh sets a config by hand" kafka_tool kafka.admin.ConfigCommand \
  --bootstrap-server "$S" --entity-type topics --entity-name shop.orders --alter --add-config retention.ms=1000
seen=$(until_sample "$(in_sync shop.orders config)" 0 10)
[ "$seen" != -1 ] && ok || bad "a config changed by hand shows as config drift"
echo "$suite: config drift seen in /metrics ${seen} s after kafka-configs returned (interval 1 s)" >&2
fired=$(until_firing TopicformTopicDrift '{"topic": "shop.orders", "reason": "config", "environment": "test"}' 40)
[ "$fired" != -1 ] && ok || bad "Prometheus fires TopicformTopicDrift for the config drift: $(tail -3 "$tmp/prometheus.log")"
echo "$suite: TopicformTopicDrift firing in Prometheus $fired s after /metrics showed the drift (scrape 1 s, for: 3s)" >&2
expect_exit 0 "kafka-topics.sh grows partitions by hand" kafka_tool org.apache.kafka.tools.TopicCommand \
  --bootstrap-server "$S" --alter --topic shop.orders --partitions 3
[ "$(until_sample "$(in_sync shop.orders partitions)" 0 10)" != -1 ] && ok || bad "partitions grown by hand show"
[ "$(sample "$(in_sync shop.orders config)")" = 0 ] && ok || bad "one sample per reason: config still there"
get /status >/dev/null
/usr/bin/python3 - "$tmp/body" <<'PY' && ok || bad "/status lists the drift and what waits for a person"
import json, sys
status = json.load(open(sys.argv[1]))
[env] = status["environments"]
assert env["environment"] == "test" and env["result"] == "success", env
drift = {d["topic"]: d["reasons"] for d in env["drift"]}
assert drift == {"shop.orders": ["config", "partitions"], "legacy.audit": ["unmanaged"]}, drift
assert any("shop.orders" in line and "partitions" in line for line in env["waiting"]), env["waiting"]
assert status["source"] == "git" and status["mode"] == "report", status
PY
grep -q "differ from Git: legacy.audit (unmanaged); shop.orders (config, partitions)" "$tmp/serve.log" && ok || bad "the log names the drift"

# 4. a pushed revision is fetched, fast-forwarded and planned
topic payments
push "payments"
head=$(git_in "$tmp/work" rev-parse HEAD)
[ "$(until_sample "topicform_git_revision_info{revision=\"${head:0:12}\"}" 1 15)" != -1 ] && ok || bad "the pushed revision is reconciled"
[ "$(sample "$(in_sync shop.payments missing)")" = 0 ] && ok || bad "the new topic is missing"
[ "$(git_in "$tmp/served" rev-parse HEAD)" = "$head" ] && ok || bad "the working tree was fast-forwarded"

# 5. a revision that does not validate: reported with its place, the last good one stays desired
sed -i 's/partitions: 2/partitions: two/' "$tmp/work/topics/payments.yaml"
push "broken"
invalid='topicform_cycles_total{environment="test",result="invalid"}'
[ "$(until_sample "$invalid" 1 15)" != -1 ] && ok || bad "the invalid revision is counted"
[ "$(sample "topicform_git_revision_info{revision=\"${head:0:12}\"}")" = 1 ] && ok || bad "the last good revision stays"
[ "$(sample "$(in_sync shop.payments missing)")" = 0 ] && ok || bad "the last good revision is still planned"
get /status >/dev/null
/usr/bin/python3 - "$tmp/body" <<'PY' && ok || bad "/status shows the manifest error at its place"
import json, sys
[env] = json.load(open(sys.argv[1]))["environments"]
assert env["result"] == "invalid" and "stays desired" in env["error"], env
[d] = env["diagnostics"]
assert d["file"].endswith("topics/payments.yaml") and d["line"] == 7, d
PY
grep -c "has 1 error(s) in its manifests" "$tmp/serve.log" | grep -qx 1 && ok || bad "the invalid revision is logged once, not every cycle"

# 6. fixed again: success; then no line is logged while nothing changes
sed -i 's/partitions: two/partitions: 2/' "$tmp/work/topics/payments.yaml"
push "fixed"
success='topicform_cycles_total{environment="test",result="success"}'
before=$(sample "$success")
[ "$(until_sample "$(in_sync shop.payments missing)" 0 15)" != -1 ] && ok || bad "the fixed revision is planned"
sleep 2
lines=$(wc -l <"$tmp/serve.log")
sleep 4
[ "$(wc -l <"$tmp/serve.log")" = "$lines" ] && ok || bad "cycles with nothing new log nothing: $(tail -3 "$tmp/serve.log")"
[ "$(sample "$success")" -gt "$((before + 2))" ] && ok || bad "cycles ran meanwhile (the control)"

# 7. the HTTP edge: unknown paths, other methods, requests too large
[ "$(get /nothing)" = 404 ] && ok || bad "/nothing is 404"
[ "$(curl -sS -o /dev/null -w '%{http_code}' -X POST "$url/metrics")" = 405 ] && ok || bad "POST /metrics is 405"
# HEAD is GET without a body: the same status and length (the raw answer, read to its end).
exec 7<>"/dev/tcp/127.0.0.1/$port"
printf 'HEAD /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n' >&7
tr -d '\r' <&7 >"$tmp/head"; exec 7>&-
{ head -1 "$tmp/head" | grep -qx "HTTP/1.1 200 OK" && grep -qix "content-length: 3" "$tmp/head" &&
  [ "$(tail -1 "$tmp/head")" = "" ]; } && ok || bad "HEAD /healthz is 200 with GET's length and no body: $(cat "$tmp/head")"
big=$(head -c 20000 /dev/zero | tr '\0' a)
[ "$(curl -sS -o /dev/null -w '%{http_code}' -H "X-Big: $big" "$url/metrics")" = 413 ] && ok || bad "a 20 KB header is refused with 413"
exec 7<>"/dev/tcp/127.0.0.1/$port"  # a client that connects and never sends
[ "$(get /healthz)" = 200 ] && ok || bad "a silent connection does not hold the server"
exec 7>&-
[ "$(get /)" = 200 ] && grep -q "<h2>test <span class=\"success\">success</span></h2>" "$tmp/body" && ok || bad "the page shows the environment"
grep -qiE "<script|https?://" "$tmp/body" && bad "the page fetches nothing" || ok

# 8. SIGTERM: exit 0 at once, saying so
kill -TERM "$served"
began=$(date +%s)
wait "$served"
[ "$?" = 0 ] && ok || bad "serve exits 0 on SIGTERM"
[ $(($(date +%s) - began)) -le 5 ] && ok || bad "serve stops within 5 s"
served=""
grep -q "stopped" "$tmp/serve.log" && ok || bad "the log says it stopped"

# 9. webhooks: with a long interval only a signed push starts a cycle; a bad signature is 401
export SERVE_HOOK_SECRET="s3cret-$RANDOM"
"$bin" serve "$tmp/served/topics" --bootstrap-server "$S" --interval 10m --listen "127.0.0.1:$port" \
  --env test --webhook-secret '${env:SERVE_HOOK_SECRET}' 2>"$tmp/serve-hooks.log" &
served=$!
old=$(git_in "$tmp/work" rev-parse HEAD)
[ "$(until_sample "topicform_git_revision_info{revision=\"${old:0:12}\"}" 1 30)" != -1 ] && ok || bad "the hooked serve reconciles the head"
topic refunds
push "refunds"
new=$(git_in "$tmp/work" rev-parse HEAD)
printf '{"ref":"refs/heads/main","after":"%s"}' "$new" >"$tmp/payload"
hook() {  # SIGNATURE: POSTs the payload to /hooks/github; the status printed
  curl -sS -o "$tmp/body" -w '%{http_code}' -H "X-GitHub-Event: push" -H "X-Hub-Signature-256: $1" \
    --data-binary @"$tmp/payload" "$url/hooks/github"
}
[ "$(hook "sha256=$(printf %064d 0)")" = 401 ] && ok || bad "a bad signature is 401"
[ "$(hook "")" = 401 ] && ok || bad "a missing signature is 401"
sleep 2
[ "$(sample "topicform_git_revision_info{revision=\"${old:0:12}\"}")" = 1 ] && ok || bad "a bad webhook starts no cycle"
signature=$(openssl dgst -sha256 -hmac "$SERVE_HOOK_SECRET" <"$tmp/payload" | awk '{print $NF}')
[ "$(hook "sha256=$signature")" = 202 ] && ok || bad "a signed push is accepted"
[ "$(until_sample "topicform_git_revision_info{revision=\"${new:0:12}\"}" 1 10)" != -1 ] && ok || bad "a signed push starts a cycle that takes the new revision"
grep -q "$SERVE_HOOK_SECRET" "$tmp/serve-hooks.log" && bad "the secret is logged" || ok
kill -TERM "$served"; wait "$served"; served=""
expect_exit 1 "a secret given in the open" "$bin" serve "$tmp/disk" --webhook-secret plain
expect_out "never the secret" "the usage error says to name a variable"

# 10. --mode apply writes what needs no person and nothing else: the missing topics are created
# and a dead topic's retention lowered by hand is raised back, while shop.orders (a config
# changed by hand and partitions grown: shrinking is blocked) keeps both, as the broker shows.
expect_exit 0 "a dead topic's retention is lowered by hand" kafka_tool kafka.admin.ConfigCommand \
  --bootstrap-server "$S" --entity-type topics --entity-name shop.orders.dead --alter --add-config retention.ms=5000
"$bin" serve "$tmp/served/topics" --bootstrap-server "$S" --interval 1s --listen "127.0.0.1:$port" \
  --env test --mode apply 2>"$tmp/serve-apply.log" &
served=$!
for t in shop.payments shop.payments.dead shop.refunds shop.refunds.dead shop.orders.dead; do
  [ "$(until_sample "$(in_sync $t none)" 1 30)" != -1 ] && ok || bad "apply mode brings $t in sync"
done
[ "$(sample "$(in_sync shop.orders config)")" = 0 ] && ok || bad "shop.orders still differs: its change waits"
run kafka_tool kafka.admin.ConfigCommand --bootstrap-server "$S" --entity-type topics --entity-name shop.orders --describe
grep -q "retention.ms=1000" "$tmp/out" && ok || bad "the broker still has shop.orders' retention set by hand"
run kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --describe --topic shop.orders
grep -q "PartitionCount: 3" "$tmp/out" && ok || bad "the broker still has shop.orders' 3 partitions"
run kafka_tool kafka.admin.ConfigCommand --bootstrap-server "$S" --entity-type topics --entity-name shop.orders.dead --describe
grep -q "retention.ms=2592000000" "$tmp/out" && ok || bad "the broker has the dead topic's retention back"
run kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --list
grep -qx "legacy.audit" "$tmp/out" && ok || bad "the unmanaged topic is left alone"
grep -q "applied .* change(s) to shop.orders.dead, shop.payments, shop.payments.dead, shop.refunds, shop.refunds.dead" \
  "$tmp/serve-apply.log" && ok || bad "the log says what was applied: $(grep applied "$tmp/serve-apply.log")"
get /status >/dev/null
/usr/bin/python3 - "$tmp/body" <<'PY' && ok || bad "/status keeps shop.orders' changes waiting"
import json, sys
status = json.load(open(sys.argv[1]))
[env] = status["environments"]
assert status["mode"] == "apply" and env["result"] == "success", (status["mode"], env["result"], env["error"])
assert [d["topic"] for d in env["drift"]] == ["legacy.audit", "shop.orders"], env["drift"]
assert any("partitions/only-grow" in line for line in env["waiting"]), env["waiting"]
PY
kill -TERM "$served"; wait "$served"; served=""

# 11. a folder outside Git is read again each cycle; a usage error exits 1
mkdir "$tmp/disk" && cp "$tmp/work/topics/"*.yaml "$tmp/disk/"
"$bin" serve "$tmp/disk" --bootstrap-server "$S" --interval 1s --listen "127.0.0.1:$port" --env test 2>"$tmp/serve-disk.log" &
on_disk=$!
until_sample 'topicform_topics_managed{environment="test"}' 6 30 >/dev/null
first=$(get /status >/dev/null && /usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["revision"])' "$tmp/body")
[[ "$first" == disk:* ]] && ok || bad "the revision of a folder is a digest of its files: $first"
rm "$tmp/disk/payments.yaml"
[ "$(until_sample 'topicform_topics_managed{environment="test"}' 4 15)" != -1 ] && ok || bad "a file removed from the folder is seen"
kill -TERM "$on_disk"; wait "$on_disk"; on_disk=""
# 12. --check: check's layers each cycle, its gauges beside serve's; a message parked by hand in
# a dead topic shows within a cycle or two.
"$bin" serve "$tmp/disk" --bootstrap-server "$S" --interval 1s --listen "127.0.0.1:$port" --env test \
  --check 2>"$tmp/serve-check.log" &
on_disk=$!
dead='topicform_dead_letter_messages{environment="test",topic="shop.orders.dead"}'
[ "$(until_sample "$dead" 0 30)" != -1 ] && ok || bad "--check counts the empty dead topic"
[ "$(sample 'topicform_check_healthy{environment="test"}')" = 0 ] && ok ||
  bad "the check fails: shop.orders differs from its manifest"
[ "$(sample 'topicform_topic_matches_manifest{environment="test",topic="shop.orders"}')" = 0 ] && ok ||
  bad "check's gauge names the topic that differs"
/usr/bin/python3 -c '
import sys
from confluent_kafka import Producer
p = Producer({"bootstrap.servers": sys.argv[1]})
p.produce("shop.orders.dead", key=b"o-1", value=b"{}")
sys.exit(p.flush(10))' "$S" && ok || bad "a message is parked by hand"
[ "$(until_sample "$dead" 1 15)" != -1 ] && ok || bad "the parked message is counted within a few cycles"
get /metrics >/dev/null && promtool check metrics <"$tmp/body" >"$tmp/out" 2>"$tmp/err" && ok ||
  bad "promtool accepts serve's and check's gauges together: $(head -3 "$tmp/err" "$tmp/out")"
[ "$(grep -c '^# TYPE topicform_check_healthy ' "$tmp/body")" = 1 ] && ok || bad "each family declared once"
get /status >/dev/null
/usr/bin/python3 - "$tmp/body" <<'PY' && ok || bad "/status carries the check's verdict"
import json, sys
[env] = json.load(open(sys.argv[1]))["environments"]
assert env["check"] == {"healthy": False, "firstFailingLayer": "topics"}, env.get("check")
PY
kill -TERM "$on_disk"; wait "$on_disk"; on_disk=""
# 13. SIGTERM while apply mode writes: the write in flight ends and is told, then serve exits 0,
# and the broker has every topic of the batch (nothing half-applied without a line saying so).
mkdir "$tmp/many" && cp "$tmp/disk/topicform.yaml" "$tmp/many/"
for i in $(seq 150); do
  printf 'apiVersion: topicform/v1\nkind: Topic\nmetadata: {name: bulk.t%s-created}\nspec:\n  description: Bulk topic.\n  kind: event\n  partitions: 1\n  retention: 7d\n  replayable: outbox\n  owner: {team: qa, producer: shop-service, consumers: [billing-service], key: orderId, ordering: per-key}\n' \
    "$i" >"$tmp/many/t$i.yaml"
done
"$bin" serve "$tmp/many" --bootstrap-server "$S" --interval 1h --listen "127.0.0.1:$port" --env test \
  --mode apply --log-level debug 2>"$tmp/serve-term.log" &
term=$!
# The broker is frozen as soon as the create is sent, so the write is still in flight when the
# signal comes (unfrozen, it takes about 0.1 s: too short to hit by polling).
exec 8< <(tail -n +1 -F "$tmp/serve-term.log" 2>/dev/null)
follower=$!
timeout 60 grep -q -m1 -F "create 300 topic(s)..." <&8 && ok || bad "the create of 300 topics is sent"
broker_pid=$(cat "$tmp/broker/node1/pid")
kill -STOP "$broker_pid"
kill -TERM "$term"
logged=$(stat -c %s "$tmp/serve-term.log")
sleep 2
kill -0 "$term" 2>/dev/null && ok || bad "serve does not exit while its write waits for the broker"
kill -CONT "$broker_pid"
resumed_at=$(date +%s.%N)
wait "$term"; code=$?
took=$(echo "$(date +%s.%N) - $resumed_at" | bc)
kill "$follower" 2>/dev/null; exec 8<&-
tail -c +$((logged + 1)) "$tmp/serve-term.log" | grep -q "applied 300 change(s)" && ok ||
  bad "the write in flight when SIGTERM came ends and is told after it"
[ "$code" = 0 ] && ok || bad "serve exits 0 after the write (exit $code)"
[ "$(echo "$took < 30" | bc)" = 1 ] && ok || bad "serve exits within 30 s of the broker answering (took $took s)"
[ "$(tail -1 "$tmp/serve-term.log" | sed 's/.*: //')" = stopped ] && ok || bad "the last line says it stopped"
run kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --list
[ "$(grep -c '^bulk\.t[0-9]*-created\(\.dead\)\?$' "$tmp/out")" = 300 ] && ok ||
  bad "the broker has all 300 topics of the batch ($(grep -c '^bulk' "$tmp/out"))"
# An IPv6 address is written in brackets in the URL serve says, and that URL answers.
"$bin" serve "$tmp/disk" --bootstrap-server "$S" --listen "[::1]:0" --interval 1h --env test 2>"$tmp/serve-v6.log" &
v6=$!
for _ in $(seq 100); do grep -q "^serving " "$tmp/serve-v6.log" && break; sleep 0.1; done
v6url=$(sed -n 's/^serving \(http:[^ ]*\) .*/\1/p' "$tmp/serve-v6.log")
[[ "$v6url" =~ ^http://\[::1\]:[0-9]+/$ ]] && curl -sfg "${v6url}healthz" >/dev/null && ok ||
  bad "the IPv6 URL serve says answers: '$v6url'"
kill -TERM "$v6"; wait "$v6"; v6=""
expect_exit 1 "a path that is not there" "$bin" serve "$tmp/no-such-folder" --bootstrap-server "$S"
expect_out "^topicform: error: '$tmp/no-such-folder': no such file or folder; serve reads the manifests from there each cycle, so name a folder that holds them$" "the missing path is named"
expect_exit 1 "--mode write is no mode" "$bin" serve "$tmp/disk" --mode write
expect_out "use report or apply" "the usage error says which modes there are"
expect_exit 1 "a taken port" "$bin" serve "$tmp/disk" --listen "127.0.0.1:${S##*:}" --bootstrap-server "$S"
expect_out "cannot listen on 127.0.0.1:${S##*:}" "the error names the address"
finish
