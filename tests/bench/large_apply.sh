#!/usr/bin/env bash
# Scale check (not a timed test): a project of N manifests whose sources have P partitions and
# several configs (min.insync.replicas, segment.bytes, max.message.bytes, retention), each with
# its .dead topic, applied on a fresh cluster of NODES brokers, then planned again: the apply
# must succeed and the re-plan be empty. Prints the apply's time and requests.
# Usage: tests/bench/large_apply.sh N P [NODES]   e.g. 2000 3 1, 2000 12 3, 5000 3 3 (one broker
# here may hold at most 20,000 open files: spread larger projects over three nodes)
set -euo pipefail
cd "$(dirname "$0")/../.."
n="$1"
parts="$2"
nodes="${3:-1}"
tmp=$(mktemp -d)
source tests/bench/lib.sh
bench_build
export TOPICFORM_BROKER_HEAP="${TOPICFORM_BROKER_HEAP:-2g}"
broker="$tmp/broker"
trap 'ci/kafka/broker stop "$broker" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
mkdir -p "$tmp/p/large"
printf 'apiVersion: topicform/v1\nkind: Settings\nspec:\n  budgets: {partitionReplicasPerBroker: 100000}\n  environments:\n    bench: {brokers: %s, replicationFactor: {default: 1, minimum: 1}}\n' "$nodes" >"$tmp/p/topicform.yaml"
for i in $(seq 1 "$n"); do
  printf 'apiVersion: topicform/v1\nkind: Topic\nmetadata: {name: large.t%s-created}\nspec:\n  description: Scale check topic.\n  kind: event\n  partitions: %s\n  retention: 7d\n  replayable: outbox\n  config: {min.insync.replicas: 1, segment.bytes: 536870912, max.message.bytes: 2097152}\n  owner: {team: bench, producer: maker-service, consumers: [reader-service], key: entity_id, ordering: per-key}\n' "$i" "$parts" >"$tmp/p/large/t$i.yaml"
done
port=$(ci/kafka/broker free-port $((2 * nodes)))
ci/kafka/broker start "$broker" "$port" "$nodes" >/dev/null
export KAFKA_BOOTSTRAP_SERVERS
KAFKA_BOOTSTRAP_SERVERS=$(cat "$broker/bootstrap")
: >"$tmp/results"
timed apply "$bin" apply --auto-approve --stats "$tmp/p"
grep -E '^(requests|Apply complete)' "$tmp/err" | sed 's/^/  apply: /'
timed replan "$bin" plan --detailed-exitcode "$tmp/p"
tail -1 "$tmp/out" | sed 's/^/  re-plan: /'
echo "N=$n manifests ($((2 * n)) topics: sources of $parts partitions, each .dead 1; $((n * parts + n)) partitions), $nodes node(s):"
sed 's/^/  /' "$tmp/results"
[ "$(failures apply)" = 0 ] && [ "$(failures replan)" = 0 ]
