#!/usr/bin/env bash
# Several environments in one run, on two real single-node clusters and one that does not answer:
# plan/check/validate report each in its own section with the worst exit code; an unreachable
# environment fails only its own section; apply goes in the order given and stops at the first
# failure; a saved plan of several environments is refused whole when one is stale.
# Usage: tests/cli/environments.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin=$(readlink -f "$1")
tmp=$(mktemp -d)
suite=environments
. "$(dirname "$0")/../lib.sh"
trap 'broker_down "$tmp/staging"; broker_down "$tmp/prod"; [ "$failed" -eq 0 ] && rm -rf "$tmp"' EXIT
unset KAFKA_BOOTSTRAP_SERVERS GITHUB_STEP_SUMMARY

broker_up "$tmp/staging" 1 && staging=$S
broker_up "$tmp/prod" 1 && prod=$S
gone=127.0.0.1:$(ci/kafka/broker free-port 1)  # nothing listens there
cp -r topics "$tmp/project"
sed -i '/^  overrides:/,+1d' "$tmp/project/commerce/orders-events.yaml"  # for 'local', not here
python3 - "$tmp/project/topicform.yaml" "$staging" "$prod" "$gone" <<'PY'
import re, sys
path, staging, prod, gone = sys.argv[1:]
text = open(path).read()
envs = (f"  defaultEnvironment: staging\n  environments:\n"
        f"    staging: {{bootstrapServers: '{staging}', brokers: 1}}\n"
        f"    prod: {{bootstrapServers: '{prod}', brokers: 1}}\n"
        f"    gone: {{bootstrapServers: '{gone}', brokers: 1}}\n")
text = re.sub(r"  defaultEnvironment:.*", envs, text, flags=re.S)
open(path, "w").write(text)
PY
p="$tmp/project"
sections() {  # the environments whose section the text report holds, in order
  grep -oE "^topicform plan for environment '[a-z]+'" "$tmp/out" | cut -d"'" -f2 | tr '\n' ' '
}

# Two clusters, both empty: one report, a section each, exit 2 with --detailed-exitcode.
expect_exit 2 "plan staging and prod" "$bin" plan --color never --detailed-exitcode --env staging --env prod "$p"
[ "$(sections)" = "staging prod " ] && ok || bad "sections in the order given: $(sections)"
expect_out "^  prod: Plan: 10 to create, 0 to update" "prod's outcome line"
# Each environment reaches its own cluster; one named for all is refused, or not used.
expect_exit 1 "--bootstrap-server with two environments" "$bin" plan --env staging --env prod --bootstrap-server "$staging" "$p"
expect_out "^topicform: error: --bootstrap-server names one cluster: " "says why"
KAFKA_BOOTSTRAP_SERVERS=$gone expect_exit 0 "KAFKA_BOOTSTRAP_SERVERS is not used" "$bin" plan --env staging --env prod "$p"
expect_out "^topicform: warning: KAFKA_BOOTSTRAP_SERVERS is not used" "warns that it is not used"

# Client properties per environment: ENV=FILE reaches only ENV.
printf 'no.such.property=1\n' > "$tmp/odd.properties"
expect_exit 1 "a command config for prod only" "$bin" plan --format json --env staging --env prod --command-config "prod=$tmp/odd.properties" "$p"
python3 - "$tmp/out" <<'PY' && ok || bad "prod read odd.properties, staging did not"
import json, sys
envs = {e["environment"]: e for e in json.load(open(sys.argv[1]))["environments"]}
assert envs["staging"]["outcome"] == "changes", envs["staging"]
assert envs["prod"]["outcome"] == "failed" and "no.such.property" in envs["prod"]["error"], envs["prod"]
PY

# JSON logs: what each environment's thread writes carries its name.
expect_exit 0 "plan --stats with JSON logs" "$bin" --log-format json plan --stats --env staging --env prod "$p"
python3 - "$tmp/err" <<'PY' && ok || bad "each --stats line carries its environment"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
stats = [l for l in lines if "requests: " in l["message"]]
assert len(stats) == 2, lines
for l in stats:
    assert l["message"].startswith(f"environment '{l['environment']}': "), l
assert {l["environment"] for l in stats} == {"staging", "prod"}, stats
PY

