#!/usr/bin/env bash
# Benchmark (not a timed test): topicform against the runbook's way on one local broker, side by
# side in one run. For N manifests (each a topic plus its .dead topic, so 2N topics):
#   apply of 2N new topics      vs  one `kafka-topics.sh --create --if-not-exists` per topic
#   a no-change plan of 2N      vs  one `kafka-topics.sh --describe` per topic
# and topicform alone at larger N. Prints wall times, ratios, peak RSS and admin request counts.
# Usage: tests/bench/plan_apply_vs_kafka_topics.sh [N] [LARGER_N...]   (default: 100 1000)
# N=0 skips the side-by-side part and measures topicform alone at each LARGER_N.
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-100}"
shift || true
larger=("${@:-1000}")
. tests/bench/lib.sh
bench_build
tmp=$(mktemp -d)
# 448 MiB (the tests' broker) runs out of heap near 16,000 partitions; N=5000 makes 30,000.
export TOPICFORM_BROKER_HEAP="${TOPICFORM_BROKER_HEAP:-2g}"
echo "broker heap: $TOPICFORM_BROKER_HEAP" >&2
ci/kafka/broker start "$tmp/broker" "$(ci/kafka/broker free-port 2)" 1
trap 'ci/kafka/broker stop "$tmp/broker"; rm -rf "$tmp"' EXIT
bootstrap=$(cat "$tmp/broker/bootstrap")

generate() {  # DIR DOMAIN COUNT
  mkdir -p "$1"
  for i in $(seq 1 "$3"); do
    cat >"$1/t$i.yaml" <<YAML
apiVersion: topicform/v1
kind: Topic
metadata: {name: $2.entity$i.events}
spec:
  description: Benchmark topic $i.
  kind: event
  partitions: 3
  retention: 7d
  replayable: outbox
  owner: {team: bench, producer: maker-service, consumers: [reader-service], key: entity_id, ordering: per-key}
YAML
  done
  printf 'apiVersion: topicform/v1\nkind: Settings\nspec:\n  naming: {convention: domain-entity-kind}\n  budgets: {partitionReplicasPerBroker: 100000}\n' >"$1/topicform.yaml"
}
seconds() {  # COMMAND...: prints "wall-seconds peak-KiB"; a failed command stops the benchmark
  if ! /usr/bin/time -f '%e %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/stderr"; then
    echo "bench: failed: $*" >&2
    tail -5 "$tmp/stderr" >&2
    return 1
  fi
  cat "$tmp/time"
}

if [ "$n" -gt 0 ]; then
generate "$tmp/n" bench "$n"
read -r apply_s apply_kb < <(seconds "$bin" apply --auto-approve --bootstrap-server "$bootstrap" "$tmp/n")
read -r plan_s plan_kb < <(seconds "$bin" plan --detailed-exitcode --stats --bootstrap-server "$bootstrap" "$tmp/n")
requests=$(grep '^requests:' "$tmp/stderr" || true)

# The runbook's way, on other names so both create from scratch.
start=$(date +%s.%N)
for i in $(seq 1 "$n"); do
  for name in "peer.entity$i.events" "peer.entity$i.events.dead"; do
    java -cp "$jars" org.apache.kafka.tools.TopicCommand --bootstrap-server "$bootstrap" --create \
      --if-not-exists --topic "$name" --partitions 3 --replication-factor 1 \
      --config retention.ms=604800000 --config cleanup.policy=delete >/dev/null 2>&1
  done
done
peer_create=$(echo "$(date +%s.%N) - $start" | bc)
start=$(date +%s.%N)
for i in $(seq 1 "$n"); do
  for name in "peer.entity$i.events" "peer.entity$i.events.dead"; do
    java -cp "$jars" org.apache.kafka.tools.TopicCommand --bootstrap-server "$bootstrap" --describe \
      --topic "$name" >/dev/null 2>&1
  done
done
peer_describe=$(echo "$(date +%s.%N) - $start" | bc)

echo "N=$n manifests ($((2 * n)) topics with dead topics), one local broker:"
printf '  create:  topicform apply %ss, kafka-topics.sh loop %.1fs: %.0fx faster\n' "$apply_s" "$peer_create" "$(echo "$peer_create / $apply_s" | bc -l)"
printf '  check:   topicform plan  %ss, kafka-topics.sh --describe loop %.1fs: %.0fx faster\n' "$plan_s" "$peer_describe" "$(echo "$peer_describe / $plan_s" | bc -l)"
echo "  peak RSS: apply $((apply_kb / 1024)) MiB, plan $((plan_kb / 1024)) MiB; plan $requests"
fi
for size in ${larger[@]}; do
  generate "$tmp/n$size" "big$size" "$size"
  read -r a_s a_kb < <(seconds "$bin" apply --auto-approve --bootstrap-server "$bootstrap" "$tmp/n$size")
  read -r p_s p_kb < <(seconds "$bin" plan --detailed-exitcode --stats --bootstrap-server "$bootstrap" "$tmp/n$size")
  echo "N=$size manifests ($((2 * size)) topics): apply ${a_s}s ($((a_kb / 1024)) MiB), no-change plan ${p_s}s ($((p_kb / 1024)) MiB), plan $(grep '^requests:' "$tmp/stderr" || true)"
done
