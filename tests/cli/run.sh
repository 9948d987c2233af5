#!/usr/bin/env bash
# The command line as a user meets it: help, usage errors, exit codes, streams, colour, hostile
# paths. Run from the repository root with the binary as the first argument.
set -uo pipefail
bin="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

matches() {  # PATTERN FILE: ANY matches anything, NOTHING an empty file, else a line matches
  case "$1" in
    ANY) return 0 ;;
    NOTHING) [ ! -s "$2" ] ;;
    *) grep -qE -- "$1" "$2" ;;
  esac
}

expect() {  # DESCRIPTION EXPECTED_EXIT EXPECTED_STDOUT_PATTERN EXPECTED_STDERR_PATTERN -- COMMAND...
  local what="$1" code="$2" out_pattern="$3" err_pattern="$4"
  shift 5
  local status=0
  timeout 30 "$@" >"$tmp/out" 2>"$tmp/err" || status=$?
  if [ "$status" != "$code" ] || ! matches "$out_pattern" "$tmp/out" ||
     ! matches "$err_pattern" "$tmp/err"; then
    echo "cli: FAILED $what (exit $status, expected $code)" >&2
    sed 's/^/  stdout: /' "$tmp/out" | head -5 >&2
    sed 's/^/  stderr: /' "$tmp/err" | head -5 >&2
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
}
ANY=ANY
NOTHING=NOTHING

