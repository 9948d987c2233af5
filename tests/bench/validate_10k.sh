#!/usr/bin/env bash
# Benchmark (not a timed test): generates N topic manifests (default 10,000) in the shape of
# topics/ and measures `topicform validate` on them: wall time and peak RSS, best of 3 runs.
# Usage: tests/bench/validate_10k.sh [N]   (builds build/release first; adds the best run to
# $BENCH_RESULTS for scale_table.sh, when set)
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-10000}"
. tests/bench/lib.sh
bench_build
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp topics/topicform.yaml "$dir/"
python3 tests/bench/generate_manifests.py "$dir" "$n"
# The budget rule fires at this size (20,000 topics on one broker); it is part of the work measured.
best=""
for run in 1 2 3; do
  /usr/bin/time -f '%e %M' -o "$dir/time" "$bin" validate --format json "$dir" \
    > "$dir/out.json" || true
  read -r wall rss < "$dir/time"
  echo "run $run: ${wall}s wall, $((rss / 1024)) MiB peak RSS" >&2
  if [ -z "$best" ] || awk "BEGIN{exit !($wall < ${best%% *})}"; then best="$wall $rss"; fi
done
python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; print('validated', s['files'], 'files,', s['topics'], 'topics:', s['errors'], 'errors,', s['warnings'], 'warnings')" "$dir/out.json"
read -r wall rss <<< "$best"
echo "topicform validate, $n manifests: best ${wall}s wall, $((rss / 1024)) MiB peak RSS (targets: <= 1 s on 2 cores, <= 200 MiB)"
[ -z "${BENCH_RESULTS:-}" ] || echo "$n validate topicform $wall 0 $rss" >>"$BENCH_RESULTS"
