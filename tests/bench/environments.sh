#!/usr/bin/env bash
# Benchmark (not a timed test): the plan of several environments in one run against the plan of
# each alone, side by side, interleaved, REPS times. ENVS local single-node clusters, each holding
# the same N manifests (each a topic of 3 partitions with configs, plus its .dead topic), applied
# first so every plan reads a full cluster and has nothing to change:
#   topicform plan --env e1 ... --env eK   (one report, the environments read concurrently)
#   topicform plan --env eI                (each alone; the slowest one's median is the bar)
#   the same single plans one after another (what a script over environments costs)
#   the same single plans started together (a script with `&`: what the machine allows at best)
# Prints the medians and the ratios all/slowest, all/sequential and all/together.
# Local clusters answer at once and share this machine's CPUs with the client. With DELAY_MS,
# each broker is reached through tests/bench/delay_proxy.py, which delays every byte that long
# each way (the broker advertises the proxy), as a cluster a network away is.
# Usage: tests/bench/environments.sh [N]   (default 1000); ENVS=3 REPS=5 SETTLE=20 DELAY_MS=0
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-1000}"
envs="${ENVS:-3}"
reps="${REPS:-5}"
tmp=$(mktemp -d)
source tests/bench/lib.sh
bench_build
delay="${DELAY_MS:-0}"
trap 'kill $(cat "$tmp/proxies" 2>/dev/null) 2>/dev/null || true; for e in $(seq 1 "$envs"); do ci/kafka/broker stop "$tmp/broker$e" >/dev/null 2>&1 || true; done; rm -rf "$tmp"' EXIT
unset KAFKA_BOOTSTRAP_SERVERS
start_cluster() {  # E PORT: a single-node cluster, behind a delay proxy on PORT+2 with DELAY_MS
  if [ "$delay" = 0 ]; then
    ci/kafka/broker start "$tmp/broker$1" "$2" 1 >/dev/null
    cat "$tmp/broker$1/bootstrap"
    return
  fi
  printf 'advertised.listeners=PLAINTEXT://127.0.0.1:%s,CONTROLLER://127.0.0.1:%s\n' $(($2 + 2)) $(($2 + 1)) >"$tmp/advertise$1"
  TOPICFORM_BROKER_PROPERTIES="$tmp/advertise$1" ci/kafka/broker start "$tmp/broker$1" "$2" 1 >/dev/null
  python3 tests/bench/delay_proxy.py $(($2 + 2)) "$2" "$delay" >/dev/null 2>&1 &
  echo $! >>"$tmp/proxies"
  until (exec 3<>"/dev/tcp/127.0.0.1/$(($2 + 2))") 2>/dev/null; do sleep 0.1; done
  echo "127.0.0.1:$(($2 + 2))"
}
project "$tmp/p" "$n"
{
  printf 'apiVersion: topicform/v1\nkind: Settings\nspec:\n  budgets: {partitionReplicasPerBroker: 100000}\n  environments:\n'
  for e in $(seq 1 "$envs"); do
    port=$(ci/kafka/broker free-port 3)
    servers=$(start_cluster "$e" "$port")
    printf '    e%s: {bootstrapServers: "%s", brokers: 1}\n' "$e" "$servers"
  done
} >"$tmp/p/topicform.yaml"
all=()
for e in $(seq 1 "$envs"); do
  all+=(--env "e$e")
  "$bin" apply --auto-approve --env "e$e" "$tmp/p" >/dev/null 2>&1
done
sleep "${SETTLE:-20}"  # the brokers write the new partitions' logs for a while after a create
# The brokers' CPU time (user + system, in 1/100 s) so far: they share this machine's CPUs.
broker_ticks() {
  local t=0 p
  for p in $(pgrep -f "$tmp/broker"); do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done
  echo "$t"
}
measured() {  # LABEL COMMAND...: timed, with the brokers' CPU time of the run in $tmp/cpu
  local before
  before=$(broker_ticks)
  timed "$@"
  echo "$1 $(($(broker_ticks) - before))" >>"$tmp/cpu"
}
broker_cpu() { grep "^$1 " "$tmp/cpu" | cut -d' ' -f2 | median | awk '{printf "%.2f", $1 / 100}'; }
sequential() { for e in $(seq 1 "$envs"); do "$bin" plan --detailed-exitcode --env "e$e" "$tmp/p"; done; }
together() {  # the single plans as separate processes at once; fails when any of them fails
  local pids=() pid code=0
  for e in $(seq 1 "$envs"); do
    "$bin" plan --detailed-exitcode --env "e$e" "$tmp/p" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || code=1; done
  return "$code"
}
for rep in $(seq 1 "$reps"); do
  measured all "$bin" plan --detailed-exitcode "${all[@]}" "$tmp/p"
  for e in $(seq 1 "$envs"); do measured "e$e" "$bin" plan --detailed-exitcode --env "e$e" "$tmp/p"; done
  timed sequential sequential
  measured together together
done
echo "bench: $envs environments, each a single-node cluster with $((2 * n)) topics ($n of $partitions partitions, each .dead 1), $reps runs each, $(nproc) CPUs, ${delay} ms each way:"
slowest=0
for e in $(seq 1 "$envs"); do
  echo "  plan --env e$e alone: $(stat_line "e$e"), brokers' CPU $(broker_cpu "e$e") s"
  m=$(column_of "e$e" 2 | median)
  slowest=$(echo "if ($m > $slowest) $m else $slowest" | bc)
done
a=$(column_of all 2 | median)
s=$(column_of sequential 2 | median)
t=$(column_of together 2 | median)
echo "  plan of all $envs in one run: $(stat_line all), brokers' CPU $(broker_cpu all) s"
echo "  the $envs single plans one after another: $(stat_line sequential)"
echo "  the $envs single plans started together: $(stat_line together), brokers' CPU $(broker_cpu together) s"
echo "  ratio all / slowest single: $(echo "scale=2; $a / $slowest" | bc)"
echo "  ratio all / one after another: $(echo "scale=2; $a / $s" | bc)"
echo "  ratio all / started together: $(echo "scale=2; $a / $t" | bc)"
