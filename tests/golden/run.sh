#!/usr/bin/env bash
# Golden outputs: `topicform validate` on the example topics/ and on a bad project, in every
# format, and `topicform rules`. Run from the repository root; UPDATE_GOLDEN=1 rewrites them.
set -uo pipefail
unset GITHUB_STEP_SUMMARY  # the github format also writes a job summary when this is set
bin=$(realpath "$1")
here=tests/golden
failed=0
passed=0
compare() {  # NAME ACTUAL DESCRIPTION: ACTUAL against the golden file NAME
  local name="$1" actual="$2"
  if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
    printf '%s\n' "$actual" > "$here/$name"
  elif diff -u "$here/$name" <(printf '%s\n' "$actual"); then
    passed=$((passed + 1))
  else
    echo "golden: '$name' differs ($3)" >&2
    failed=$((failed + 1))
  fi
}
check() {  # NAME, then the arguments of topicform
  local name="$1"
  shift
  compare "$name" "$("$bin" "$@" 2>&1; echo "exit $?")" "topicform $*"
}
check topics.txt validate --color never topics
check topics-prod.txt validate --color never --env prod topics
check topics.json validate --format json topics
check topics.github validate --format github topics
check bad.txt validate --color never "$here/bad"
check bad.json validate --format json "$here/bad"
check bad.github validate --format github "$here/bad"
snapshot="$here/snapshots/drifted.json"
check plan-empty.txt plan --color never --cluster-snapshot "$here/snapshots/empty.json" topics
check plan-drifted.txt plan --color never --cluster-snapshot "$snapshot" topics
check plan-drifted.json plan --format json --cluster-snapshot "$snapshot" topics
check plan-drifted.github plan --format github --cluster-snapshot "$snapshot" topics
check plan-drifted.md plan --format markdown --cluster-snapshot "$snapshot" topics
# Narrowed with --target: the whole project read, only the selection planned.
check plan-target.txt plan --color never --target orders.created --cluster-snapshot "$snapshot" topics
check plan-target.md plan --format markdown --target 'commerce.*' --cluster-snapshot "$snapshot" topics
# What a pull-request comment says when there is no plan: it replaces the last plan.
check plan-failed-manifests.md plan --format markdown --cluster-snapshot "$snapshot" "$here/bad"
check plan-failed-cluster.md plan --format markdown --cluster-snapshot "$here/snapshots/missing.json" topics
check plan-read-now.txt plan --color never --allow-delete --cluster-snapshot "$here/snapshots/read-now.json" "$here/deleting"
# Several environments in one report: a section each, the worst outcome's exit code.
prod="$here/snapshots/prod.json"
both=(--env local --env prod --cluster-snapshot "local=$snapshot" --cluster-snapshot "prod=$prod")
check plans.txt plan --color never "${both[@]}" topics
check plans.json plan --format json "${both[@]}" topics
check plans.md plan --format markdown "${both[@]}" topics
check plans.github plan --format github "${both[@]}" topics
# `all` in the settings' order; local converged, prod with changes: 2 with --detailed-exitcode.
converged=(--cluster-snapshot "local=$here/snapshots/converged.json" --cluster-snapshot "staging=$prod"
  --cluster-snapshot "prod=$prod")
check plans-changes.txt plan --color never --detailed-exitcode --env all "${converged[@]}" topics
# An environment that cannot be read fails its own section; the others are still shown.
check plans-failed.md plan --format markdown --env all --cluster-snapshot "local=$snapshot" topics
check plans-failed.json plan --format json --env prod --env local \
  --cluster-snapshot "local=$here/snapshots/converged.json" topics
check validate-all.txt validate --color never --env all topics
check validate-all.json validate --format json --env local --env prod topics
check validate-all.github validate --format github --env all topics
# A diagnostic of every environment is annotated once; one of some environments names them.
check validate-bad-all.github validate --format github --settings topics/topicform.yaml --env all \
  "$here/bad"
# import: the command's output, then every file it wrote (name, then content), in one golden.
import_tree() {  # FOLDER (also the working folder), then the arguments of topicform
  local out="$1"
  shift
  (cd "$work" && "$bin" "$@" 2>&1; echo "exit $?")
  (cd "$out" && find . -type f -newer "$work/.start" | LC_ALL=C sort | while read -r f; do
    echo "== $f"
    cat "$f"
  done)
}
check_import() {  # NAME, then the arguments of import_tree
  local name="$1"
  shift
  compare "$name" "$(import_tree "$@")" "topicform $*"
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/snapshots/adopt.json" "$work/adopt.json"
cp -r topics "$work/project"
mkdir -p "$work/taken/orders"
printf 'apiVersion: topicform/v1\nkind: Topic\nmetadata: {name: orders.other}\nspec: {partitions: 1, adopted: true}\n' \
  > "$work/taken/orders/created.yaml"
sleep 1 && touch "$work/.start"  # what import writes is newer than this
check_import import.txt "$work/new" import --cluster-snapshot adopt.json --out new
# Into a project with settings: only what matches, no settings written.
check_import import-include.txt "$work/project" import --cluster-snapshot adopt.json \
  --include 'payments\..*' --out project
# A file in the way: nothing is written.
check_import import-taken.txt "$work/taken" import --cluster-snapshot adopt.json --out taken
check alerts-topicform.txt alerts topics --out -
check alerts-kafka-exporter.txt alerts --metrics kafka-exporter --env prod topics --out -
check rules.txt rules
check rules.json rules --format json
echo "golden: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