expect "help" 0 '^Commands:' "$ANY" -- "$bin" --help
expect "no arguments show the help on stdout" 0 '^Usage: topicform <command>' "$NOTHING" -- "$bin"
expect "validate help" 0 'Exit status: 0 no errors' "$ANY" -- "$bin" validate --help
expect "rules help" 0 '^Usage: topicform rules' "$ANY" -- "$bin" rules --help
# The settings are found as git finds .git: a run narrowed to one file still reads the project's
# settings (here topics/topicform.yaml: environment 'local', not a made-up 'default').
expect "one file finds its project's settings" 0 "^ok in 1 file, 2 topics for environment 'local': 0 errors, 0 warnings$" "$NOTHING" -- "$bin" validate topics/orders/created.yaml
expect "a folder finds them too" 0 "^ok in 1 file, 2 topics for environment 'local'" "$NOTHING" -- "$bin" validate topics/orders
expect "--settings names them" 0 "^ok in 1 file, 2 topics for environment 'prod'" "$NOTHING" -- "$bin" validate --settings topics/topicform.yaml --env prod topics/orders
expect "--settings of a file without settings" 1 "^tests/corpus/extra-access/topic.yaml:1:1: error: --settings names a file without a 'kind: Settings' document \[manifest/settings\]$" "$ANY" -- "$bin" validate --settings tests/corpus/extra-access/topic.yaml topics/orders
expect "--settings of a missing file" 1 "^/nonexistent/topicform.yaml: error: cannot open the file \[manifest/unreadable\]$" "$ANY" -- "$bin" validate --settings /nonexistent/topicform.yaml topics/orders
# The search stops at the repository's top folder: settings above it belong to something else.
mkdir -p "$tmp/outer/repo/.git" "$tmp/outer/repo/t" && cp topics/topicform.yaml "$tmp/outer/" && cp topics/orders/created.yaml "$tmp/outer/repo/t/"
sed -i 's|schema: ../schemas/order_created.json|schema: orders-created-value|' "$tmp/outer/repo/t/created.yaml"
expect "no settings above the repository" 0 "environment 'default'" "$NOTHING" -- "$bin" validate "$tmp/outer/repo/t"
# Nothing listens: said within seconds, not after the 30 s --timeout, naming where the address
# came from.
refused_start=$SECONDS
expect "a refused connection fails fast" 1 "$NOTHING" "^topicform: error: read cluster metadata: every bootstrap server of 127.0.0.1:1 \(from --bootstrap-server\) refused the connection: nothing listens there; check the address and that the brokers run \(apply --wait-for-brokers waits for them to come up\)" -- "$bin" plan --bootstrap-server 127.0.0.1:1 topics
expect "a refused connection within a --timeout under two seconds says so too" 1 "$NOTHING" "^topicform: error: read cluster metadata: every bootstrap server of 127.0.0.1:1 \(from --bootstrap-server\) refused the connection: nothing listens there; check the address and that the brokers run \(apply --wait-for-brokers waits for them to come up\)" -- "$bin" plan --bootstrap-server 127.0.0.1:1 --timeout 1s topics
if [ $((SECONDS - refused_start)) -lt 10 ]; then passed=$((passed + 1)); else echo "cli: FAILED a refused connection took $((SECONDS - refused_start)) s" >&2; failed=$((failed + 1)); fi
expect "the address's source is named" 1 "$NOTHING" "every bootstrap server of 127.0.0.1:1,127.0.0.1:2 \(from KAFKA_BOOTSTRAP_SERVERS\) refused" -- env KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:1,127.0.0.1:2 "$bin" plan topics
# --target narrows a run to topics by name; a pattern that selects nothing is a typo, not "no changes".
expect "a target that selects nothing" 1 "$NOTHING" "^topicform: error: --target 'ordrs.\*' matches no topic of the manifests$" -- "$bin" plan --target 'ordrs.*' --cluster-snapshot tests/golden/snapshots/empty.json topics
expect "targets narrow the catalogue" 0 "$NOTHING" "^docs: wrote [0-9]+ file\(s\) for 1 topic\(s\) to $tmp/narrow-docs$" -- "$bin" docs --target orders.created --out "$tmp/narrow-docs" topics
"$bin" plan --target 'orders.*' --out "$tmp/narrow.plan" --cluster-snapshot tests/golden/snapshots/empty.json topics >/dev/null 2>&1
expect "a saved narrow plan is applied with its own targets only" 1 "$NOTHING" "^topicform: error: the plan was saved with --target orders.\*: apply it with the same targets or none; nothing was applied$" -- "$bin" apply --plan "$tmp/narrow.plan" --target 'commerce.*' --auto-approve --bootstrap-server 127.0.0.1:1
expect "version" 0 '^topicform [0-9]+\.[0-9]+\.[0-9]+ \(manifest format topicform/v1\)$' "$ANY" -- "$bin" version
expect "version names the librdkafka it runs with" 0 '^librdkafka [0-9]+\.[0-9]+\.[0-9]+ \(built with [0-9]+\.[0-9]+\.[0-9]+\)$' "$ANY" -- "$bin" version
expect "version says whether IncrementalAlterConfigs is used" 0 '^  incremental-alter-configs  (on|off \(needs librdkafka 2\.2\.0\))$' "$ANY" -- "$bin" version
expect "version names the DescribeTopics path" 0 '^  describe-topics            (on|off \(needs librdkafka 2\.3\.0\))$' "$ANY" -- "$bin" version
expect "version lists five librdkafka paths" 0 '^  consumer-group-types       (on|off \(needs librdkafka 2\.6\.0\))$' "$ANY" -- "$bin" version
expect "version --json" 0 '^  "topicform": "[0-9]+\.[0-9]+\.[0-9]+",$' "$NOTHING" -- "$bin" version --json
expect "version --json names each path" 0 '^    "running": "[0-9]+\.[0-9]+\.[0-9]+",$' "$NOTHING" -- "$bin" version --json
expect "version with an unknown argument" 1 "$NOTHING" "^topicform: error: unknown argument '--jsn'$" -- "$bin" version --jsn
expect "unknown command" 1 "$NOTHING" "^topicform: error: unknown command 'valdate' \(did you mean 'validate'\?\)$" -- "$bin" valdate
expect "unknown command far from any" 1 "$NOTHING" "^topicform: error: unknown command 'deploy'$" -- "$bin" deploy
expect "unknown option" 1 "$NOTHING" "^topicform: error: unrecognised option '--frmat' \(did you mean '--format'\?\)$" -- "$bin" validate --frmat json
expect "unknown option far from any" 1 "$NOTHING" "^topicform: error: unrecognised option '--zebra'$" -- "$bin" plan --zebra
expect "plan's help has no apply-only flag" 0 "^Usage: topicform plan" "$NOTHING" -- sh -c '! "$1" plan --help | grep -e --wait-for-brokers && "$1" plan --help' sh "$bin"
expect "apply's help says what --timeout means to --wait-for-brokers" 0 "^ +--wait-for-brokers, how long to wait for" "$NOTHING" -- "$bin" apply --help
expect "--wait takes a duration" 1 "$NOTHING" "^topicform: error: --wait 'soon' is not a duration between 1ms and 24h \(e\.g\. 30s, 2m\)$" -- "$bin" apply --wait soon --bootstrap-server 127.0.0.1:1 topics
expect "--timeout past a day" 1 "$NOTHING" "^topicform: error: --timeout '99999999999999' is not a duration" -- "$bin" plan --timeout 99999999999999 --bootstrap-server 127.0.0.1:1 topics
expect "unknown format" 1 "$NOTHING" "^topicform: error: unknown format 'yaml': use text, json or github$" -- "$bin" validate --format yaml topics
expect "clean run: report on stdout, nothing on stderr" 0 "^ok in 6 files, 10 topics for environment 'local'" "$NOTHING" -- "$bin" validate topics
expect "missing path" 1 "^does-not-exist: error: no such file or folder \(or a broken link\) \[manifest/unreadable\]$" "$ANY" -- "$bin" validate does-not-exist

