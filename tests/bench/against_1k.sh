#!/usr/bin/env bash
# Benchmark (not a timed test): `validate --against` of N topics (default 1,000), each with a
# schema file of its own, in a Git repository where every schema changed since the base commit
# (a description, compatible) and one breaks (a type change). Side by side: plain `validate` of
# the same tree, and the loop a user would write instead (`git show REF:path` per schema). Best
# of 3 runs each; prints the ratios. FORMAT json (the default), avro or proto: the schemas' format.
# Usage: tests/bench/against_1k.sh [N] [FORMAT]   (builds build/release first)
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-1000}"
format="${2:-json}"
. tests/bench/lib.sh
bench_build
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export GIT_CONFIG_GLOBAL=/dev/null GIT_AUTHOR_NAME=b GIT_AUTHOR_EMAIL=b@example.com \
  GIT_COMMITTER_NAME=b GIT_COMMITTER_EMAIL=b@example.com
cp topics/topicform.yaml "$dir/"
if [ "$format" = avro ]; then
  python3 tests/bench/generate_manifests.py "$dir" "$n" --schema-per-topic --avro
  ending=avsc
elif [ "$format" = proto ]; then
  python3 tests/bench/generate_manifests.py "$dir" "$n" --schema-per-topic --proto
  ending=proto
else
  python3 tests/bench/generate_manifests.py "$dir" "$n" --schema-per-topic
  ending=json
fi
git -C "$dir" init -q && git -C "$dir" add . && git -C "$dir" commit -qm base
# Every schema gains a description (compatible); t0's amount becomes a string (a break).
sed -i 's|^message EntityEvent {|// An entity event.\nmessage EntityEvent {|' "$dir"/schemas/t*."$ending"
sed -i 's|int64 amount_minor = 4;|string amount_minor = 4;|' "$dir/schemas/t0.$ending"
sed -i 's|{"type": "object", |{"type": "object", "description": "An entity event.", |; s|{"type": "record", |{"type": "record", "doc": "An entity event.", |' "$dir"/schemas/t*."$ending"
sed -i 's|"amountMinor": {"type": "integer"}|"amountMinor": {"type": "string"}|; s|{"name": "amountMinor", "type": "long"}|{"name": "amountMinor", "type": "string"}|' "$dir/schemas/t0.$ending"
best() {  # LABEL COMMAND...: best wall time of 3 runs, in seconds
  local label="$1" wall best_wall=""
  shift
  for _ in 1 2 3; do
    /usr/bin/time -f '%e %M' -o "$dir/time" "$@" >"$dir/out" 2>&1 || true
    read -r wall rss < <(tail -n 1 "$dir/time")
    if [ -z "$best_wall" ] || awk "BEGIN{exit !($wall < $best_wall)}"; then best_wall=$wall; best_rss=$rss; fi
  done
  echo "$label: best ${best_wall}s wall, $((best_rss / 1024)) MiB peak RSS" >&2
  echo "$best_wall"
}
cd "$dir"
plain=$(best "validate, $n topics" "$bin" validate .)
against=$(best "validate --against HEAD, $n topics" "$bin" validate --against HEAD .)
grep -c "contract/compatibility" out >/dev/null 2>&1 || true
"$bin" validate --against HEAD . >"$dir/result" 2>&1 || true
breaks=$(grep -c "\[contract/compatibility\]" "$dir/result" || true)
loop=$(best "git show REF:path per schema (no comparison)" bash -c "for f in schemas/t*.$ending; do git show \"HEAD:\$f\" >/dev/null; done")
echo "breaks found: $breaks (1 expected)"
awk -v a="$against" -v p="$plain" -v l="$loop" 'BEGIN {
  printf "validate --against / validate: %.2f; validate --against / git show loop: %.2f\n", a / p, a / l }'
echo "target: validate --against of 1,000 topics ($format) <= 2 s on 2 cores"
