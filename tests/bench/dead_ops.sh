#!/usr/bin/env bash
# Benchmark (not a timed test): the dead-letter operations against what a user runs instead, side
# by side in one run on one broker. `dead replay --execute` (exactly once, in transactions of
# 10,000) and the runbook's replay.py (confluent-kafka, at least once) each replay N and then BIG
# dead letters to a source of 3 partitions; `dead show` triages BIG. Then a replay of BIG is
# killed with SIGKILL midway and run again, and a read_committed reader counts every message of
# the source once. Prints times, peak RSS and ratios, with and without replay.py's final 5 s wait.
# Usage: tests/bench/dead_ops.sh [N] [BIG]   (defaults 100000 1000000)
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-100000}"
big="${2:-1000000}"
tmp=$(mktemp -d)
source tests/bench/lib.sh
bench_build
py=/usr/bin/python3
trap 'ci/kafka/broker stop "$tmp/broker" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
port=$(ci/kafka/broker free-port 2)
ci/kafka/broker start "$tmp/broker" "$port" 1 >/dev/null
export KAFKA_BOOTSTRAP_SERVERS
KAFKA_BOOTSTRAP_SERVERS=$(cat "$tmp/broker/bootstrap")
mkdir -p "$tmp/p"
printf 'apiVersion: topicform/v1\nkind: Settings\nspec:\n  environments:\n    perf: {brokers: 1, replicationFactor: {default: 1, minimum: 1}}\n' >"$tmp/p/topicform.yaml"
for t in a b c d e w; do
  printf 'apiVersion: topicform/v1\nkind: Topic\nmetadata: {name: bench.%s-created}\nspec:\n  description: Benchmark topic.\n  kind: event\n  partitions: 3\n  retention: 7d\n  replayable: outbox\n  owner: {team: bench, producer: maker-service, consumers: [billing-service], key: entity_id, ordering: per-key}\n' "$t" >"$tmp/p/$t.yaml"
done
"$bin" apply --auto-approve "$tmp/p" >/dev/null
for t in a b; do $py tests/bench/fill_dead.py "bench.$t-created.dead" "bench.$t-created" "$n"; done
for t in c d e; do $py tests/bench/fill_dead.py "bench.$t-created.dead" "bench.$t-created" "$big"; done
# Warm-up, untimed: the broker makes its transaction and offsets logs on their first use.
"$bin" dead replay bench.w-created --execute "$tmp/p" >/dev/null
: >"$tmp/results"
expect_replayed() {  # LABEL PATTERN: the last run's output starts with PATTERN
  grep -q "^$2" "$tmp/out" || { echo "bench: $1 replayed $(cat "$tmp/out")" >&2; exit 1; }
}
timed replay "$bin" dead replay bench.a-created --execute "$tmp/p"
expect_replayed replay "replayed $n messages"
timed replay.py $py tests/bench/replay.py bench.b-created replay-small
expect_replayed replay.py "replayed: $n$"
# dead show exits 1 when a dead topic holds messages: that is its success here.
expect_one='"$0" "$@"; [ $? = 1 ]'
timed show-big sh -c "$expect_one" "$bin" dead show --topic bench.c-created "$tmp/p"
grep -q "^bench.c-created.dead: $big messages, 20 causes$" "$tmp/out" || { echo "bench: dead show said $(head -1 "$tmp/out")" >&2; exit 1; }
timed replay-big "$bin" dead replay bench.c-created --execute "$tmp/p"
expect_replayed replay-big "replayed $big messages"
timed replay.py-big $py tests/bench/replay.py bench.d-created replay-big
expect_replayed replay.py-big "replayed: $big$"
# Killed midway: the dry run that follows must have something left to replay, and not all.
"$bin" dead replay bench.e-created --execute "$tmp/p" >/dev/null 2>&1 &
sleep 2
kill -9 $! && wait $! 2>/dev/null || true
left=$("$bin" dead replay bench.e-created "$tmp/p" | sed -n 's/^would replay \([0-9]*\) messages.*/\1/p')
[ "${left:-0}" -gt 0 ] && [ "$left" -lt "$big" ] || { echo "bench: the kill did not land midway (left: ${left:-none})" >&2; exit 1; }
"$bin" dead replay bench.e-created --execute "$tmp/p" >/dev/null
once=$($py tests/bench/count_once.py bench.e-created)
[ "$once" = "$big messages, $big distinct keys" ] || { echo "bench: after the kill, bench.e-created holds $once" >&2; exit 1; }
echo "dead-letter operations, one broker, 3-partition sources, one run each:"
for label in replay replay.py show-big replay-big replay.py-big; do echo "  $label: $(stat_line "$label")"; done
ratio() {  # OURS THEIRS: "ours/theirs (ours/(theirs - 5 s))"
  local ours theirs
  ours=$(column_of "$1" 2)
  theirs=$(column_of "$2" 2)
  echo "$(echo "scale=2; $ours / $theirs" | bc), without replay.py's final wait $(echo "scale=2; $ours / ($theirs - 5)" | bc)"
}
echo "  replay time ratio topicform / replay.py at $n: $(ratio replay replay.py)"
echo "  replay time ratio topicform / replay.py at $big: $(ratio replay-big replay.py-big)"
echo "  killed midway with $left of $big left, run again: a read_committed reader sees $once"