# Colour only when asked or on a terminal, never with NO_COLOR.
expect "colour always" 1 $'\x1b\\[1;31merror' "$ANY" -- "$bin" validate --color always tests/golden/bad
expect "colour auto off a terminal" 1 '^tests/golden/bad/a.yaml:4:9: error' "$ANY" -- "$bin" validate tests/golden/bad
if command -v script >/dev/null; then
  expect "colour on a terminal" 1 $'\x1b\\[' "$ANY" -- script -qec "$bin validate --color auto tests/golden/bad" /dev/null
  expect "NO_COLOR on a terminal" 1 '^tests/golden/bad/a.yaml:4:9: error' "$ANY" -- \
    script -qec "NO_COLOR=1 $bin validate --color auto tests/golden/bad" /dev/null
  if grep -q $'\x1b' "$tmp/out"; then echo "cli: FAILED NO_COLOR still coloured" >&2; failed=$((failed + 1)); fi
fi

# Hostile inputs: a huge file, a FIFO that would block a reader, a file given directly.
mkdir -p "$tmp/huge" "$tmp/fifo"
head -c $((5 * 1024 * 1024)) /dev/zero | tr '\0' 'a' > "$tmp/huge/big.yaml"
expect "huge file" 1 "big.yaml:1:1: error: the file is 5242880 bytes; manifests are limited to 4194304 bytes \[manifest/too-large\]" "$ANY" -- "$bin" validate "$tmp/huge"
mkfifo "$tmp/fifo/pipe.yaml"
sed '/schema:/d' topics/orders/created.yaml >"$tmp/fifo/created.yaml"  # its schema is outside
expect "a FIFO is skipped, not read" 0 "^ok in 1 file" "$ANY" -- "$bin" validate "$tmp/fifo"
expect "a FIFO named on the command line" 1 "pipe.yaml: error: not a regular file \[manifest/unreadable\]" "$ANY" -- "$bin" validate "$tmp/fifo/pipe.yaml"
expect "a saved plan that is missing" 1 "$NOTHING" "^topicform: error: cannot read plan '$tmp/none.plan': no such file, or it may not be read$" -- "$bin" apply --plan "$tmp/none.plan" --auto-approve --bootstrap-server 127.0.0.1:1
expect "a saved plan that is a FIFO" 1 "$NOTHING" "^topicform: error: cannot read plan '$tmp/fifo/pipe.yaml': not a regular file of at most 256 MiB$" -- "$bin" apply --plan "$tmp/fifo/pipe.yaml" --auto-approve --bootstrap-server 127.0.0.1:1
# A schema reference that names a FIFO is not read (validate reads schemas for owner/no-secrets).
mkdir -p "$tmp/fifo-schema/orders" "$tmp/fifo-schema/schemas"
cp topics/orders/created.yaml "$tmp/fifo-schema/orders/"
mkfifo "$tmp/fifo-schema/schemas/order_created.json"
expect "a schema FIFO does not block validate" 1 "created.yaml:22:13: error: schema '../schemas/order_created.json' is not a regular file \[owner/schema-file\]" "$ANY" -- "$bin" validate "$tmp/fifo-schema"
expect "a schema FIFO does not block docs" 1 NOTHING "no catalogue was written$" -- \
  "$bin" docs --out "$tmp/fifo-docs" "$tmp/fifo-schema"
