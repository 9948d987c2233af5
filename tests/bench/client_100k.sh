#!/usr/bin/env bash
# Benchmark (not a timed test): the client side at 100,000 topics. N manifests (default 50,000,
# each with its .dead topic) in the shape of topics/ (tests/bench/generate_manifests.py), then
# validate and plan against an empty cluster snapshot in every format, and export (Strimzi's
# resources to a folder, Confluent's to stdout): wall time and peak RSS, best of 3 runs each,
# beside the targets (3 s and 400 MiB on 2 cores).
# Usage: tests/bench/client_100k.sh [N]
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-50000}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source tests/bench/lib.sh
bench_build
cp topics/topicform.yaml "$tmp/"
python3 tests/bench/generate_manifests.py "$tmp/p" "$n"
cp topics/topicform.yaml "$tmp/p/"
snapshot=$(pwd)/tests/golden/snapshots/empty.json
: >"$tmp/results"
for format in text json github; do
  for run in 1 2 3; do timed "validate-$format" "$bin" validate --format "$format" "$tmp/p"; done
done
for format in text json markdown github; do
  for run in 1 2 3; do
    timed "plan-$format" "$bin" plan --format "$format" --cluster-snapshot "$snapshot" "$tmp/p"
  done
done
for run in 1 2 3; do
  timed "export-strimzi-folder" "$bin" export --env prod --out "$tmp/resources" "$tmp/p"
  timed "export-confluent-stdout" "$bin" export --env prod --format confluent --out - "$tmp/p"
done
echo "the client side, $n manifests ($((2 * n)) topics), an empty snapshot, best of 3:"
for label in validate-text validate-json validate-github plan-text plan-json plan-markdown plan-github \
  export-strimzi-folder export-confluent-stdout; do
  best=$(column_of "$label" 2 | sort -n | head -1)
  rss=$(column_of "$label" 4 | sort -n | tail -1)
  echo "  $label: best $best s, peak RSS $((rss / 1024)) MiB, $(failures "$label") of 3 failed"
done
