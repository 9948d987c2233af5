#!/usr/bin/env bash
# Benchmark (not a timed test): `topicform check` and `topicform import` at N topics (each with
# its .dead topic, so 2N) on one local broker, side by side, interleaved, REPS times, with:
#   check   the runbook's step 7 by hand for every topic (kafka-topics.sh --describe,
#           kafka-get-offsets.sh for the topic and its .dead topic, kafka-consumer-groups.sh
#           --describe): sampled on SAMPLE topics and extrapolated to N, labelled so;
#           and the same facts in one call of each tool for all topics ("batched by hand")
#   import  topicctl bootstrap (v1.23.1, when Go can build it), and by hand one
#           kafka-configs.sh --describe --all plus one kafka-topics.sh --describe (the facts only,
#           no manifests written)
# Prints each run, the medians, the ratios and topicform's requests.
# Usage: tests/bench/check_import.sh [N...]   (default: 1000 5000); REPS=3 SAMPLE=5
set -euo pipefail
cd "$(dirname "$0")/../.."
sizes=("${@:-1000 5000}")
read -r -a sizes <<<"${sizes[*]}"
reps="${REPS:-3}"
sample="${SAMPLE:-5}"
tmp=$(mktemp -d)
source tests/bench/lib.sh
bench_build
broker="$tmp/broker"
export TOPICFORM_BROKER_HEAP="${TOPICFORM_BROKER_HEAP:-2g}"
trap 'ci/kafka/broker stop "$broker" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
tool() { java -cp "$jars" "$@" >/dev/null 2>&1; }
topicctl_build
[ -x "$topicctl" ] || echo "bench: no topicctl (needs Go): its column is skipped"

runbook_sample() {  # the step-7 commands for SAMPLE topics, one JVM each, as the runbook runs them
  tool org.apache.kafka.tools.ClusterTool cluster-id --bootstrap-server "$S"
  for i in $(seq 1 "$sample"); do
    tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --describe --topic "bench.t$i-created"
    tool org.apache.kafka.tools.GetOffsetShell --bootstrap-server "$S" --topic "bench.t$i-created"
    tool org.apache.kafka.tools.consumer.group.ConsumerGroupCommand --bootstrap-server "$S" --describe --group reader-service
    tool org.apache.kafka.tools.GetOffsetShell --bootstrap-server "$S" --topic "bench.t$i-created.dead"
  done
}
batched_by_hand() {
  tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --describe
  tool org.apache.kafka.tools.GetOffsetShell --bootstrap-server "$S"
  tool org.apache.kafka.tools.consumer.group.ConsumerGroupCommand --bootstrap-server "$S" --describe --all-groups
}
import_by_hand() {
  tool kafka.admin.ConfigCommand --bootstrap-server "$S" --describe --entity-type topics --all
  tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --describe
}
topicctl_bootstrap() {
  topicctl_cluster "$tmp/cluster.yaml" "$S"
  rm -rf "$tmp/topicctl-out" && mkdir -p "$tmp/topicctl-out"
  "$topicctl" bootstrap --no-spinner --cluster-config "$tmp/cluster.yaml" --output "$tmp/topicctl-out" --overwrite
}

for n in "${sizes[@]}"; do
  ci/kafka/broker stop "$broker" >/dev/null 2>&1 || true
  rm -rf "$broker" "$tmp/p" "$tmp/results"
  port=$(ci/kafka/broker free-port 2)
  ci/kafka/broker start "$broker" "$port" 1 >/dev/null
  S="127.0.0.1:$port"
  project "$tmp/p" "$n"
  "$bin" apply --auto-approve --bootstrap-server "$S" "$tmp/p" >/dev/null 2>&1
  # One message read by the declared group, so it exists with a committed offset. Right after a
  # large create the broker may still refuse a write: try until the message is there.
  for _ in 1 2 3 4 5; do
    echo "m" | tool org.apache.kafka.tools.ConsoleProducer --bootstrap-server "$S" --topic bench.t1-created || true
    java -cp "$jars" org.apache.kafka.tools.GetOffsetShell --bootstrap-server "$S" --topic bench.t1-created 2>/dev/null |
      grep -qv ':0$' && break
    sleep 2
  done
  tool org.apache.kafka.tools.consumer.ConsoleConsumer --bootstrap-server "$S" --topic bench.t1-created \
    --group reader-service --from-beginning --max-messages 1 --timeout-ms 60000 || true
  for rep in $(seq 1 "$reps"); do
    timed check "$bin" check --stats --bootstrap-server "$S" "$tmp/p"
    [ "$rep" = 1 ] && grep "^requests" "$tmp/err" | sed "s/^/bench: N=$n check /"
    timed check-batched-by-hand batched_by_hand
    timed check-runbook-sample runbook_sample
    rm -rf "$tmp/adopt"
    timed import "$bin" import --stats --bootstrap-server "$S" --out "$tmp/adopt"
    [ "$rep" = 1 ] && grep "^requests" "$tmp/err" | sed "s/^/bench: N=$n import /"
    timed import-by-hand import_by_hand
    [ -x "$topicctl" ] && timed import-topicctl topicctl_bootstrap
  done
  echo "bench: N=$n ($((2 * n)) topics), medians of $reps (seconds, exit codes of the runs):"
  for what in check check-batched-by-hand check-runbook-sample import import-by-hand import-topicctl; do
    grep -q "^$what " "$tmp/results" || continue
    m=$(grep "^$what " "$tmp/results" | cut -d' ' -f2 | median)
    codes=$(grep "^$what " "$tmp/results" | cut -d' ' -f3 | tr '\n' ' ')
    line="  $what: median $m s (exit $codes)"
    if [ "$what" = check-runbook-sample ]; then
      line="$line -> extrapolated to $n topics: $(echo "scale=1; $m * $n / $sample" | bc) s (runbook loop, sampled)"
    fi
    echo "$line"
  done
  c=$(grep "^check " "$tmp/results" | cut -d' ' -f2 | median)
  i=$(grep "^import " "$tmp/results" | cut -d' ' -f2 | median)
  b=$(grep "^check-batched-by-hand " "$tmp/results" | cut -d' ' -f2 | median)
  r=$(grep "^check-runbook-sample " "$tmp/results" | cut -d' ' -f2 | median)
  h=$(grep "^import-by-hand " "$tmp/results" | cut -d' ' -f2 | median)
  echo "  ratios: check vs batched by hand $(echo "scale=2; $b / $c" | bc)x faster, vs the runbook loop $(echo "scale=0; $r * $n / $sample / $c" | bc)x faster; import vs by hand $(echo "scale=2; $h / $i" | bc)x"
  if grep -q "^import-topicctl " "$tmp/results"; then
    t=$(grep "^import-topicctl " "$tmp/results" | cut -d' ' -f2 | median)
    echo "  import vs topicctl bootstrap: $(echo "scale=2; $t / $i" | bc)x faster"
  fi
done
