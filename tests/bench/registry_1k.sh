#!/usr/bin/env bash
# Benchmark (not a timed test): a plan of N topics (default 1,000), each with a schema subject of
# its own, against a real Schema Registry (Apicurio Registry 3.3.3) and a Kafka 4 broker. After
# one apply (every subject registered), side by side, REPS times each:
#   topicform plan --stats                 (topics and subjects; no change)
#   topicform plan --skip-registry         (the topics alone: the registry's share is the rest)
#   a curl loop over the subjects          (what a script reads per subject: level, versions and
#                                           latest, one request after another)
# Prints the medians, the registry requests --stats counts, and the ratios.
# Usage: tests/bench/registry_1k.sh [N]   REPS=3
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-1000}"
reps="${REPS:-3}"
tmp=$(mktemp -d)
source tests/bench/lib.sh
bench_build
trap 'ci/kafka/broker stop "$tmp/broker" >/dev/null 2>&1 || true
      ci/registry/registry stop "$tmp/registry" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
port=$(ci/kafka/broker free-port 4)
ci/kafka/broker start "$tmp/broker" "$port" 1 >/dev/null
S=$(cat "$tmp/broker/bootstrap")
ci/registry/registry start "$tmp/registry" "$((port + 2))" >/dev/null
url=$(cat "$tmp/registry/url")
cp topics/topicform.yaml "$tmp/"
mkdir -p "$tmp/p" && cp topics/topicform.yaml "$tmp/p/"
python3 tests/bench/generate_manifests.py "$tmp/p" "$n" --schema-per-topic
python3 - "$tmp/p/topicform.yaml" "$url" <<'PY'
import sys
p, url = sys.argv[1], sys.argv[2]
s = open(p).read()
s = s.replace("      bootstrapServers: 127.0.0.1:9092\n",
              "      bootstrapServers: 127.0.0.1:9092\n      schemaRegistry: {url: '%s'}\n" % url, 1)
open(p, "w").write(s)
PY
timed apply "$bin" apply --auto-approve --bootstrap-server "$S" "$tmp/p"
echo "bench: apply of $n topics (+ their .dead) and $n subjects: $(stat_line apply)"
subjects=$(curl -fsS "$url/subjects" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
echo "bench: the registry holds $subjects subjects"
curl_loop() {
  for i in $(seq 0 $((n - 1))); do
    s="domain$((i / 100)).entity$i.events-value"
    curl -fsS "$url/config/$s" >/dev/null
    curl -fsS "$url/subjects/$s/versions" >/dev/null
    curl -fsS "$url/subjects/$s/versions/latest" >/dev/null
  done
}
sleep "${SETTLE:-20}"  # the broker's log writes after a large create would be measured too
for rep in $(seq 1 "$reps"); do
  timed plan "$bin" plan --detailed-exitcode --stats --bootstrap-server "$S" "$tmp/p"
  [ "$rep" = 1 ] && grep "requests" "$tmp/err" | sed "s/^/bench: plan --stats: /"
  timed topics-only "$bin" plan --detailed-exitcode --skip-registry --bootstrap-server "$S" "$tmp/p"
  timed curl-loop curl_loop
done
echo "bench: N=$n, $reps runs each:"
echo "  topicform plan (topics + subjects): $(stat_line plan)"
echo "  topicform plan --skip-registry:     $(stat_line topics-only)"
echo "  curl loop, 3 GETs per subject:      $(stat_line curl-loop)"
p=$(column_of plan 2 | median)
t=$(column_of topics-only 2 | median)
c=$(column_of curl-loop 2 | median)
echo "  registry share of the plan: $(echo "scale=2; $p - $t" | bc) s; curl loop / that share: $(echo "scale=1; $c / ($p - $t)" | bc)"