# `all`, with one environment that does not answer: its section fails, the others are there.
expect_exit 1 "plan --env all with one down" "$bin" plan --format json --env all --timeout 3s "$p"
python3 - "$tmp/out" <<'PY' && ok || bad "JSON: staging and prod planned, gone failed with its reason"
import json, sys
doc = json.load(open(sys.argv[1]))
envs = {e["environment"]: e for e in doc["environments"]}
assert [e["environment"] for e in doc["environments"]] == ["staging", "prod", "gone"], doc
assert envs["staging"]["outcome"] == "changes" and envs["prod"]["outcome"] == "changes", envs
assert envs["gone"]["outcome"] == "failed" and envs["gone"]["plan"] is None, envs["gone"]
assert "refused the connection" in envs["gone"]["error"], envs["gone"]
assert doc["summary"]["outcome"] == "failed" and doc["summary"]["failed"] == 1, doc["summary"]
PY
expect_out "^topicform: error: environment 'gone': " "the failure on stderr too"

# apply goes in the order given and stops at the first that fails: staging is never reached.
expect_exit 1 "apply gone then staging" "$bin" apply --auto-approve --timeout 3s --env gone --env staging "$p"
expect_out "^topicform: error: environment 'gone' failed; not applied: staging$" "names what it did not apply"
expect_exit 2 "staging untouched after gone failed" "$bin" plan --detailed-exitcode --env staging "$p"
expect_out "Plan: 10 to create" "staging still wants everything"
# Staging first: applied, then gone fails.
expect_exit 1 "apply staging then gone" "$bin" apply --auto-approve --timeout 3s --env staging --env gone "$p"
expect_out "^topicform: error: environment 'gone' failed; it was the last$" "gone failed last"
expect_exit 0 "staging converged" "$bin" plan --detailed-exitcode --env staging "$p"

