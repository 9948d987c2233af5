#!/usr/bin/env bash
# Benchmark (not a timed test): the deploy-pipeline case, a config change right after a large
# create, on one local broker (fresh for each run, so runs do not share partitions). N manifests
# (each a topic of BENCH_PARTITIONS partitions, 3 by default, with two more configs, plus its
# .dead topic, so 2N topics) are applied, then at once the retention of every source changes and
# is applied, then every source grows by one partition.
# Side by side, interleaved, REPS times:
#   topicform apply (create), then topicform apply (change), then topicform apply (grow)
#   tests/bench/batched_baseline.cpp: one CreateTopics, Metadata until led; one AlterConfigs,
#   DescribeConfigs until shown; one CreatePartitions, Metadata until led (the fewest requests,
#   no checks: the physical limit)
# Prints each run's seconds, exit code and peak RSS, the medians, minimums and ratios, and
# topicform's requests (and adds the runs to $BENCH_RESULTS for scale_table.sh, when set).
# Usage: tests/bench/apply_after_create.sh [N] [REPS]   (default: 1000 3); OLD_TOPICFORM=BINARY
# also runs an older build the same way; NODES=3 runs each on a three-node cluster (one broker
# here may hold at most 20,000 open files: take N = 5,000 there).
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-1000}"
reps="${2:-3}"
. tests/bench/lib.sh
bench_build
tmp=$(mktemp -d)
topicctl=""
[ "${TOPICCTL:-1}" = 0 ] || topicctl_build
[ -n "$topicctl" ] || echo "bench: no topicctl (needs Go, or TOPICCTL=0): its runs are skipped"
baseline="$tmp/batched_baseline"
# shellcheck disable=SC2046
c++ -O2 -std=c++20 tests/bench/batched_baseline.cpp -o "$baseline" $(pkg-config --cflags --libs rdkafka)
export TOPICFORM_BROKER_HEAP="${TOPICFORM_BROKER_HEAP:-2g}"
broker="$tmp/broker"
trap 'ci/kafka/broker stop "$broker" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT

project() {  # DIR RETENTION PARTITIONS: allowKeyRemap, as the growth step moves keys
  mkdir -p "$1/bench"
  for i in $(seq 1 "$n"); do
    cat >"$1/bench/t$i.yaml" <<YAML
apiVersion: topicform/v1
kind: Topic
metadata: {name: bench.t$i-created}
spec:
  description: Benchmark topic $i.
  kind: event
  partitions: $3
  allowKeyRemap: true
  config: {min.insync.replicas: 1, segment.bytes: 536870912}
  retention: $2
  replayable: outbox
  owner: {team: bench, producer: maker-service, consumers: [reader-service], key: entity_id, ordering: per-key}
YAML
  done
  printf 'apiVersion: topicform/v1\nkind: Settings\nspec:\n  budgets: {partitionReplicasPerBroker: 100000}\n' >"$1/topicform.yaml"
}
fresh_broker() {
  ci/kafka/broker stop "$broker" >/dev/null 2>&1 || true
  rm -rf "$broker"
  local port
  port=$(ci/kafka/broker free-port $((2 * ${NODES:-1})))
  ci/kafka/broker start "$broker" "$port" "${NODES:-1}" >/dev/null
  KAFKA_BOOTSTRAP_SERVERS=$(cat "$broker/bootstrap")
  export KAFKA_BOOTSTRAP_SERVERS
}
project "$tmp/seven" 7d "$partitions"
project "$tmp/eight" 8d "$partitions"
project "$tmp/grown" 8d $((partitions + 1))
: >"$tmp/results"
create_then_change() {  # LABEL BINARY REP: the create, then at once the change, on a fresh broker
  fresh_broker
  timed "$1-create" "$2" apply --auto-approve "$tmp/seven"
  cp -r "$tmp/seven" "$tmp/now" && cp "$tmp/eight/bench/"*.yaml "$tmp/now/bench/"
  timed "$1-change" "$2" apply --auto-approve --stats "$tmp/now"
  grep '^requests:' "$tmp/err" | sed "s/^/  rep $3 $1 change /" >>"$tmp/requests" || true
  cp "$tmp/grown/bench/"*.yaml "$tmp/now/bench/"
  timed "$1-grow" "$2" apply --auto-approve --stats "$tmp/now"
  grep '^requests:' "$tmp/err" | sed "s/^/  rep $3 $1 grow /" >>"$tmp/requests" || true
  rm -rf "$tmp/now"
}
topicctl_topics "$tmp/tc-seven.yaml" "$n" 10080 "$partitions"
topicctl_topics "$tmp/tc-eight.yaml" "$n" 11520 "$partitions"
topicctl_topics "$tmp/tc-grown.yaml" "$n" 11520 $((partitions + 1))
topicctl_runs() {  # the same three steps with topicctl apply, polling every 100 ms
  fresh_broker
  topicctl_cluster "$tmp/cluster.yaml" "$KAFKA_BOOTSTRAP_SERVERS"
  local step steps=(create:seven change:eight)
  [ "$n" -gt "${TOPICCTL_GROW_MAX:-100}" ] || steps+=(grow:grown)
  for step in "${steps[@]}"; do
    timed "topicctl-${step%%:*}" "$topicctl" apply --skip-confirm --sleep-loop-duration 100ms \
      --cluster-config "$tmp/cluster.yaml" "$tmp/tc-${step#*:}.yaml"
  done
}
for rep in $(seq 1 "$reps"); do
  create_then_change topicform "$bin" "$rep"
  [ -z "$topicctl" ] || topicctl_runs
  fresh_broker
  timed baseline-create "$baseline" create bench "$n" 604800000 "$partitions"
  timed baseline-change "$baseline" alter bench "$n" 691200000
  timed baseline-grow "$baseline" grow bench "$n" $((partitions + 1))
  # An older build, to see what a change bought.
  [ -z "${OLD_TOPICFORM:-}" ] || create_then_change old "$OLD_TOPICFORM" "$rep"
done

echo "N=$n manifests ($((2 * n)) topics: sources of $partitions partitions, each .dead 1), ${NODES:-1} local broker(s), $reps interleaved runs each:"
sed 's/^/  run: /' "$tmp/results"
for op in create change grow; do
  t=$(column_of "topicform-$op" 2 | median)
  b=$(column_of "baseline-$op" 2 | median)
  printf '  %-6s topicform %s\n         baseline  %s\n         topicform / baseline (medians): %.2fx\n' \
    "$op" "$(stat_line "topicform-$op")" "$(stat_line "baseline-$op")" "$(echo "$t / $b" | bc -l)"
  export_results "$n" "$op" "topicform-$op" topicform
  export_results "$n" "$op" "baseline-$op" baseline
  if [ -n "$topicctl" ] && grep -q "^topicctl-$op " "$tmp/results"; then
    c=$(column_of "topicctl-$op" 2 | median)
    printf '         topicctl  %s: %.2fx the baseline, %.1fx topicform\n' \
      "$(stat_line "topicctl-$op")" "$(echo "$c / $b" | bc -l)" "$(echo "$c / $t" | bc -l)"
    export_results "$n" "$op" "topicctl-$op" topicctl
  fi
  if [ -n "${OLD_TOPICFORM:-}" ]; then
    printf '         older topicform %s\n' "$(stat_line "old-$op")"
  fi
done
cat "$tmp/requests" 2>/dev/null || true
