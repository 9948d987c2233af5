#!/usr/bin/env bash
# Benchmark (not a timed test): a no-change plan and an import of N manifests (+N dead topics,
# 1 partition each) on one local broker, by two builds side by side, interleaved, REPS times,
# printing each run's seconds and the DescribeConfigs requests the plan sent.
# Usage: tests/bench/plan_import_before_after.sh OLD_BINARY [N] [REPS]   (default: 5000 3)
# The new binary is build/release's (built here).
set -euo pipefail
cd "$(dirname "$0")/../.."
old=$(readlink -f "${1:?usage: plan_import_before_after.sh OLD_BINARY [N] [REPS]}")
n="${2:-5000}"
reps="${3:-3}"
. tests/bench/lib.sh
bench_build
new=$bin
tmp=$(mktemp -d)
broker="$tmp/broker"
trap 'ci/kafka/broker stop "$broker" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
export TOPICFORM_BROKER_HEAP="${TOPICFORM_BROKER_HEAP:-2g}"
port=$(ci/kafka/broker free-port 2)
ci/kafka/broker start "$broker" "$port" 1 >/dev/null
S="127.0.0.1:$port"
mkdir -p "$tmp/p/bench"
for i in $(seq 1 "$n"); do
  printf 'apiVersion: topicform/v1\nkind: Topic\nmetadata: {name: bench.t%s-created}\nspec:\n  description: Benchmark topic.\n  kind: event\n  partitions: 1\n  retention: 7d\n  replayable: outbox\n  owner: {team: bench, producer: maker-service, consumers: [reader-service], key: entity_id, ordering: per-key}\n' "$i" >"$tmp/p/bench/t$i.yaml"
done
printf 'apiVersion: topicform/v1\nkind: Settings\nspec:\n  budgets: {partitionReplicasPerBroker: 100000}\n' >"$tmp/p/topicform.yaml"
"$new" apply --auto-approve --bootstrap-server "$S" "$tmp/p" >/dev/null 2>&1
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>"$tmp/err" || true; e=$(date +%s.%N); echo "$e - $s" | bc; }
for _ in $(seq 1 "$reps"); do
  for which in old new; do
    bin=$old
    [ "$which" = new ] && bin=$new
    plan=$(seconds "$bin" plan --stats --bootstrap-server "$S" "$tmp/p")
    echo "plan $which $plan s, $(grep -o '[0-9]* describe-configs' "$tmp/err")"
    rm -rf "$tmp/adopt"
    echo "import $which $(seconds "$bin" import --bootstrap-server "$S" --out "$tmp/adopt") s"
  done
done
