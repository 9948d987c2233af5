#!/usr/bin/env bash
# Benchmark (not a timed test): `validate --against` of one schema whose `anyOf` holds thousands
# of alternatives, every one changed: a discriminated union (a `const` kind), a union told apart
# by a required field, 8x8x8x8 nested anyOfs, and alternatives no shape tells apart (the step
# budget ends it). Side by side with plain `validate` of the same tree; medians of 3 runs each.
# Usage: tests/bench/against_unions.sh [BRANCHES]   (default 4,000; builds build/release first)
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-4000}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/bench/lib.sh
bench_build
dir="$tmp/project"
export GIT_CONFIG_GLOBAL=/dev/null GIT_AUTHOR_NAME=b GIT_AUTHOR_EMAIL=b@example.com \
  GIT_COMMITTER_NAME=b GIT_COMMITTER_EMAIL=b@example.com
schema() {  # SHAPE CHANGED: writes the example's order schema with `body` of that shape
  python3 - "$dir/topics/schemas/order_created.json" "$n" "$1" "$2" <<'PY'
import json, sys
path, n, shape, changed = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1"
kind = "integer" if changed else "string"
def leaf(i):
    if shape == "discriminated":
        return {"type": "object", "required": ["kind"],
                "properties": {"kind": {"const": f"k{i}"}, "value": {"type": kind}}}
    if shape == "required":
        return {"type": "object", "required": [f"f{i}"], "properties": {f"f{i}": {"type": kind}}}
    return {"type": "object", "properties": {"a": {"type": "string", "maxLength": i + 1 + changed},
                                             "b": {"type": kind}}}
def nested(depth, path):
    if depth == 0:
        return {"type": "object", "properties": {"p": {"const": path}, "v": {"type": kind}}}
    return {"anyOf": [nested(depth - 1, path + str(i)) for i in range(8)]}
body = nested(4, "") if shape == "nested" else {"anyOf": [leaf(i) for i in range(n)]}
json.dump({"type": "object", "required": ["eventId"],
           "properties": {"eventId": {"type": "string"}, "eventVersion": {"type": "integer"},
                          "body": body}}, open(path, "w"))
PY
}
mkdir -p "$dir" && cp -r topics "$dir/topics"
cd "$dir"
for shape in discriminated required nested unshaped; do
  rm -rf .git && schema "$shape" 0
  git init -q && git add . && git commit -qm base
  schema "$shape" 1
  for _ in 1 2 3; do
    timed "plain-$shape" "$bin" validate topics
    # Every branch changed: --against exits 1 on the breaks, which is the run going as planned.
    timed "against-$shape" bash -c '"$1" validate --against HEAD topics; [ $? = 1 ]' _ "$bin"
  done
  echo "$shape: validate $(stat_line "plain-$shape"); --against $(stat_line "against-$shape"): $(tail -n 1 "$tmp/out")"
done
echo "target: any schema within the 1 MiB limit judged in seconds"
