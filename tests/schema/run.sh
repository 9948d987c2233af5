#!/usr/bin/env bash
# The published JSON Schemas: schema/ is exactly what `topicform schema` writes, `topicform init`
# scaffolds a project that validates, and both schemas work in yaml-language-server's language
# service (through each manifest's modeline) and in ajv's strict mode: good manifests clean, each
# mistake marked, hovers describing the field.
# Usage: tests/schema/run.sh TOPICFORM_BINARY   (from the repository root; UPDATE_GOLDEN=1 rewrites schema/)
set -uo pipefail
bin=$(readlink -f "$1")
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
suite=schema
. "$(dirname "$0")/../lib.sh"

[ "${UPDATE_GOLDEN:-}" = 1 ] && "$bin" schema --out schema --force 2>/dev/null
"$bin" schema --out "$tmp/schema" 2>"$tmp/err" && ok || bad "topicform schema: exit $?"
diff -r schema "$tmp/schema" >"$tmp/diff" && ok || { bad "schema/ is not what 'topicform schema' writes (UPDATE_GOLDEN=1 rewrites it)"; head -20 "$tmp/diff" >&2; }
"$bin" schema --out "$tmp/schema" 2>"$tmp/err" && bad "schema overwrote its files" || ok
grep -qx "topicform: error: '$tmp/schema/settings.schema.json' exists already; nothing was written" "$tmp/err" && ok || bad "the refusal names the file"
grep -q '"x-' schema/*.json && bad "a custom keyword is left in the published schemas" || ok
# Every field says what it is and shows an example (a hover in an editor is all a user sees).
/usr/bin/python3 - schema/topic.schema.json schema/settings.schema.json >"$tmp/undocumented" <<'PY'
import json, sys
def walk(node, where):
    if isinstance(node, dict):
        for name, field in node.get("properties", {}).items():
            # An object shows its fields' examples; every other field shows its own.
            example = field.get("examples") or "const" in field or "properties" in field
            if not (field.get("description") and example):
                print(f"{where}/{name}")
        for key, value in node.items():
            walk(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            walk(value, f"{where}/{i}")
for path in sys.argv[1:]:
    schema = json.load(open(path))
    # The Kafka config keys are described by type and range; their examples are the values.
    schema.get("definitions", {}).get("config", {}).pop("properties", None)
    walk(schema, path)
PY
[ ! -s "$tmp/undocumented" ] && ok || { bad "fields without a description or an example:"; cat "$tmp/undocumented" >&2; }

"$bin" init "$tmp/project" 2>/dev/null && ok || bad "init: exit $?"
(cd "$tmp/project" && "$bin" validate >/dev/null && "$bin" validate --env prod >/dev/null) && ok || bad "the scaffolded project does not validate"
cmp -s "$tmp/project/.github/workflows/topics.yml" examples/ci/github/topics.yml && ok || bad "init's workflow is not the example's"
echo "# mine" >"$tmp/project/topics/orders/created.yaml"
"$bin" init "$tmp/project" 2>"$tmp/err" && bad "init over a project succeeded" || ok
grep -q "# mine" "$tmp/project/topics/orders/created.yaml" && ok || bad "init overwrote a file"
"$bin" init 2>/dev/null && bad "init without a folder succeeded" || ok

# One mistake per line, each of those the issue names: a partition count of 0, a duration
# without a unit it knows, a cleanup policy Kafka lacks, a config key typo, a word for a number.
"$bin" init "$tmp/editor" 2>/dev/null
cat >"$tmp/editor/topics/orders/mistakes.yaml" <<'YAML'
# yaml-language-server: $schema=../../schema/topic.schema.json
apiVersion: topicform/v1
kind: Topic
metadata: {name: orders.cancelled}
spec:
  kind: event
  partitions: 0
  retention: 7x
  cleanupPolicy: compacted
  config:
    segmnt.ms: 1000
    min.insync.replicas: "two"
  owner: {team: checkout, producer: order-service, key: orderId}
YAML
cat >"$tmp/cases.json" <<JSON
{
  "schemas": {"topic": "schema/topic.schema.json", "settings": "schema/settings.schema.json"},
  "clean": [$(find topics "$tmp/editor/topics" -name '*.yaml' ! -name mistakes.yaml | sort | sed 's/.*/"&"/' | paste -sd,)],
  "marked": [{"file": "$tmp/editor/topics/orders/mistakes.yaml", "lines": [7, 8, 9, 11, 12]}],
  "hovers": [
    {"file": "$tmp/editor/topics/orders/created.yaml", "line": 11, "column": 4, "text": "Number of partitions"},
    {"file": "$tmp/editor/topics/orders/created.yaml", "line": 12, "column": 4, "text": "How long messages are kept"},
    {"file": "$tmp/editor/topics/orders/mistakes.yaml", "line": 12, "column": 6, "text": "a whole number from 1 to 2147483647"},
    {"file": "$tmp/editor/topics/topicform.yaml", "line": 11, "column": 4, "text": "The environment used when --env is not given"}
  ]
}
JSON
node_dir="$root/build/schema-node"
if ! cmp -s tests/schema/package-lock.json "$node_dir/package-lock.json" || [ ! -d "$node_dir/node_modules" ]; then
  rm -rf "$node_dir" && mkdir -p "$node_dir"
  cp tests/schema/package.json tests/schema/package-lock.json "$node_dir/"
  (cd "$node_dir" && npm ci --no-audit --no-fund >"$tmp/npm.log" 2>&1) || { cat "$tmp/npm.log" >&2; bad "npm ci"; }
fi
NODE_PATH="$node_dir/node_modules" node tests/schema/editor_check.js "$tmp/cases.json" && ok || bad "the schemas in yaml-language-server and ajv (above)"
finish
