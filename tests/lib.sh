# Helpers the shell suites share: counting checks, running commands, the Kafka jars.
# Source it after setting `suite` (the name in messages) and `tmp` (a scratch folder).
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() {  # DESCRIPTION: a failed check, with the last command's output
  echo "$suite: FAILED $*" >&2
  sed 's/^/  /' "$tmp/out" "$tmp/err" 2>/dev/null | tail -15 >&2
  failed=$((failed + 1))
}
run() { "$@" >"$tmp/out" 2>"$tmp/err"; }
expect_exit() {  # WANT DESCRIPTION COMMAND...: the command's exit status is WANT
  local want="$1" what="$2" got=0
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err" || got=$?
  if [ "$got" = "$want" ]; then ok; else bad "$what (exit $got, expected $want)"; fi
}
expect_out() {  # PATTERN DESCRIPTION: the last command's stdout or stderr matches PATTERN
  if grep -qE -- "$1" "$tmp/out" "$tmp/err"; then ok; else bad "$2: no /$1/"; fi
}
# The Kafka jars the broker runs from (ci/kafka/broker fetches them), for Kafka's own tools.
kafka_jars="${TOPICFORM_KAFKA_JARS:-$(pwd)/build/kafka-jars}/*"
# Each of Kafka's tools is a JVM that lives for a second or two: with the client compiler alone
# (C1) it costs about half the CPU of the default tiered JIT, CPU the suites running beside it
# need. The brokers the suites start get the same through ci/kafka/broker.
kafka_java=(java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$kafka_jars")
export TOPICFORM_BROKER_JAVA_OPTIONS="${TOPICFORM_BROKER_JAVA_OPTIONS--XX:TieredStopAtLevel=1}"
kafka_tool() {  # CLASS ARGS...: one of Kafka's command-line tools
  "${kafka_java[@]}" "$@"
}
# Starts NODES local brokers in DIR (ci/kafka/broker, on free ports; TOPICFORM_BROKER_PROPERTIES
# and friends pass through) and sets S to their bootstrap servers; the suite ends when they do
# not start, with failed=1 so their logs are kept. broker_down DIR stops them.
broker_up() {  # DIR NODES
  ci/kafka/broker fetch || exit 1
  local port
  port=$(ci/kafka/broker free-port $((2 * $2)))
  ci/kafka/broker start "$1" "$port" "$2" >/dev/null ||
    { echo "$suite: the broker did not start" >&2; failed=1; exit 1; }
  S=$(cat "$1/bootstrap")
}
broker_down() { ci/kafka/broker stop "$1" >/dev/null 2>&1; }
# Numbered cases: each says how long it took, on stderr, so the slow one is found; one named in
# TOPICFORM_SKIP_CASES (numbers, space-separated) is skipped where the suite asks case_wanted.
case_began=""
begin_case() {  # N: the case before ends, case N begins
  end_case
  case_number="$1"
  case_began=$(date +%s.%N)
}
end_case() {
  [ -n "$case_began" ] || return 0
  echo "$suite: case $case_number took $(awk -v a="$case_began" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}') s" >&2
  case_began=""
}
case_wanted() {  # N: whether case N runs
  [[ " ${TOPICFORM_SKIP_CASES:-} " != *" $1 "* ]] && return 0
  echo "$suite: case $1 skipped (TOPICFORM_SKIP_CASES)" >&2
  return 1
}
finish() {  # prints the tally; the suite's exit status
  end_case
  echo "$suite: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
