#!/usr/bin/env bash
# Benchmark (not a timed test): `topicform serve` on a cluster of 2N topics (N manifests, each a
# topic of $BENCH_PARTITIONS partitions plus its .dead) with no drift, cycling every second for
# CYCLES cycles. Prints, from /proc and serve's own /metrics: the wall time of a cycle, the
# client's CPU per cycle, its resident memory after cycles 1, 10, CYCLES/2 and CYCLES (flat is
# the goal), the share of a 2-minute interval one cycle's CPU costs, and how long a config
# changed with kafka-configs.sh takes to show in /metrics. Where a cycle's time goes comes from
# serve's own debug lines (--log-level debug): the refresh, the validation, the environment's
# plan, each phase of it with the admin requests it sent, and with BENCH_CHECK=1 (serve --check)
# check's layers, averaged over cycles 11..CYCLES.
# Usage: tests/bench/serve_cycles.sh [N] [CYCLES]   (default: 5000 100)
# A single broker needs file descriptors for every partition: with 5000 x 3 + 5000 partitions
# it ran out under a limit of 20,000 open files ("Too many open files" in its log, partitions it
# could no longer answer ListOffsets for, and each read then waited out --timeout); where the
# limit cannot be raised, BENCH_PARTITIONS=1 keeps 10,000 topics within it.
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-5000}"
cycles="${2:-100}"
tmp=$(mktemp -d)
source tests/bench/lib.sh
bench_build
export TOPICFORM_BROKER_HEAP="${TOPICFORM_BROKER_HEAP:-2g}"
port=$(ci/kafka/broker free-port 2)
ci/kafka/broker start "$tmp/broker" "$port" 1 >/dev/null
trap 'kill ${served:-} 2>/dev/null; ci/kafka/broker stop "$tmp/broker" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
S=127.0.0.1:$port
project "$tmp/p" "$n"
"$bin" apply --auto-approve --timeout 5m "$tmp/p" --bootstrap-server "$S" >/dev/null 2>"$tmp/apply.err" ||
  { tail -5 "$tmp/apply.err" >&2; exit 1; }
echo "applied $((2 * n)) topics ($partitions partitions each, their .dead 1)"

listen=$(ci/kafka/broker free-port 1)
check_option=()
[ "${BENCH_CHECK:-0}" = 1 ] && check_option=(--check)
"$bin" serve "$tmp/p" --bootstrap-server "$S" --interval 1s --listen "127.0.0.1:$listen" --timeout 2m \
  "${check_option[@]}" --log-level debug 2>"$tmp/serve.log" &
served=$!
metric() { curl -s --max-time 10 "http://127.0.0.1:$listen/metrics" | awk -v m="$1" 'index($0, m " ") == 1 {print $NF}'; }
done_cycles() { metric 'topicform_cycles_total{environment="default",result="success"}' || echo 0; }
ticks=$(getconf CLK_TCK)
cpu_seconds() { awk -v t="$ticks" '{printf "%.2f", ($14 + $15) / t}' "/proc/$served/stat"; }
rss_mib() { awk '/^VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$served/status"; }
wait_cycles() { until [ "$(done_cycles)" -ge "$1" ] 2>/dev/null; do sleep 0.2; done; }

wait_cycles 1
echo "cycle 1: $(metric topicform_cycle_duration_seconds) s wall, RSS $(rss_mib) MiB"
wait_cycles 10
cpu10=$(cpu_seconds) at10=$(date +%s.%N)
echo "after 10 cycles: RSS $(rss_mib) MiB"
if [ $((cycles / 2)) -gt 10 ]; then
  wait_cycles $((cycles / 2))
  echo "after $((cycles / 2)) cycles: RSS $(rss_mib) MiB"
fi
wait_cycles "$cycles"
cpu=$(cpu_seconds) now=$(date +%s.%N)
echo "after $cycles cycles: RSS $(rss_mib) MiB; last cycle $(metric topicform_cycle_duration_seconds) s wall"
per=$(echo "($cpu - $cpu10) / ($cycles - 10)" | bc -l)
wall=$(echo "($now - $at10) / ($cycles - 10)" | bc -l)
printf 'cycles 11..%s: %.2f s CPU and %.2f s between starts per cycle (1 s of it the interval); %.1f %% of a 2-minute interval\n' \
  "$cycles" "$per" "$wall" "$(echo "100 * $per / 120" | bc -l)"

python3 tests/bench/serve_breakdown.py "$tmp/serve.log" 11 "$cycles"

java -XX:TieredStopAtLevel=1 -cp "$jars" kafka.admin.ConfigCommand --bootstrap-server "$S" --entity-type topics \
  --entity-name bench.t1-created --alter --add-config retention.ms=1000 >/dev/null 2>&1
began=$(date +%s.%N)
until [ "$(metric 'topicform_topic_in_sync{environment="default",topic="bench.t1-created",reason="config"}')" = 0 ]; do sleep 0.2; done
printf 'a config changed with kafka-configs.sh showed in /metrics after %.1f s (interval 1 s)\n' "$(echo "$(date +%s.%N) - $began" | bc -l)"
