#!/usr/bin/env bash
# Benchmark (not a timed test): a no-change plan of N manifests (each a topic plus its .dead
# topic, 1 partition each, so 2N topics) on a local cluster of NODES brokers, side by side,
# interleaved, REPS times:
#   topicform plan --detailed-exitcode (exit 0: nothing to change)
#   tests/bench/batched_baseline.cpp read: one full Metadata and one DescribeConfigs of the 2N
#       topics with librdkafka, the least a plan must read (the physical limit)
#   the runbook's loop: one kafka-topics.sh --describe per topic, sampled on SAMPLE topics and
#       extrapolated to 2N (labelled so)
# Prints each size's medians, minimums, peak RSS, topicform's requests and the ratios (and adds
# the runs to $BENCH_RESULTS for scale_table.sh, when set).
# Usage: tests/bench/no_change_plan.sh [N...]   (default: 1000 5000); REPS=3 SAMPLE=5 NODES=1
# SETTLE=30 (seconds between the create and the first plan)
set -euo pipefail
cd "$(dirname "$0")/../.."
sizes=("${@:-1000 5000}")
read -r -a sizes <<<"${sizes[*]}"
reps="${REPS:-3}"
sample="${SAMPLE:-5}"
nodes="${NODES:-1}"
tmp=$(mktemp -d)
source tests/bench/lib.sh
bench_build
baseline="$tmp/batched_baseline"
# shellcheck disable=SC2046
c++ -O2 -std=c++20 tests/bench/batched_baseline.cpp -o "$baseline" $(pkg-config --cflags --libs rdkafka)
export TOPICFORM_BROKER_HEAP="${TOPICFORM_BROKER_HEAP:-2g}"
broker="$tmp/broker"
trap 'ci/kafka/broker stop "$broker" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
runbook_sample() {
  for i in $(seq 1 "$sample"); do
    java -cp "$jars" org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --describe \
      --topic "bench.t$i-created" >/dev/null 2>&1 || return 1
  done
}
for n in "${sizes[@]}"; do
  ci/kafka/broker stop "$broker" >/dev/null 2>&1 || true
  rm -rf "$broker" "$tmp/p" "$tmp/results"
  port=$(ci/kafka/broker free-port $((2 * nodes)))
  ci/kafka/broker start "$broker" "$port" "$nodes" >/dev/null
  S=$(cat "$broker/bootstrap")
  export KAFKA_BOOTSTRAP_SERVERS="$S"
  project "$tmp/p" "$n"
  "$bin" apply --auto-approve --bootstrap-server "$S" "$tmp/p" >/dev/null 2>&1
  # After a large create the broker writes partition logs for up to ~30 s: a plan measured then
  # measures that work too. Users plan long after their topics were made.
  sleep "${SETTLE:-30}"
  for rep in $(seq 1 "$reps"); do
    timed topicform "$bin" plan --detailed-exitcode --stats --bootstrap-server "$S" "$tmp/p"
    [ "$rep" = 1 ] && grep "^requests" "$tmp/err" | sed "s/^/bench: N=$n topicform /"
    timed baseline "$baseline" read bench "$n" 604800000
    timed runbook-sample runbook_sample
  done
  echo "bench: N=$n ($((2 * n)) topics: sources of $partitions partitions, each .dead 1), $nodes node(s), $reps runs each:"
  echo "  topicform plan: $(stat_line topicform)"
  echo "  one-request baseline: $(stat_line baseline)"
  r=$(column_of runbook-sample 2 | median)
  echo "  runbook loop: sampled $sample topics, median $r s -> extrapolated to $((2 * n)) topics: $(echo "scale=0; $r * 2 * $n / $sample" | bc) s"
  t=$(column_of topicform 2 | median)
  b=$(column_of baseline 2 | median)
  echo "  ratios (medians): topicform / baseline $(echo "scale=2; $t / $b" | bc); runbook loop / topicform $(echo "scale=0; $r * 2 * $n / $sample / $t" | bc)"
  export_results "$n" plan topicform topicform
  export_results "$n" plan baseline baseline
  [ -z "${BENCH_RESULTS:-}" ] || echo "$n plan runbook-loop $(echo "scale=1; $r * 2 * $n / $sample" | bc) 0 0" >>"$BENCH_RESULTS"
done
