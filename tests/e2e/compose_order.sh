#!/usr/bin/env bash
# examples/compose in real processes on loopback, in Compose's order: a broker with auto-create
# off; a service started before the init step fails on the missing topic (and creates nothing);
# topicform runs exactly as the `topics` service (its command and environment, read from
# compose.yaml); then the billing-service consumer and a producer exchange a message; a second
# `topics` run (Compose recreates one-shot containers) writes nothing.
# Usage: tests/e2e/compose_order.sh TOPICFORM_BINARY KAFKA_CLIENT_BINARY   (from the repo root)
set -uo pipefail
bin=$(readlink -f "$1")
client=$(readlink -f "$2")
root=$(pwd)
tmp=$(mktemp -d)
suite=e2e
. "$(dirname "$0")/../lib.sh"
cleanup() {
  broker_down "$tmp/broker"
  [ "$failed" -ne 0 ] && mkdir -p build/e2e-logs && cp "$tmp"/broker/node*/server.log build/e2e-logs/ 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

# The `topics` service as Compose would run it: its command, its environment, its volume mapped
# to the host folder, and the broker's address in place of `broker:9092`.
/usr/bin/python3 - "$root/examples/compose/compose.yaml" "$root/examples/compose" >"$tmp/service" <<'PY' || { echo "e2e: cannot read compose.yaml" >&2; exit 1; }
import shlex, sys, os, yaml
compose = yaml.safe_load(open(sys.argv[1]))
topics = compose["services"]["topics"]
mounts = {}
for volume in topics["volumes"]:
    host, container = volume.split(":")[:2]
    mounts[container] = os.path.normpath(os.path.join(sys.argv[2], host))
args = []
for arg in topics["command"]:
    for container, host in mounts.items():
        if arg == container or arg.startswith(container + "/"):
            arg = host + arg[len(container):]
    args.append(arg)
print("args=(" + " ".join(shlex.quote(a) for a in args) + ")")
env = topics["environment"]
print("service_env=(" + " ".join(shlex.quote(f"{k}={v}") for k, v in env.items()
                                   if k != "KAFKA_BOOTSTRAP_SERVERS") + ")")
print("compose_bootstrap=" + shlex.quote(env["KAFKA_BOOTSTRAP_SERVERS"]))
PY
source "$tmp/service"
[ "$compose_bootstrap" = "broker:9092" ] && ok || bad "the topics service reads the runbook's KAFKA_BOOTSTRAP_SERVERS=broker:9092"

broker_up "$tmp/broker" 1
topic_exists() { kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --list 2>/dev/null | grep -qx "$1"; }
topics_service() { env -i PATH="$PATH" HOME="$tmp" "${service_env[@]}" KAFKA_BOOTSTRAP_SERVERS="$S" "$bin" "${args[@]}" "$@"; }

# Without the init step: the service fails on the missing topic, and the topic is not created.
KAFKA_BOOTSTRAP_SERVERS="$S" "$client" consume orders.created billing-service 30 >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 3 ] && ok || bad "a consumer before the init step fails on the missing topic (exit $status, expected 3)"
grep -q "orders.created" "$tmp/err" && ok || bad "its error names the topic"
topic_exists orders.created && bad "the missing topic was created by the consumer" || ok

# The init step, exactly as the `topics` service runs.
topics_service >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 0 ] && ok || bad "the topics service exits 0 (exit $status)"
grep -q "waiting for brokers: 1 of 1 registered, ready" "$tmp/err" && ok || bad "it waits for the brokers first"
tail -1 "$tmp/err" | grep -q "^Apply complete: .* The cluster matches the manifests.$" && ok || bad "its last line says the cluster matches"
for t in orders.created orders.created.dead commerce.orders.events identity.users.state.dead; do
  topic_exists "$t" && ok || bad "$t exists after the init step"
done

# Then the services: the consumer (group named after the service) gets what the producer sends.
KAFKA_BOOTSTRAP_SERVERS="$S" "$client" consume orders.created billing-service 60 >"$tmp/consumed" 2>"$tmp/consumer.err" &
consumer=$!
KAFKA_BOOTSTRAP_SERVERS="$S" "$client" produce orders.created order-42 '{"order_id":"order-42","total":1999}' >"$tmp/out" 2>"$tmp/err" && ok || bad "the producer sends"
wait "$consumer"
status=$?
cp "$tmp/consumed" "$tmp/out"; cp "$tmp/consumer.err" "$tmp/err"
[ "$status" = 0 ] && ok || bad "the consumer receives (exit $status)"
grep -qx 'consumed order-42={"order_id":"order-42","total":1999} from orders.created as billing-service' "$tmp/consumed" && ok || bad "the message arrives intact"

# `docker compose up` again: the one-shot container runs again and must be cheap.
topics_service --stats >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 0 ] && ok || bad "a re-run on a converged cluster exits 0 (exit $status)"
grep -q "^requests: .* 0 writes$" "$tmp/err" && ok || bad "a re-run writes nothing"
grep -q "^No changes" "$tmp/out" && ok || bad "a re-run shows no changes"

# A broker that never answers: a bounded wait and a one-line reason last.
env -i PATH="$PATH" "${service_env[@]}" KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:1 "$bin" "${args[@]/2m/3s}" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 1 ] && ok || bad "an unreachable broker exits 1 (exit $status)"
tail -1 "$tmp/err" | grep -q "^topicform: error: gave up waiting for 1 broker(s) after [0-9.]*s: no answer" && ok || bad "the reason is the last line"

finish
