#!/usr/bin/env bash
# Benchmark (not a timed test): `topicform docs` for N generated manifests (default 5,000), in each
# format: wall time and peak RSS, best of 3 runs, and the size of what was written.
# Usage: tests/bench/docs_5k.sh [N]   (builds build/release first)
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-5000}"
. tests/bench/lib.sh
bench_build
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 tests/bench/generate_manifests.py "$dir/topics" "$n"
# Enough brokers that the partition budget holds: the catalogue is written only for valid manifests.
cat >"$dir/topics/topicform.yaml" <<'YAML'
apiVersion: topicform/v1
kind: Settings
spec:
  naming: {convention: domain-entity-kind}
  environments:
    local: {bootstrapServers: 127.0.0.1:9092, brokers: 100, replicationFactor: {default: 1, minimum: 1}}
    prod: {bootstrapServers: broker-1:9092, brokers: 100, replicationFactor: {default: 3, minimum: 3}}
YAML
for format in markdown html asyncapi; do
  best=""
  for run in 1 2 3; do
    rm -rf "$dir/out"
    /usr/bin/time -f '%e %M' -o "$dir/time" "$bin" docs --format "$format" \
      --out "$dir/out" "$dir/topics" 2>"$dir/err" || { cat "$dir/err" >&2; exit 1; }
    read -r wall rss <"$dir/time"
    if [ -z "$best" ] || awk "BEGIN{exit !($wall < ${best%% *})}"; then best="$wall $rss"; fi
  done
  read -r wall rss <<<"$best"
  files=$(find "$dir/out" -type f | wc -l)
  size=$(du -sm "$dir/out" | cut -f1)
  echo "topicform docs --format $format, $n manifests: best ${wall}s wall, $((rss / 1024)) MiB peak RSS, $files files, $size MiB (target: <= 5 s)"
done
