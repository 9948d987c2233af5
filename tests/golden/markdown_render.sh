#!/usr/bin/env bash
# The Markdown that topicform posts (plan comments, failure reports, the validate job summary)
# rendered by cmark-gfm, the renderer GitHub uses: text from manifests stays text (no raw HTML,
# no stray emphasis), tables keep their columns, and the update lines are the ones GitHub colours.
# Usage: tests/golden/markdown_render.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin="$1"
here=tests/golden
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
suite=markdown
. "$(dirname "$0")/../lib.sh"
render() { cmark-gfm --extension table --extension strikethrough --extension autolink "$1"; }

GITHUB_STEP_SUMMARY="$tmp/summary.md" "$bin" validate --format github "$here/bad" >/dev/null 2>&1
[ -s "$tmp/summary.md" ] && ok || bad "validate --format github wrote no job summary"
"$bin" plan --format markdown --cluster-snapshot "$here/snapshots/drifted.json" "$here/bad" >"$tmp/failed.md" 2>/dev/null
for file in "$tmp/summary.md" "$tmp/failed.md"; do
  render "$file" >"$tmp/page.html"
  grep -qF 'convention &lt;domain&gt;.&lt;what-happened&gt; (orders.created)' "$tmp/page.html" && ok || bad "$file: the naming form is not shown as text"
  grep -qF "key 'created_at' of" "$tmp/page.html" && ok || bad "$file: an underscore in a key became emphasis"
  grep -q '<em>' "$tmp/page.html" && bad "$file: emphasis where there is none" || ok
  # Five rows of four cells, and a header of four.
  [ "$(grep -c '<td' "$tmp/page.html")" = 20 ] && ok || bad "$file: the table lost or gained cells"
done
"$bin" plan --format markdown --cluster-snapshot "$here/snapshots/drifted.json" topics >"$tmp/plan.md" 2>/dev/null
render "$tmp/plan.md" >"$tmp/plan.html"
grep -q '^! orders.created: min.insync.replicas: (default) -&gt; 1$' "$tmp/plan.html" && ok || bad "an update line is not written with '!' (GitHub's orange)"
grep -q '^~ ' "$tmp/plan.html" && bad "a '~' line stays grey in GitHub's diff colouring" || ok
# Warnings and destructive changes are outside the folded details.
before_details=$(sed -n '1,/<details>/p' "$tmp/plan.html")
grep -qF 'apply resets it to the broker default' <<<"$before_details" && ok || bad "the drift reset is hidden in the details"
grep -qF '<strong>destructive</strong> commerce.payments.events: retention.ms: 60d -&gt; 30d' <<<"$before_details" && ok || bad "the destructive change is hidden in the details"
"$bin" plan --format markdown --cluster-snapshot "$here/snapshots/converged.json" topics >"$tmp/empty.md" 2>/dev/null
grep -q '<details>' "$tmp/empty.md" && bad "a plan without changes has a details block" || ok
grep -qx '\*\*No changes: the cluster matches the manifests.\*\*' "$tmp/empty.md" && ok || bad "a plan without changes says so"
finish
