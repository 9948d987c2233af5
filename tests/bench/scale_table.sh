#!/usr/bin/env bash
# Benchmark (not a timed test): the whole scale table in one command. For each N of SIZES it runs
# apply_after_create.sh (create, a config change right after it, growth: topicform, the one-batch
# baseline and topicctl, interleaved) and no_change_plan.sh (topicform, the baseline and the
# runbook's loop, sampled and extrapolated), REPS runs each, then validate_10k.sh; it prints one
# Markdown table of medians, minimums, peak RSS, failed runs and ratios to the baseline.
# N of 5,000 and more runs on three nodes: one broker here may hold at most 20,000 open files.
# Usage: tests/bench/scale_table.sh [REPS]   (default 3); SIZES (default "100 1000 5000"),
# TOPICCTL_MAX (default 1000: topicctl took 164 s to create 2,000 topics, and is not run above),
# BENCH_PARTITIONS (default 3: each source's partitions, its .dead has 1; the table says it)
set -euo pipefail
cd "$(dirname "$0")/../.."
reps="${1:-3}"
read -r -a sizes <<<"${SIZES:-100 1000 5000}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export BENCH_RESULTS="$out/results"
: >"$BENCH_RESULTS"
for n in "${sizes[@]}"; do
  nodes=1
  [ "$n" -lt 5000 ] || nodes=3
  topicctl=1
  [ "$n" -le "${TOPICCTL_MAX:-1000}" ] || topicctl=0
  echo "== N=$n, $nodes node(s): create, change right after, grow" >&2
  NODES=$nodes TOPICCTL=$topicctl tests/bench/apply_after_create.sh "$n" "$reps" >&2
  echo "== N=$n, $nodes node(s): no-change plan" >&2
  NODES=$nodes REPS=$reps tests/bench/no_change_plan.sh "$n" >&2
done
echo "== validate" >&2
tests/bench/validate_10k.sh >&2

# One row per N and operation: each tool's median (min) and peak RSS, failed runs, ratios.
echo "Sources of ${BENCH_PARTITIONS:-3} partitions (min.insync.replicas, segment.bytes, retention), each .dead of 1."
echo
echo "| N (+N dead) | operation | topicform | baseline | topicform / baseline | topicctl | runbook loop |"
echo "|---|---|---|---|---|---|---|"
awk '
  { key = $1 " " $2; keys[key] = 1; t = $3
    n[key, t]++; v[key, t, n[key, t]] = $4; if ($5 != 0) failed[key, t]++
    if ($6 > rss[key, t]) rss[key, t] = $6 }
  function sorted_median(key, t,   i, j, c, tmp, a) {
    c = n[key, t]; for (i = 1; i <= c; i++) a[i] = v[key, t, i]
    for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (a[j] < a[i]) { tmp = a[i]; a[i] = a[j]; a[j] = tmp }
    low[key, t] = a[1]
    return (c % 2) ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2 }
  function cell(key, t,   m) {
    if (!n[key, t]) return "—"
    m = sorted_median(key, t); med[key, t] = m
    return sprintf("%.2f s (min %.2f), %d MiB%s", m, low[key, t], rss[key, t] / 1024,
                   failed[key, t] ? sprintf(", **%d of %d failed**", failed[key, t], n[key, t]) : "")
  }
  END {
    count = 0; for (k in keys) order[++count] = k
    for (i = 1; i <= count; i++) for (j = i + 1; j <= count; j++) {
      split(order[i], a, " "); split(order[j], b, " ")
      if (b[1] + 0 < a[1] + 0 || (b[1] == a[1] && rank(b[2]) < rank(a[2]))) { tmp = order[i]; order[i] = order[j]; order[j] = tmp } }
    for (i = 1; i <= count; i++) {
      k = order[i]; split(k, p, " ")
      top = cell(k, "topicform"); base = cell(k, "baseline")
      ratio = (n[k, "baseline"] && med[k, "baseline"] > 0) ? sprintf("%.2fx", med[k, "topicform"] / med[k, "baseline"]) : "—"
      loop = n[k, "runbook-loop"] ? sprintf("~%d s (extrapolated)", v[k, "runbook-loop", 1]) : "—"
      printf "| %s | %s | %s | %s | %s | %s | %s |\n", p[1], p[2], top, base, ratio, cell(k, "topicctl"), loop
    }
  }
  function rank(op) { return index("create change grow plan validate", op) }
' "$BENCH_RESULTS"
