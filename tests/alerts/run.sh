#!/usr/bin/env bash
# `topicform alerts` on the example topics and a hostile manifest, in both metric vocabularies:
# the structure promtool checks, then Debian's `promtool check rules` and `promtool test rules`
# with series that cross each threshold.
# Usage: tests/alerts/run.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin="$1"
here=tests/alerts
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
suite=alerts
. "$(dirname "$0")/../lib.sh"

# Debian's promtool (package prometheus, which ci/install-deps installs): without it the rules
# would go unevaluated, so its absence fails the test.
promtool=$(command -v promtool) || { echo "alerts: no promtool: run ci/install-deps (Debian's prometheus package)" >&2; exit 1; }

for project in topics "$here/hostile"; do
  for metrics in topicform kafka-exporter; do
    rules="$tmp/$(basename "$project")-$metrics.yml"
    "$bin" alerts "$project" --metrics "$metrics" --out "$rules" 2>"$tmp/err" && ok || { bad "alerts $project $metrics"; cat "$tmp/err" >&2; continue; }
    grep -q "^wrote [0-9]* rules to $rules$" "$tmp/err" && ok || bad "the count of rules is said"
    "$here/check_rules.py" "$metrics" "$rules" >/dev/null && ok || bad "structure of $rules"
    "$promtool" check rules "$rules" >"$tmp/out" 2>&1 && ok || { bad "promtool check rules $rules"; cat "$tmp/out" >&2; }
    "$here/promtool_tests.py" "$rules" >"$tmp/tests.yml" &&
      "$promtool" test rules "$tmp/tests.yml" >"$tmp/out" 2>&1 && ok || { bad "promtool test rules for $rules"; head -30 "$tmp/out" >&2; }
  done
done
# The structure check fails on rules of the other vocabulary: it is not a check that passes anything.
"$here/check_rules.py" kafka-exporter "$tmp/topics-topicform.yml" >/dev/null 2>&1 && bad "check_rules accepts the wrong vocabulary" || ok
# A group without maxConsumerDowntime gets no rule, and is named.
"$bin" alerts topics --out "$tmp/x.yml" 2>"$tmp/err"
grep -qx "note: no lag rule for group notification-service on identity.users.state: the owner card has no maxConsumerDowntime" "$tmp/err" && ok || bad "the groups without a rule are named"
# A downtime Prometheus cannot hold in 'for:' gets no rule, and a note that says why.
"$bin" alerts "$here/hostile" --out "$tmp/h.yml" 2>"$tmp/err"
grep -qx "note: no lag rule for group auditor-service on billing.archive-written: maxConsumerDowntime 200000d is longer than Prometheus can wait ('for:' takes at most 106751d)" "$tmp/err" && ok || { bad "a downtime past Prometheus's limit is named"; cat "$tmp/err" >&2; }
grep -qF 'team: "billing\"team {{\"{{\"}} .Labels {{\"}}\"}} {{\"}}\"}}"' "$tmp/h.yml" && ok || bad "a team that reads as a template is written as a literal"
finish