# No file outside the project is ever read or published: absolute paths, ../, /proc, symlinks.
for target in /proc/self/environ /etc/passwd ../../etc/passwd.json link; do
  rm -rf "$tmp/leak" "$tmp/leak-docs"
  mkdir -p "$tmp/leak/orders" "$tmp/leak/schemas"
  ln -s /etc/passwd "$tmp/leak/schemas/link.json"
  [ "$target" = link ] && target=../schemas/link.json
  sed "s|schema: ../schemas/order_created.json|schema: $target|" topics/orders/created.yaml >"$tmp/leak/orders/created.yaml"
  expect "validate refuses schema $target" 1 "error: schema '$target' is outside the project: only files under the folder of the settings file \(or of the paths given\) are read \[owner/schema-file\]" "$ANY" -- \
    "$bin" validate "$tmp/leak"
  expect "docs publishes nothing for schema $target" 1 NOTHING "no catalogue was written$" -- \
    env SECRET_MARKER=leak-4f2a "$bin" docs --out "$tmp/leak-docs" "$tmp/leak"
  if [ -e "$tmp/leak-docs" ] && grep -rqE "leak-4f2a|root:" "$tmp/leak-docs"; then
    echo "cli: FAILED docs copied $target" >&2; failed=$((failed + 1)); else passed=$((passed + 1)); fi
done
rm -rf "$tmp/big-schema"; mkdir -p "$tmp/big-schema/orders" "$tmp/big-schema/schemas"
cp topics/orders/created.yaml "$tmp/big-schema/orders/"
head -c $((1024 * 1024 + 1)) /dev/zero | tr '\0' ' ' >"$tmp/big-schema/schemas/order_created.json"
expect "a schema over 1 MiB is refused" 1 "error: schema '../schemas/order_created.json' is larger than 1048576 bytes \[owner/schema-file\]" "$ANY" -- \
  "$bin" validate "$tmp/big-schema"
# A pattern that backtracks for ever in a backtracking engine is linear in RE2.
expect "a catastrophic naming pattern ends at once" 1 "does not follow the naming convention /.\(a.\)../ \[naming/convention\]" "$ANY" -- \
  timeout 10 "$bin" validate --color never tests/corpus/naming-pattern-backtracking
# Every output is valid UTF-8 and JSON never fails on a non-ASCII name.
for format in text json github; do
  expect "a non-ASCII name in $format" 1 "U\+00E9" "$ANY" -- "$bin" validate --format "$format" tests/corpus/name-non-ascii
  python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$tmp/out" && passed=$((passed + 1)) ||
    { echo "cli: FAILED $format output is not UTF-8" >&2; failed=$((failed + 1)); }
done
"$bin" validate --format json tests/corpus/name-non-ascii >"$tmp/u8.json" 2>/dev/null
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(d["valid"] is not False)' "$tmp/u8.json" &&
  passed=$((passed + 1)) || { echo "cli: FAILED the JSON of a non-ASCII name" >&2; failed=$((failed + 1)); }
expect "json is parseable and versioned" 1 '"version": 1' "$ANY" -- "$bin" validate --format json tests/golden/bad
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/out" || { echo "cli: FAILED json does not parse" >&2; failed=$((failed + 1)); }

# In GitHub Actions, --format github also writes a Markdown job summary.
expect "validate writes a job summary" 1 "^::error file=" "$ANY" -- \
  env GITHUB_STEP_SUMMARY="$tmp/summary.md" "$bin" validate --format github tests/golden/bad
if head -1 "$tmp/summary.md" | grep -qx "### topicform validate: failed" && grep -q '^| `.*a.yaml:[0-9]*:[0-9]*` | error | `' "$tmp/summary.md"; then passed=$((passed + 1)); else echo "cli: FAILED the job summary" >&2; failed=$((failed + 1)); fi
expect "plan writes the Markdown plan as the job summary" 0 "^topicform plan: Plan: 10 to create" "$NOTHING" -- \
  env GITHUB_STEP_SUMMARY="$tmp/plan-summary.md" "$bin" plan --format github --cluster-snapshot tests/golden/snapshots/empty.json topics
if head -1 "$tmp/plan-summary.md" | grep -q "^### topicform plan"; then passed=$((passed + 1)); else echo "cli: FAILED the plan job summary" >&2; failed=$((failed + 1)); fi

