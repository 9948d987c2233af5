#!/usr/bin/env bash
# Benchmark (not a timed test): ACLs at N topics on one local broker with the standard authorizer,
# side by side in one run. N manifests (tests/bench/generate_manifests.py: a producer and two
# consumer groups each, so 12 bindings a topic) are applied once; then, interleaved, REPS times:
#   topicform plan with `acls:` (read topics, configs, groups and ACLs; diff everything)
#   topicform plan without `acls:` (the same, without the ACLs: what ACL management costs)
#   kafka-acls.sh --list (AclCommand): only reading the ACLs, the way a user checks by hand
# Prints wall times, their medians and ratios, and the plan's admin request counts.
# Usage: tests/bench/acls_1k.sh [N] [REPS]   (default: 1000 3)
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-1000}"
reps="${2:-3}"
. tests/bench/lib.sh
bench_build
tmp=$(mktemp -d)
export TOPICFORM_BROKER_HEAP="${TOPICFORM_BROKER_HEAP:-2g}"
port=$(ci/kafka/broker free-port 2)
pw="bench-$RANDOM$RANDOM"
ci/kafka/sasl-acl-properties "$port" "$pw" >"$tmp/broker.properties"
TOPICFORM_BROKER_PROPERTIES="$tmp/broker.properties" ci/kafka/broker start "$tmp/broker" "$port" 1
trap 'ci/kafka/broker stop "$tmp/broker"; rm -rf "$tmp"' EXIT
S=127.0.0.1:$port
printf 'security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nsasl.username=admin\nsasl.password=%s\n' "$pw" >"$tmp/admin.properties"
printf 'security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" password="%s";\n' "$pw" >"$tmp/admin-java.properties"

python3 tests/bench/generate_manifests.py "$tmp/with" "$n"
settings() {  # DIR ACLS_LINE
  printf 'apiVersion: topicform/v1\nkind: Settings\nspec:\n  naming: {convention: domain-entity-kind}\n  budgets: {partitionReplicasPerBroker: 100000}\n  defaultEnvironment: bench\n  environments:\n    bench:\n      brokers: 1\n      replicationFactor: {default: 1, minimum: 1}\n%s' "$2" >"$1/topicform.yaml"
}
settings "$tmp/with" '      acls: {principal: "User:{service}"}
'
cp -r "$tmp/with" "$tmp/without"
settings "$tmp/without" ""
tf() { "$bin" "$@" --bootstrap-server "$S" --command-config "$tmp/admin.properties" --timeout 120s; }

start=$(date +%s.%N)
tf apply --auto-approve --stats "$tmp/with" >/dev/null 2>"$tmp/apply.err" || { tail -5 "$tmp/apply.err" >&2; exit 1; }
echo "apply of $((2 * n)) topics and their ACLs: $(echo "$(date +%s.%N) - $start" | bc | xargs printf '%.2f') s; $(grep '^requests:' "$tmp/apply.err")"

seconds() {  # COMMAND...: wall seconds; a failed command stops the benchmark
  local s
  s=$(date +%s.%N)
  "$@" >"$tmp/out" 2>"$tmp/err" || { echo "bench: failed: $*" >&2; tail -5 "$tmp/err" >&2; exit 1; }
  echo "$(date +%s.%N) - $s" | bc
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
: >"$tmp/with.t"
: >"$tmp/without.t"
: >"$tmp/list.t"
for rep in $(seq 1 "$reps"); do
  seconds tf plan --detailed-exitcode --stats "$tmp/with" >>"$tmp/with.t"
  grep -q "No changes" "$tmp/out" || { echo "bench: the plan with ACLs is not empty" >&2; exit 1; }
  with_requests=$(grep '^requests:' "$tmp/err")
  seconds tf plan --detailed-exitcode "$tmp/without" >>"$tmp/without.t"
  seconds java -cp "$jars" org.apache.kafka.tools.AclCommand --bootstrap-server "$S" \
    --command-config "$tmp/admin-java.properties" --list >>"$tmp/list.t"
  bindings=$(grep -c "(principal=" "$tmp/out" || true)
  echo "rep $rep: plan with ACLs $(tail -1 "$tmp/with.t") s, without $(tail -1 "$tmp/without.t") s, kafka-acls.sh --list $(tail -1 "$tmp/list.t") s ($bindings bindings listed)"
done
w=$(median <"$tmp/with.t")
wo=$(median <"$tmp/without.t")
l=$(median <"$tmp/list.t")
echo "N=$n ($((2 * n)) topics, $((12 * n)) bindings), medians of $reps: plan with ACLs ${w} s, without ${wo} s (ACLs add $(echo "$w - $wo" | bc) s), kafka-acls.sh --list ${l} s"
echo "ratios: plan with ACLs / kafka-acls.sh --list = $(echo "scale=2; $w / $l" | bc); with / without = $(echo "scale=2; $w / $wo" | bc)"
echo "plan with ACLs: $with_requests"
