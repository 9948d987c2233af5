#!/usr/bin/env bash
# Benchmark (not a timed test): the dead-letter operations against what a user runs instead, side
# by side in one run on one broker. `dead replay --execute` (exactly once, in transactions) and
# the runbook's replay.py (confluent-kafka, at least once) each replay N dead letters to a source
# of 3 partitions; `dead show` triages N, and then BIG, dead letters. Prints times, peak RSS and
# ratios.   Usage: tests/bench/dead_ops.sh [N] [BIG]   (defaults 100000 1000000)
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
for t in a b c; do
  printf 'apiVersion: topicform/v1\nkind: Topic\nmetadata: {name: bench.%s-created}\nspec:\n  description: Benchmark topic.\n  kind: event\n  partitions: 3\n  retention: 7d\n  replayable: outbox\n  owner: {team: bench, producer: maker-service, consumers: [billing-service], key: entity_id, ordering: per-key}\n' "$t" >"$tmp/p/$t.yaml"
done
"$bin" apply --auto-approve "$tmp/p" >/dev/null
$py tests/bench/fill_dead.py bench.a-created.dead bench.a-created "$n"
$py tests/bench/fill_dead.py bench.b-created.dead bench.b-created "$n"
# Warm-up, untimed: the broker makes its transaction and offsets logs on their first use.
# (replay.py is not warmed up: it never closes its consumer, and the next run in its group
# would wait for that member's session to expire, past its 5 s poll, and replay nothing.)
"$bin" dead replay bench.c-created --execute "$tmp/p" >/dev/null
: >"$tmp/results"
# dead show exits 1 when a dead topic holds messages: that is its success here.
expect_one='"$0" "$@"; [ $? = 1 ]'
timed show sh -c "$expect_one" "$bin" dead show --topic bench.a-created "$tmp/p"
grep -q "^bench.a-created.dead: $n messages, 20 causes$" "$tmp/out" || { echo "bench: dead show said $(head -1 "$tmp/out")" >&2; exit 1; }
timed replay "$bin" dead replay bench.a-created --execute "$tmp/p"
grep -q "^replayed $n messages" "$tmp/out" || { echo "bench: topicform replayed $(cat "$tmp/out")" >&2; exit 1; }
timed replay.py $py tests/bench/replay.py bench.b-created
grep -q "^replayed: $n$" "$tmp/out" || { echo "bench: replay.py replayed $(cat "$tmp/out")" >&2; exit 1; }
$py tests/bench/fill_dead.py bench.c-created.dead bench.c-created "$big"
timed show-big sh -c "$expect_one" "$bin" dead show --topic bench.c-created "$tmp/p"
grep -q "^bench.c-created.dead: $big messages, 20 causes$" "$tmp/out" || { echo "bench: dead show said $(head -1 "$tmp/out")" >&2; exit 1; }
echo "dead-letter operations, one broker, $n dead letters (3-partition sources), one run each:"
for label in show replay replay.py show-big; do echo "  $label: $(stat_line "$label")"; done
ours=$(column_of replay 2)
theirs=$(column_of replay.py 2)
echo "  replay time ratio topicform / replay.py: $(echo "scale=2; $ours / $theirs" | bc)" \
  "(replay.py's last poll waits 5 s for nothing, as the runbook writes it; without it:" \
  "$(echo "scale=2; $ours / ($theirs - 5)" | bc))"