# import: help, usage errors, a bad --include, a plan's snapshot without unmanaged configs.
expect "import help" 0 '^Usage: topicform import --out DIR' "$ANY" -- "$bin" import --help
expect "import without --out" 1 "$NOTHING" "^topicform: error: give the folder to write to as --out DIR; see 'topicform import --help'$" -- \
  "$bin" import --cluster-snapshot tests/golden/snapshots/adopt.json
expect "import with a pattern RE2 refuses" 1 "$NOTHING" "^topicform: error: --include: " -- \
  "$bin" import --include '(a)\1' --cluster-snapshot tests/golden/snapshots/adopt.json --out "$tmp/adopt"
[ ! -e "$tmp/adopt" ] && passed=$((passed + 1)) || { echo "cli: FAILED a refused import wrote" >&2; failed=$((failed + 1)); }
expect "import with an empty --include" 1 "$NOTHING" "^topicform: error: --include '' matches every topic: give a pattern, or leave --include out to adopt all$" -- \
  "$bin" import --include '' --cluster-snapshot tests/golden/snapshots/adopt.json --out "$tmp/adopt"
[ ! -e "$tmp/adopt" ] && passed=$((passed + 1)) || { echo "cli: FAILED an import with an empty pattern wrote" >&2; failed=$((failed + 1)); }
expect "an --include that matches only part of a name says so" 0 "$NOTHING" "^nothing to adopt: no unmanaged topic matches --include '\^orders\\\.' as a whole name; it matches part of 'orders.created' \(names are matched whole, as Kafka's tools match them: add '.\*' to match the rest\)$" -- \
  "$bin" import --include '^orders\.' --cluster-snapshot tests/golden/snapshots/adopt.json --out "$tmp/adopt"
echo '{"version": 1, "clusterId": "c", "brokers": 1, "topics": {"a.b": {"partitions": 1, "replicationFactor": 1}}}' > "$tmp/plan-snapshot.json"
expect "import from a plan's snapshot refuses to guess configs" 1 "$NOTHING" "^topicform: error: the snapshot has no configs for 1 topic\(s\) to adopt \(a.b\.\.\.\): a plan's snapshot holds only the managed topics'; save one with 'topicform import --write-snapshot FILE'$" -- \
  "$bin" import --cluster-snapshot "$tmp/plan-snapshot.json" --out "$tmp/adopt"
[ ! -e "$tmp/adopt" ] && passed=$((passed + 1)) || { echo "cli: FAILED a refused import wrote" >&2; failed=$((failed + 1)); }

# check: help, a bad format, and a cluster that does not answer (the first layer fails, the
# others are not checked, in every format).
expect "check help" 0 '^Usage: topicform check' "$ANY" -- "$bin" check --help
expect "check with an unknown format" 1 "$NOTHING" "^topicform: error: unknown format 'yaml': use text, json or prometheus$" -- \
  "$bin" check --format yaml topics
expect "check without a broker" 1 "^\[FAIL\] cluster: .*127.0.0.1:9" "$NOTHING" -- \
  "$bin" check --bootstrap-server 127.0.0.1:9 --timeout 2s topics
grep -qx "\[skip\] dead-letters: not checked" "$tmp/out" && passed=$((passed + 1)) || { echo "cli: FAILED check says what it did not check" >&2; failed=$((failed + 1)); }
expect "check without a broker, for Prometheus" 1 '^topicform_check_healthy\{environment="local"\} 0$' "$NOTHING" -- \
  "$bin" check --format prometheus --bootstrap-server 127.0.0.1:9 --timeout 2s topics
grep -qx 'topicform_check_layer_healthy{environment="local",layer="topics"} 0' "$tmp/out" && passed=$((passed + 1)) || { echo "cli: FAILED a layer not checked is not healthy for Prometheus" >&2; failed=$((failed + 1)); }
expect "check without a broker, as JSON" 1 '"verdict": "skipped"' "$NOTHING" -- \
  "$bin" check --format json --bootstrap-server 127.0.0.1:9 --timeout 2s topics

# plan and apply without a broker: help, snapshots, configuration errors, secrets never shown.
expect "plan help" 0 '^Usage: topicform plan' "$ANY" -- "$bin" plan --help
expect "apply help" 0 '^Usage: topicform apply' "$ANY" -- "$bin" apply --help
expect "plan against a snapshot" 0 "^Plan: 10 to create" "$NOTHING" -- \
  "$bin" plan --cluster-snapshot tests/golden/snapshots/empty.json topics
