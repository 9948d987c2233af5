#!/usr/bin/env bash
# The bad-manifest corpus: each folder here is one project; `expected.txt` pins the exact output
# and exit status of `topicform validate` on it. UPDATE_GOLDEN=1 rewrites the expectations.
set -uo pipefail
bin="$1"
cd "$(dirname "$0")"
failed=0
cases=0
for dir in */; do
  case_name="${dir%/}"
  cases=$((cases + 1))
  actual=$("$bin" validate --color never "$case_name" 2>&1; echo "exit $?")
  if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
    printf '%s\n' "$actual" > "$case_name/expected.txt"
  elif ! diff -u "$case_name/expected.txt" <(printf '%s\n' "$actual"); then
    echo "corpus: '$case_name' differs from its expected.txt" >&2
    failed=$((failed + 1))
  fi
done
if [ "$cases" -lt 40 ]; then
  echo "corpus: only $cases cases; the corpus keeps at least 40" >&2
  exit 1
fi
echo "corpus: $((cases - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
