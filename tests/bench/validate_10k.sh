#!/usr/bin/env bash
# Benchmark (not a timed test): generates N topic manifests (default 10,000) in the shape of
# topics/ and measures `topicform validate` on them: wall time and peak RSS, best of 3 runs.
# Usage: tests/bench/validate_10k.sh [N]   (builds build/release first)
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-10000}"
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOPICFORM_TESTS=OFF >/dev/null
cmake --build build/release >/dev/null
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp topics/topicform.yaml "$dir/"
python3 - "$dir" "$n" <<'PY'
import os, sys
root, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    domain = f"domain{i // 100}"
    os.makedirs(f"{root}/{domain}", exist_ok=True)
    with open(f"{root}/{domain}/t{i}.yaml", "w") as f:
        f.write(f"""apiVersion: topicform/v1
kind: Topic
metadata:
  name: {domain}.entity{i}.events
  labels: {{domain: {domain}}}
spec:
  description: Generated topic number {i}.
  kind: event
  partitions: 3
  retention: 7d
  cleanupPolicy: delete
  replayable: outbox
  config: {{segment.bytes: 1073741824}}
  owner:
    team: team{i % 50}
    producer: producer{i}-service
    consumers: [consumer{i}-service, {{group: audit{i}-service, replicas: 2}}]
    key: entity_id
    ordering: per-key
    schema: schemas/entity.json
    maxConsumerDowntime: 2d
""")
PY
# The budget rule fires at this size (20,000 topics on one broker); it is part of the work measured.
best=""
for run in 1 2 3; do
  /usr/bin/time -f '%e %M' -o "$dir/time" build/release/src/cli/topicform validate --format json "$dir" \
    > "$dir/out.json" || true
  read -r wall rss < "$dir/time"
  echo "run $run: ${wall}s wall, $((rss / 1024)) MiB peak RSS" >&2
  if [ -z "$best" ] || awk "BEGIN{exit !($wall < ${best%% *})}"; then best="$wall $rss"; fi
done
python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; print('validated', s['files'], 'files,', s['topics'], 'topics:', s['errors'], 'errors,', s['warnings'], 'warnings')" "$dir/out.json"
read -r wall rss <<< "$best"
echo "topicform validate, $n manifests: best ${wall}s wall, $((rss / 1024)) MiB peak RSS (targets: <= 2 s, <= 200 MiB)"
