# Shared by the benchmark scripts (sourced first): the release build, the generated project, timing,
# medians and the results scale_table.sh gathers. Expects `tmp` to be set to the script's scratch folder.

# Kafka's jars as a Java classpath, found where ci/kafka/broker finds them (run from the root).
jars="${TOPICFORM_KAFKA_JARS:-$(pwd)/build/kafka-jars}/*"

bench_build() {  # sets `bin` to the release binary, built here
  cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOPICFORM_TESTS=OFF >/dev/null
  cmake --build build/release >/dev/null
  bin=$(pwd)/build/release/src/cli/topicform
}
# Partitions of every benchmark source (its .dead has 1): the tables say how many. More than one,
# as users have: a create of one-partition topics hid a limit that 2,000 x 3 met.
partitions="${BENCH_PARTITIONS:-3}"
project() {  # DIR N: N manifests bench.tI-created ($partitions partitions, 7 days, configs), each
  # with its .dead topic
  mkdir -p "$1/bench"
  for i in $(seq 1 "$2"); do
    printf 'apiVersion: topicform/v1\nkind: Topic\nmetadata: {name: bench.t%s-created}\nspec:\n  description: Benchmark topic.\n  kind: event\n  partitions: %s\n  retention: 7d\n  replayable: outbox\n  config: {min.insync.replicas: 1, segment.bytes: 536870912}\n  owner: {team: bench, producer: maker-service, consumers: [reader-service], key: entity_id, ordering: per-key}\n' "$i" "$partitions" >"$1/bench/t$i.yaml"
  done
  printf 'apiVersion: topicform/v1\nkind: Settings\nspec:\n  budgets: {partitionReplicasPerBroker: 100000}\n' >"$1/topicform.yaml"
}
timed() {  # LABEL COMMAND...: appends "LABEL seconds exit peak-KiB" to $tmp/results
  local what="$1" start code=0
  shift
  start=$(date +%s.%N)
  if declare -F "$1" >/dev/null; then  # a shell function: /usr/bin/time cannot run it (RSS 0)
    echo 0 >"$tmp/rss"
    "$@" >"$tmp/out" 2>"$tmp/err" || code=$?
  else
    /usr/bin/time -f '%M' -o "$tmp/rss" "$@" >"$tmp/out" 2>"$tmp/err" || code=$?
  fi
  echo "$what $(echo "$(date +%s.%N) - $start" | bc) $code $(tail -1 "$tmp/rss")" >>"$tmp/results"
  [ "$code" = 0 ] || { echo "bench: $what exited $code:" >&2; tail -3 "$tmp/err" >&2; }
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
column_of() {  # LABEL FIELD: that field of every result of LABEL, one per line
  grep "^$1 " "$tmp/results" | cut -d' ' -f"$2" || true
}
failures() {  # LABEL: how many runs of LABEL exited other than 0
  awk -v k="$1" '$1 == k && $3 != 0' "$tmp/results" | wc -l
}
stat_line() {  # LABEL: "median M s, min m s, peak RSS r MiB, F of R failed"
  local m lo rss
  m=$(column_of "$1" 2 | median)
  lo=$(column_of "$1" 2 | sort -n | head -1)
  rss=$(column_of "$1" 4 | sort -n | tail -1)
  echo "median $m s, min $lo s, peak RSS $((${rss:-0} / 1024)) MiB, $(failures "$1") of $(column_of "$1" 2 | wc -l) failed"
}
export_results() {  # N OPERATION LABEL TOOL: appends LABEL's runs to $BENCH_RESULTS, when set
  [ -n "${BENCH_RESULTS:-}" ] || return 0
  awk -v n="$1" -v op="$2" -v k="$3" -v tool="$4" \
    '$1 == k {print n, op, tool, $2, $3, $4}' "$tmp/results" >>"$BENCH_RESULTS"
}
# Sets `topicctl` to topicctl v1.23.1, built once with Go into /var/cache/topicform/go/bin (an
# empty `topicctl` when Go is missing or the build fails). `go install ...@v1.23.1` is refused
# here: it asks the module proxy for the version list (to look for deprecations), which the proxy
# does not serve. A throwaway module that requires the exact version builds it.
topicctl_build() {
  topicctl=/var/cache/topicform/go/bin/topicctl
  if [ ! -x "$topicctl" ] && command -v go >/dev/null; then
    (cd "$tmp" && mkdir -p topicctl-build && cd topicctl-build && go mod init bench >/dev/null 2>&1 &&
      go get github.com/segmentio/topicctl/cmd/topicctl@v1.23.1 >/dev/null 2>&1 &&
      GOBIN=/var/cache/topicform/go/bin go install github.com/segmentio/topicctl/cmd/topicctl) || true
  fi
  [ -x "$topicctl" ] || topicctl=""
}
topicctl_cluster() {  # FILE SERVERS: topicctl's cluster config for the local cluster
  printf 'meta: {name: bench, environment: bench, region: local}\nspec: {bootstrapAddrs: ["%s"]}\n' "$2" >"$1"
}
topicctl_topics() {  # FILE N RETENTION_MINUTES PARTITIONS: the bench project's 2N topics, RF 1
  local i name parts
  : >"$1"
  for i in $(seq 1 "$2"); do
    for name in "bench.t$i-created" "bench.t$i-created.dead"; do
      parts=$4
      [ "$name" = "${name%.dead}" ] || parts=1
      printf -- '---\nmeta: {name: %s, cluster: bench, environment: bench, region: local}\nspec: {partitions: %s, replicationFactor: %s, retentionMinutes: %s, placement: {strategy: any}}\n' \
        "$name" "$parts" 1 "$3" >>"$1"
    done
  done
}
