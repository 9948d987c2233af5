#!/usr/bin/env bash
# examples/kubernetes/serve.yaml: every resource valid against Kubernetes' own schemas
# (kubernetes-validate, strict: an unknown field fails) for each minor release from 1.30 to 1.37,
# and the Deployment's pod run as the kubelet runs it (tests/delivery/pod_commands.py) against a
# real broker: the init container clones a real Git repository, serve answers the probes on the
# container port they name, the Service's port reaches /metrics, the leader topic gives it the
# lead, a webhook signed with the Secret's key brings a pushed commit at once, and SIGTERM ends
# it with exit 0 within the pod's grace period.
# Usage: tests/delivery/kubernetes_example.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin=$(readlink -f "$1")
root=$(pwd)
suite=kubernetes-example
tmp=$(mktemp -d)
. tests/lib.sh
example=examples/kubernetes/serve.yaml
serve_pid=""
cleanup() {
  [ -n "$serve_pid" ] && kill -9 "$serve_pid" 2>/dev/null
  broker_down "$tmp/broker"
  [ "$failed" -ne 0 ] && mkdir -p build/e2e-logs && cp "$tmp/serve.log" build/e2e-logs/kubernetes-serve.log 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

# --- the schemas: kubernetes-validate's copies of each release's OpenAPI, in a virtualenv of
# the pinned versions (made once per requirements file; the lock keeps two legs from racing)
venv="$root/build/kubernetes-validate"
mkdir -p "$root/build"
(
  flock 9
  cmp -s tests/delivery/kubernetes-validate.txt "$venv/requirements.txt" && exit 0
  rm -rf "$venv" && python3 -m venv "$venv" &&
    "$venv/bin/pip" install --quiet --no-deps -r tests/delivery/kubernetes-validate.txt &&
    cp tests/delivery/kubernetes-validate.txt "$venv/requirements.txt"
) 9>"$root/build/kubernetes-validate.lock" >"$tmp/out" 2>"$tmp/err" || bad "the validator is installed"
validate() {  # VERSION FILE
  "$venv/bin/kubernetes-validate" --strict --quiet --no-warn -k "$1" "$2" >"$tmp/out" 2>&1 </dev/null
}
for minor in 30 31 32 33 34 35 36 37; do
  validate "1.$minor.0" "$example" && ok || bad "the example is valid for Kubernetes 1.$minor"
done
# The validator must refuse what Kubernetes refuses, or its passes above mean nothing.
mutant() {  # SED DESCRIPTION PATTERN: the example changed by SED fails, saying PATTERN
  sed "$1" "$example" >"$tmp/mutant.yaml"
  if cmp -s "$example" "$tmp/mutant.yaml"; then bad "$2: the change did not apply"; return; fi
  if validate 1.37.0 "$tmp/mutant.yaml"; then bad "$2 passed"; else expect_out "$3" "$2"; fi
}
mutant 's/^  replicas: 2$/  replica: 2/' "a misspelt field" "'replica' was unexpected"
mutant 's/containerPort: 9780/containerPort: "9780"/' "a port as a string" "'9780' is not of type 'integer'"
mutant 's/periodSeconds: 30/periodSecond: 30/' "a misspelt probe field" "'periodSecond' was unexpected"

# --- the pod, on a real broker: the repository the init container clones holds the example
# topics/; the test broker stands in for the cluster (KAFKA_BOOTSTRAP_SERVERS, which wins over
# the settings' bootstrapServers) and has no SASL, so client.properties is the one entry replaced
# (tests/auth logs in from such files); port 9780 is published on a free port of the host.
broker_up "$tmp/broker" 1
git init -q --bare -b main "$tmp/topics.git"
git clone -q "$tmp/topics.git" "$tmp/work" 2>/dev/null
cp -r topics "$tmp/work/"
commit() {  # MESSAGE: commits the work tree and pushes it; prints the commit
  git -C "$tmp/work" add -A &&
    git -C "$tmp/work" -c user.name=test -c user.email=test@example.com commit -qm "$1" &&
    git -C "$tmp/work" push -q origin HEAD:main 2>/dev/null && git -C "$tmp/work" rev-parse HEAD
}
first=$(commit "topics") || bad "the repository is pushed"
kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --create \
  --topic ops.topicform-leader --partitions 1 --replication-factor 1 >/dev/null 2>&1 && ok ||
  bad "the leader topic is created"
port=$(ci/kafka/broker free-port 1)
python3 tests/delivery/pod_commands.py "$example" "$tmp/pod" "$bin" \
  --set "TOPICS_REPOSITORY=file://$tmp/topics.git" --set "client.properties=client.id=topicform" \
  --publish "9780=$port" >"$tmp/out" 2>"$tmp/err" && ok || bad "the pod's commands"
container() {  # STEM: becomes the container's argv with its environment and nothing of ours
  local argv envs
  mapfile -d '' argv <"$tmp/pod/$1.argv"
  mapfile -d '' envs <"$tmp/pod/$1.env"
  # TOPICFORM_VIEW: where tests/delivery/debian13_suites.sh runs the image's binary.
  exec env -i PATH="$PATH" KAFKA_BOOTSTRAP_SERVERS="$S" ${TOPICFORM_VIEW:+"TOPICFORM_VIEW=$TOPICFORM_VIEW"} \
    "${envs[@]}" "${argv[@]}"
}
(container 01-init-clone) >"$tmp/out" 2>"$tmp/err" && ok || bad "the init container clones the repository"
[ -f "$tmp/pod/volumes/repo/topics/topicform.yaml" ] && ok || bad "the clone holds topics/"

container 02-main-serve >"$tmp/serve.out" 2>"$tmp/serve.log" &
serve_pid=$!
get() {  # PATH PORT: the body, "" unless 200
  curl -sf --max-time 2 "http://127.0.0.1:$2$1" 2>/dev/null
}
# The startup probe allows periodSeconds x failureThreshold; a first cycle takes seconds here.
read -r _ _ startup_path startup_port < <(grep -P '\tstartupProbe\t' "$tmp/pod/probes.tsv")
for _ in $(seq 150); do [ -n "$(get "$startup_path" "$startup_port")" ] && break; sleep 0.2; done
while IFS=$'\t' read -r name kind path probe_port; do
  body=$(get "$path" "$probe_port")
  [ -n "$body" ] && ok || bad "$name's $kind answers 200 on $path"
done <"$tmp/pod/probes.tsv"
[ "$(get /readyz "$port")" = "ready: leader" ] && ok || bad "the only replica leads: $(get /readyz "$port")"
read -r _ _ metrics_port <"$tmp/pod/service.tsv"
get /metrics "$metrics_port" >"$tmp/metrics"
grep -qx 'topicform_leader 1' "$tmp/metrics" && ok || bad "the Service's port serves /metrics with the lead"
grep -qx "topicform_git_revision_info{revision=\"${first:0:12}\"} 1" "$tmp/metrics" && ok ||
  bad "the revision cloned is the one reconciled"

# A push, then GitHub's webhook signed with the Secret's key: taken at once, not in 2 minutes.
sed -i 's/^  description: .*/  description: Orders as they are placed, from the cart service./' \
  "$tmp/work/topics/orders/created.yaml"
second=$(commit "describe orders") || bad "the second commit is pushed"
secret=$(python3 -c 'import sys, yaml
print(next(d for d in yaml.safe_load_all(open(sys.argv[1])) if d["kind"] == "Secret")["stringData"]["WEBHOOK_SECRET"])' "$example")
body='{"ref":"refs/heads/main"}'
signature=$(printf '%s' "$body" | openssl dgst -sha256 -hmac "$secret" | sed 's/^.* //')
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "X-Hub-Signature-256: sha256=$signature" \
  --data "$body" "http://127.0.0.1:$metrics_port/hooks/github")
[ "$status" = 202 ] && ok || bad "the signed webhook is taken (HTTP $status)"
for _ in $(seq 100); do
  get /metrics "$port" | grep -qx "topicform_git_revision_info{revision=\"${second:0:12}\"} 1" && break
  sleep 0.2
done
get /metrics "$port" | grep -qx "topicform_git_revision_info{revision=\"${second:0:12}\"} 1" && ok ||
  bad "the pushed commit is reconciled within 20 s of the webhook"

# The kubelet's SIGTERM: exit 0 within terminationGracePeriodSeconds.
grace=$(python3 -c 'import sys, yaml
print(next(d for d in yaml.safe_load_all(open(sys.argv[1])) if d["kind"] == "Deployment")["spec"]["template"]["spec"]["terminationGracePeriodSeconds"])' "$example")
kill -TERM "$serve_pid"
code=timeout
for _ in $(seq $((grace * 5))); do
  kill -0 "$serve_pid" 2>/dev/null || { wait "$serve_pid"; code=$?; break; }
  sleep 0.2
done
serve_pid=""
[ "$code" = 0 ] && ok || bad "SIGTERM ends serve with exit 0 within ${grace} s (got $code)"
if grep -q "replace-me" "$tmp/serve.log" "$tmp/serve.out"; then bad "a secret was printed"; else ok; fi
finish