expect "plan --detailed-exitcode with changes" 2 "^Plan: 10 to create" "$ANY" -- \
  "$bin" plan --detailed-exitcode --cluster-snapshot tests/golden/snapshots/empty.json topics
echo '{"version": 7}' > "$tmp/bad-snapshot.json"
expect "a bad snapshot" 1 "$NOTHING" "^topicform: error: cluster snapshot '.*bad-snapshot.json': unsupported snapshot version \(expected 1\)$" -- \
  "$bin" plan --cluster-snapshot "$tmp/bad-snapshot.json" topics
expect "plan refuses manifests with errors" 1 "$NOTHING" "^topicform: error: the manifests have errors; nothing was planned$" -- \
  "$bin" plan --cluster-snapshot tests/golden/snapshots/empty.json tests/golden/bad
printf 'security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nsasl.username=app\nsasl.password=hunter2-secret\n' > "$tmp/client.properties"
expect "a bad client property names the key only" 1 "$NOTHING" "^topicform: error: client property 'no.such.property': " -- \
  "$bin" plan --bootstrap-server 127.0.0.1:1 -X no.such.property=hunter2-secret topics
if grep -q hunter2 "$tmp/out" "$tmp/err"; then echo "cli: FAILED a secret value was printed" >&2; failed=$((failed + 1)); fi
expect "unreachable cluster with credentials" 1 "$NOTHING" "^topicform: error: read cluster metadata: " -- \
  "$bin" plan --timeout 2 --bootstrap-server 127.0.0.1:1 --command-config "$tmp/client.properties" topics
if grep -q hunter2 "$tmp/out" "$tmp/err"; then echo "cli: FAILED a secret value was printed" >&2; failed=$((failed + 1)); fi
# librdkafka's debug output lists the client configuration: secret values must show redacted.
expect "secrets stay hidden at debug verbosity" 1 "$NOTHING" "sasl.password = \[redacted\]" -- \
  "$bin" plan --timeout 2 --bootstrap-server 127.0.0.1:1 -X debug=all --command-config "$tmp/client.properties" \
  -X ssl.key.password=hunter2-key -X sasl.oauthbearer.config=hunter2-token topics
if grep -q hunter2 "$tmp/out" "$tmp/err"; then echo "cli: FAILED a secret value was printed at debug verbosity" >&2; failed=$((failed + 1)); fi
# The same through the logger at trace level as JSON lines: librdkafka's dump comes through it.
expect "secrets stay hidden at trace level, as JSON" 1 "$NOTHING" '"message":"librdkafka CONF: .*sasl.password = \[redacted\]' -- \
  "$bin" -vv --log-format json plan --timeout 2 --bootstrap-server 127.0.0.1:1 -X debug=all --command-config "$tmp/client.properties" \
  -X ssl.key.password=hunter2-key -X sasl.oauthbearer.config=hunter2-token topics
if grep -q hunter2 "$tmp/out" "$tmp/err"; then echo "cli: FAILED a secret value was printed at trace level" >&2; failed=$((failed + 1)); fi
expect "a timeout that is not a duration" 1 "$NOTHING" "^topicform: error: --timeout 'soon' is not a duration between 1ms and 24h \(e.g. 30s, 2m\)$" -- \
  "$bin" apply --auto-approve --wait-for-brokers --timeout soon --bootstrap-server 127.0.0.1:1 topics
expect "no cluster configured" 1 "$NOTHING" "^topicform: error: no cluster: " -- \
  env -u KAFKA_BOOTSTRAP_SERVERS "$bin" plan tests/corpus/name-past-tense
# The dead-letter and offset operations: verbs, usage errors, refusals before any connection.
expect "dead lists its verbs" 0 '^  replay +return SOURCE.dead' "$NOTHING" -- "$bin" dead --help
expect "dead without a verb" 1 "$NOTHING" '^Verbs:$' -- "$bin" dead
expect "a misspelt verb" 1 "$NOTHING" "^topicform: error: unknown verb 'dead shwo' \(did you mean 'show'\?\)$" -- "$bin" dead shwo
expect "a misspelt command" 1 "$NOTHING" "^topicform: error: unknown command 'reasign' \(did you mean 'reassign'\?\)$" -- "$bin" reasign
expect "dead show help" 0 'Exit status: 0 every dead topic shown is empty' "$ANY" -- "$bin" dead show --help
expect "dead show with a bad format" 1 "$NOTHING" "^topicform: error: unknown format 'yaml': use text, json or markdown$" -- \
  "$bin" dead show --format yaml