# A saved plan of two environments: applied whole when both are current.
expect_exit 0 "plan --out for staging and prod" "$bin" plan --env staging --env prod --out "$tmp/both.plan" "$p"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert [e['environment'] for e in d['environments']] == ['staging','prod']" "$tmp/both.plan" && ok || bad "the plan file holds both"
expect_exit 1 "a plan of several with another --env" "$bin" apply --auto-approve --plan "$tmp/both.plan" --env prod "$p"
expect_out "holds environment\(s\) staging, prod, not the --env given" "refused"
# Stale: one more topic planned for both, then prod changed by hand before the saved plan runs.
sed 's/orders\.created/orders.refunded/; s/created\.yaml/refunded.yaml/' "$p/orders/created.yaml" > "$p/orders/refunded.yaml"
expect_exit 0 "plan the new topic for both" "$bin" plan --env staging --env prod --out "$tmp/new.plan" "$p"
expect_exit 0 "prod applied apart" "$bin" apply --auto-approve --env prod "$p"
expect_exit 1 "the saved plan, prod now stale" "$bin" apply --auto-approve --plan "$tmp/new.plan" "$p"
expect_out "^topicform: error: environment 'prod': the plan is stale: the cluster changed since it was made, so a plan made now differs; plan again; nothing was applied to any environment$" "refused whole"
expect_exit 2 "staging untouched by the refused plan" "$bin" plan --detailed-exitcode --env staging "$p"
expect_out "^  \+ orders.refunded: create" "staging still wants the new topic"
expect_exit 0 "plan both again" "$bin" plan --env staging --env prod --out "$tmp/new.plan" "$p"
expect_exit 0 "the fresh saved plan applies" "$bin" -v --log-format json apply --auto-approve --plan "$tmp/new.plan" "$p"
# Each checked once before the first write, prod planned again before its own: three reads.
[ "$(grep -c '"message":"phase read: ' "$tmp/err")" = 3 ] && ok || bad "three reads of the clusters, not $(grep -c '"message":"phase read: ' "$tmp/err")"
expect_exit 0 "both converged" "$bin" plan --detailed-exitcode --env staging --env prod "$p"
expect_out "^  staging: No changes" "staging converged"
expect_out "^  prod: No changes" "prod converged"

# check: one JSON document, each environment's layers; gone fails only its own.
expect_exit 1 "check --env all" "$bin" check --format json --env all --timeout 3s "$p"
python3 - "$tmp/out" <<'PY' && ok || bad "check JSON: staging and prod read, gone unreachable"
import json, sys
doc = json.load(open(sys.argv[1]))
envs = {e["environment"]: e for e in doc["environments"]}
assert list(envs) == ["staging", "prod", "gone"], list(envs)
layer = lambda e, name: next(l for l in envs[e]["layers"] if l["name"] == name)
assert layer("staging", "topics")["verdict"] == "ok", layer("staging", "topics")
assert layer("prod", "topics")["verdict"] == "ok", layer("prod", "topics")
assert layer("gone", "cluster")["verdict"] == "failing", layer("gone", "cluster")
assert doc["healthy"] is False
PY
expect_exit 1 "check prometheus for staging and prod" "$bin" check --format prometheus --env staging --env prod "$p"
[ "$(grep -c '^# HELP topicform_check_healthy ' "$tmp/out")" = 1 ] && ok || bad "one HELP per metric"
expect_out '^topicform_check_healthy\{environment="prod"\}' "prod's gauge"
expect_out '^topicform_check_healthy\{environment="staging"\}' "staging's gauge"
expect_exit 0 "validate --env all" "$bin" validate --env all "$p"
[ "$(grep -c "^ok in .* for environment '" "$tmp/out")" = 3 ] && ok || bad "a summary per environment"

# Logs that show the work on a real broker: at debug the settings, the environment, the cluster
# and each phase with its requests and time; at trace each request; JSON lines; nothing at info.
d="$tmp/debug" && cp -r "$p" "$d"
sed 's/name: orders.created$/name: orders.debugged/; s/^  description: .*/  description: An order was looked at./' \
  topics/orders/created.yaml >"$d/orders/debugged.yaml"
debug_lines() {  # PATTERN...: each is the message of some JSON line on stderr
  python3 - "$tmp/err" "$@" <<'PY'
import json, re, sys
messages = [json.loads(line)["message"] for line in open(sys.argv[1])]
missing = [p for p in sys.argv[2:] if not any(re.search(p, m) for m in messages)]
assert not missing, (missing, messages)
PY
}
expect_exit 2 "plan -v" "$bin" -v --log-format json plan --detailed-exitcode --env prod "$d"
debug_lines "^settings: .*/debug/topicform.yaml$" \
  "^environment 'prod': bootstrap servers 127\.0\.0\.1:[0-9]+, schema registry none$" \
  "^phase load and check: [0-9]+ file\(s\), 1[0-9] topic\(s\), 0 finding\(s\) in [0-9]+ ms$" \
  "^phase read: requests: [1-9][0-9]* metadata, [0-9]+ describe-configs, .* in [0-9]+ ms$" \
  "^cluster [A-Za-z0-9_-]+: 1 broker\(s\), [0-9]+ topic\(s\) read; the plan has [1-9][0-9]* change\(s\), 0 blocked, 0 schema change\(s\)$" \
  "^create topics \(validate-only\): [1-9][0-9]* item\(s\) in 1 request\(s\) of at most 9000 records$" \
  "^phase validate-only: requests: .* [1-9][0-9]* validate-only writes in [0-9]+ ms$" \
  && ok || bad "plan -v says each step"
grep -q '"request: ' "$tmp/err" && bad "-v shows each request, which is trace" || ok
expect_exit 2 "plan -vv" "$bin" -vv --log-format json plan --detailed-exitcode --env prod "$d"
debug_lines "^request: read cluster metadata: answered in [0-9]+ ms$" "^request: create topics: answered in [0-9]+ ms$" \
  && ok || bad "plan -vv says each request"
expect_exit 0 "apply -v" "$bin" -v --log-format json apply --auto-approve --env prod "$d"
debug_lines "^phase read: " "^phase validate-only: " "^phase write: requests: .* [1-9][0-9]* writes in [0-9]+ ms$" \
  "^phase read-back: requests: [0-9]+ metadata, .* in [0-9]+ ms$" \
  && ok || bad "apply -v says each phase"
expect_exit 0 "plan at info" "$bin" plan --env prod "$d"
grep -qE "^(debug: |phase |settings: )" "$tmp/err" && bad "the steps show at the default level" || ok
finish