expect "dead replay without SOURCE" 1 "$NOTHING" "^topicform: error: dead replay needs the SOURCE topic: " -- "$bin" dead replay
expect "dead replay with a transaction size of 0" 1 "$NOTHING" "^topicform: error: --transaction-size 0 is not between 1 and 100000$" -- \
  "$bin" dead replay orders.created --transaction-size 0
expect "dead replay of an unmanaged topic" 1 "$NOTHING" "^topicform: error: 'orders.nothing' is not a source topic these manifests manage" -- \
  "$bin" dead replay orders.nothing topics --bootstrap-server 127.0.0.1:1
expect "offsets reset help" 0 '^Usage: topicform offsets reset --group G --topic T' "$ANY" -- "$bin" offsets reset --help
expect "offsets reset without a target" 1 "$NOTHING" "^topicform: error: give exactly one of --to-earliest, --to-latest, --to-offset, --shift-by, --to-datetime$" -- \
  "$bin" offsets reset --group g --topic t
expect "offsets reset with two targets" 1 "$NOTHING" "^topicform: error: give exactly one of " -- \
  "$bin" offsets reset --group g --topic t --to-earliest --shift-by 1
expect "offsets reset without a group" 1 "$NOTHING" "^topicform: error: give --group and --topic$" -- \
  "$bin" offsets reset --topic t --to-earliest
expect "offsets reset with a time that is none" 1 "$NOTHING" "^topicform: error: --to-datetime 'soon' is not a time like 2026-01-15T00:00:00.000$" -- \
  "$bin" offsets reset --group g --topic t --to-datetime soon
expect "offsets reset to a day that does not exist" 1 "$NOTHING" "^topicform: error: --to-datetime '2026-02-31T00:00:00' is not a time like 2026-01-15T00:00:00.000$" -- \
  "$bin" offsets reset --group g --topic t --to-datetime 2026-02-31T00:00:00
expect "offsets reset to a negative offset" 1 "$NOTHING" "^topicform: error: --to-offset must not be negative$" -- \
  "$bin" offsets reset --group g --topic t --to-offset -3
expect "offsets reset with a shift that is no number" 1 "$NOTHING" "^topicform: error: the argument \('x'\) for option '--shift-by' is invalid" -- \
  "$bin" offsets reset --group g --topic t --shift-by x

# A plan from a snapshot says the environment's registry was not read, rather than nothing.
mkdir -p "$tmp/with-registry" && cp -r topics "$tmp/with-registry/"
sed -i 's|^      bootstrapServers: 127.0.0.1:9092$|&\n      schemaRegistry: {url: "http://127.0.0.1:1"}|' "$tmp/with-registry/topics/topicform.yaml"
expect "a snapshot plan names the registry it did not read" 0 '^note: --cluster-snapshot: the schema registry was not read, so its subjects are not planned; plan against the live cluster to see them$' "$ANY" -- \
  "$bin" plan --color never --cluster-snapshot tests/golden/snapshots/converged.json "$tmp/with-registry/topics"

# Names typed on the command line come out escaped: ESC, a newline, invalid UTF-8, U+202E.
mkdir -p "$tmp/no-environments" && sed -n 1,17p tests/corpus/settings-unknown-rule/topic.yaml >"$tmp/no-environments/topic.yaml"
hostile_env=$'a\033[31mb\xff\nc\u202e'
expect "validate names a hostile --env escaped" 0 '^ok in 1 file, 2 topics for environment .a\\x1B\[31mb\\xFF\\nc\\u202E.: 0 errors, 0 warnings$' "$ANY" -- \
  "$bin" validate --env "$hostile_env" "$tmp/no-environments"
expect "plan's Markdown heading names a hostile --env as code" 1 '^### topicform plan: ``a`b\\x1Bc``: failed$' "$ANY" -- \
  "$bin" plan --format markdown --env $'a`b\033c' --bootstrap-server 127.0.0.1:1 --timeout 1s "$tmp/no-environments"
[ "$(grep -c $'\033' "$tmp/out")" = 0 ] && passed=$((passed + 1)) || { echo "cli: FAILED an ESC reached the Markdown" >&2; failed=$((failed + 1)); }

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
