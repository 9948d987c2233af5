#!/usr/bin/env bash
# Authenticated clusters, for real: a broker with a SASL_PLAINTEXT listener (PLAIN, and
# SCRAM-SHA-256 and -512: they work from librdkafka 2.6.1 on, and before that the known failure
# with Kafka 4 is explained) and
# the standard authorizer (ACLs on, the broker a super user), and a broker with a TLS listener
# whose throwaway CA this script makes with openssl. topicform works with credentials from a
# --command-config file or the environment, refuses clearly (writing nothing) without the ACLs,
# and never prints a password, even with librdkafka's debug output on.
# Usage: tests/auth/run.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin=$(readlink -f "$1")
root=$(pwd)
tmp=$(mktemp -d)
suite=auth
. "$(dirname "$0")/../lib.sh"
cleanup() {
  ci/kafka/broker stop "$tmp/sasl" >/dev/null 2>&1
  ci/kafka/broker stop "$tmp/tls" >/dev/null 2>&1
  [ "$failed" -ne 0 ] && mkdir -p build/auth-logs && cp "$tmp"/sasl/node1/server.log build/auth-logs/sasl.log 2>/dev/null && cp "$tmp"/tls/node1/server.log build/auth-logs/tls.log 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
# Passwords are long random words, so finding one in any output means it was printed.
admin_pw="admin-$RANDOM$RANDOM-pw"
app_pw="app-$RANDOM$RANDOM-pw"
limited_pw="limited-$RANDOM$RANDOM-pw"
never_printed() {  # DESCRIPTION: no password in the last command's stdout or stderr
  if grep -qE "$admin_pw|$app_pw|$limited_pw" "$tmp/out" "$tmp/err"; then bad "a password was printed: $1"; else ok; fi
}

ci/kafka/broker fetch || exit 1
sasl_port=$(ci/kafka/broker free-port 12)
tls_port=$((sasl_port + 10))

# --- the SASL/SCRAM broker with ACLs
cat >"$tmp/sasl.properties" <<PROPS
listeners=SASL_PLAINTEXT://127.0.0.1:$sasl_port,CONTROLLER://127.0.0.1:$((sasl_port + 1))
advertised.listeners=SASL_PLAINTEXT://127.0.0.1:$sasl_port,CONTROLLER://127.0.0.1:$((sasl_port + 1))
inter.broker.listener.name=SASL_PLAINTEXT
listener.security.protocol.map=SASL_PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:PLAINTEXT
sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256,SCRAM-SHA-512
sasl.mechanism.inter.broker.protocol=PLAIN
listener.name.sasl_plaintext.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" password="$admin_pw" user_admin="$admin_pw" user_app="$app_pw" user_limited="$limited_pw";
listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
allow.everyone.if.no.acl.found=false
# The broker itself; the controller listener is loopback-only PLAINTEXT inside this one process.
super.users=User:admin;User:ANONYMOUS
PROPS
scram() { echo "--add-scram SCRAM-SHA-256=[name=$1,password=$2] --add-scram SCRAM-SHA-512=[name=$1,password=$2]"; }
TOPICFORM_BROKER_PROPERTIES="$tmp/sasl.properties" \
TOPICFORM_BROKER_FORMAT_ARGS="$(scram app "$app_pw")" \
  ci/kafka/broker start "$tmp/sasl" "$sasl_port" 1 &
sasl_start=$!

# --- the TLS broker, with a CA made here
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=topicform test CA" \
  -keyout "$tmp/ca.key" -out "$tmp/ca.pem" >/dev/null 2>&1
openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout "$tmp/broker.key" -out "$tmp/broker.csr" >/dev/null 2>&1
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >"$tmp/san.ext"
openssl x509 -req -in "$tmp/broker.csr" -CA "$tmp/ca.pem" -CAkey "$tmp/ca.key" -CAcreateserial \
  -days 2 -extfile "$tmp/san.ext" -out "$tmp/broker.crt" >/dev/null 2>&1
cat "$tmp/broker.key" "$tmp/broker.crt" >"$tmp/broker.pem"
cat >"$tmp/tls.properties" <<PROPS
listeners=SSL://127.0.0.1:$tls_port,CONTROLLER://127.0.0.1:$((tls_port + 1))
advertised.listeners=SSL://127.0.0.1:$tls_port,CONTROLLER://127.0.0.1:$((tls_port + 1))
inter.broker.listener.name=SSL
listener.security.protocol.map=SSL:SSL,CONTROLLER:PLAINTEXT
ssl.keystore.type=PEM
ssl.keystore.location=$tmp/broker.pem
ssl.truststore.type=PEM
ssl.truststore.location=$tmp/ca.pem
ssl.client.auth=none
PROPS
TOPICFORM_BROKER_PROPERTIES="$tmp/tls.properties" ci/kafka/broker start "$tmp/tls" "$tls_port" 1 &
tls_start=$!
wait "$sasl_start"; sasl_started=$?
wait "$tls_start"; tls_started=$?
[ "$sasl_started" = 0 ] || { echo "auth: the SASL broker did not start" >&2; failed=1; exit 1; }
[ "$tls_started" = 0 ] || { echo "auth: the TLS broker did not start" >&2; failed=1; exit 1; }
S=127.0.0.1:$sasl_port
T=127.0.0.1:$tls_port

# ACLs, set by the super user: app may manage every topic; limited may only look at them and
# manage its own prefix.
cat >"$tmp/admin.properties" <<PROPS
security.protocol=SASL_PLAINTEXT
sasl.mechanism=PLAIN
sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" password="$admin_pw";
PROPS
acl() { kafka_tool org.apache.kafka.tools.AclCommand --bootstrap-server "$S" --command-config "$tmp/admin.properties" --add "$@" >>"$tmp/acl.log" 2>&1; }
d="auth$RANDOM"
acl --allow-principal User:app --operation All --topic '*' &&
  acl --allow-principal User:app --operation DescribeConfigs --cluster &&
  acl --allow-principal User:app --operation Describe --group '*' &&
  acl --allow-principal User:limited --operation Describe --operation DescribeConfigs --topic '*' &&
  acl --allow-principal User:limited --operation DescribeConfigs --cluster &&
  acl --allow-principal User:limited --operation All --topic "$d.allowed" --resource-pattern-type prefixed &&
  ok || { echo "auth: cannot set ACLs" >&2; cat "$tmp/acl.log" >&2; failed=$((failed + 1)); }
topic_list() { kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$S" --command-config "$tmp/admin.properties" --list 2>/dev/null; }
# The topics listed into $tmp/listed, and whether the listing ran and shows `$1`: the positive
# control of each "nothing was created" check, which a failed listing would otherwise pass.
listed_with() { topic_list >"$tmp/listed" && grep -qx "$1" "$tmp/listed"; }

project() {  # DIR NAME... : a project with one topic per NAME
  mkdir -p "$1"
  printf 'apiVersion: topicform/v1\nkind: Settings\nspec:\n  environments:\n    test: {brokers: 1, replicationFactor: {default: 1, minimum: 1}}\n' >"$1/topicform.yaml"
  local dir="$1"
  shift
  for name in "$@"; do
    cat >"$dir/$name.yaml" <<YAML
apiVersion: topicform/v1
kind: Topic
metadata: {name: $d.$name}
spec:
  description: Authenticated cluster test topic.
  kind: event
  partitions: 2
  retention: 7d
  replayable: outbox
  owner: {team: qa, producer: maker-service, consumers: [reader-service], key: none, ordering: none}
YAML
  done
}

# 1. credentials in a --command-config file (the Java form, as kafka-topics.sh takes it)
project "$tmp/p1" created
cat >"$tmp/app.properties" <<PROPS
security.protocol=SASL_PLAINTEXT
sasl.mechanism=PLAIN
sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="app" password="$app_pw";
PROPS
run "$bin" apply --auto-approve --bootstrap-server "$S" --command-config "$tmp/app.properties" "$tmp/p1"
[ $? = 0 ] && ok || bad "apply with SASL credentials from a --command-config file"
never_printed "apply with a command-config file"
topic_list | grep -qx "$d.created" && ok || bad "the topic exists after the authenticated apply"
created="$d.created"  # a topic known to exist, for the listings' positive controls

# 2. credentials from environment variables, at the highest verbosity
printf 'security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nsasl.username=${env:KAFKA_USERNAME}\nsasl.password=${env:KAFKA_PASSWORD}\n' >"$tmp/env.properties"
KAFKA_USERNAME=app KAFKA_PASSWORD="$app_pw" KAFKA_BOOTSTRAP_SERVERS="$S" \
  run "$bin" plan --detailed-exitcode --command-config "$tmp/env.properties" -X debug=all "$tmp/p1"
[ $? = 0 ] && ok || bad "plan with credentials from the environment shows no changes"
grep -q "No changes" "$tmp/out" && ok || bad "no changes after the apply"
grep -q "sasl.password = \[redacted\]" "$tmp/err" && ok || bad "the debug output shows the configuration, redacted"
never_printed "plan with -X debug=all"
# The same through the logger at its most verbose, as JSON lines: librdkafka's lines included.
KAFKA_USERNAME=app KAFKA_PASSWORD="$app_pw" KAFKA_BOOTSTRAP_SERVERS="$S" \
  run "$bin" -vv --log-format json plan --detailed-exitcode --command-config "$tmp/env.properties" -X debug=all "$tmp/p1"
[ $? = 0 ] && ok || bad "plan at trace level with JSON logs"
grep -q '"message":"librdkafka [A-Z]*: ' "$tmp/err" && ok || bad "librdkafka's lines come through the logger as JSON"
python3 -c "import json,sys; [json.loads(l) for l in open(sys.argv[1])]" "$tmp/err" && ok || bad "every stderr line is a JSON object"
never_printed "plan at trace level, JSON, -X debug=all"

# 3. a wrong password: a clear error
run "$bin" plan --timeout 10s --bootstrap-server "$S" -X security.protocol=SASL_PLAINTEXT \
  -X sasl.mechanism=PLAIN -X sasl.username=app -X sasl.password=wrong-"$app_pw" "$tmp/p1"
[ $? = 1 ] && ok || bad "a wrong password fails"
tail -1 "$tmp/err" | grep -q "^topicform: error: read cluster metadata: .*SASL authentication error: Authentication failed: Invalid username or password" && ok || bad "the error says authentication failed"
never_printed "a wrong password"
# SCRAM with the right password: librdkafka before 2.6.1 cannot complete it against Kafka 4, and
# the error says so rather than leaving "invalid credentials" unexplained; later ones log in.
librdkafka=$("$bin" version | sed -n 's/^librdkafka \([0-9]*\.[0-9]*\.[0-9]*\).*/\1/p')
scram_works=$(printf '%s\n2.6.1\n' "$librdkafka" | sort -V | head -1 | grep -qx 2.6.1 && echo yes || echo no)
echo "auth: librdkafka $librdkafka, SCRAM expected to work: $scram_works" >&2
[ -n "$librdkafka" ] && ok || bad "topicform version names its librdkafka"
for mechanism in SCRAM-SHA-256 SCRAM-SHA-512; do
  run "$bin" plan --timeout 10s --bootstrap-server "$S" -X security.protocol=SASL_PLAINTEXT \
    -X sasl.mechanism=$mechanism -X sasl.username=app -X sasl.password="$app_pw" "$tmp/p1"
  status=$?
  if [ "$scram_works" = no ]; then
    [ $status = 1 ] && ok || bad "$mechanism with librdkafka $librdkafka fails"
    tail -1 "$tmp/err" | grep -q "cannot authenticate with SCRAM against Kafka 4 brokers (fixed in 2.6.1)" && ok || bad "the $mechanism failure is explained"
  else
    [ $status = 0 ] && ok || bad "$mechanism works with librdkafka $librdkafka"
    grep -q "No changes" "$tmp/out" && ok || bad "$mechanism: the plan reads the cluster"
  fi
  never_printed "$mechanism"
done
# A wrong SCRAM password fails whatever the version.
run "$bin" plan --timeout 10s --bootstrap-server "$S" -X security.protocol=SASL_PLAINTEXT \
  -X sasl.mechanism=SCRAM-SHA-512 -X sasl.username=app -X sasl.password=wrong-"$app_pw" "$tmp/p1"
[ $? = 1 ] && ok || bad "a wrong SCRAM password fails"
never_printed "a wrong SCRAM password"

# 4. missing ACLs: refused with the broker's reason, and nothing written, not even what is allowed
project "$tmp/p4" allowed denied
printf 'security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nsasl.username=limited\nsasl.password=%s\n' "$limited_pw" >"$tmp/limited.properties"
run "$bin" apply --auto-approve --bootstrap-server "$S" --command-config "$tmp/limited.properties" -X debug=all "$tmp/p4"
[ $? = 1 ] && ok || bad "apply without the ACLs fails"
grep -q "^topicform: error: the cluster refuses 2 change(s), e.g. '$d.denied': .*[Aa]uthoriz.*; nothing was applied$" "$tmp/err" && ok || bad "the error names the authorization failure"
never_printed "apply refused by ACLs at debug verbosity"
listed_with "$created" && ok || bad "the topic listing shows what exists (the control of the next check)"
grep -q "^$d.allowed" "$tmp/listed" && bad "no partial writes: the allowed topic was created" || ok
run "$bin" plan --bootstrap-server "$S" --command-config "$tmp/limited.properties" "$tmp/p4"
[ $? = 1 ] && ok || bad "plan without the ACLs reports the changes as blocked"
grep -q "the broker refuses the change: .*[Aa]uthoriz" "$tmp/out" && ok || bad "plan shows the broker's reason"

# 4b. the same in a create too large for one request: the validate-only pass sends its parts side
# by side, and a refusal in the last part (the denied topics sort after 1,200 allowed ones) still
# stops the apply before anything is written
names=()
for i in $(seq 1 1200); do names+=("allowed-many$i"); done
project "$tmp/p4b" "${names[@]}" denied
run "$bin" apply --auto-approve --stats --bootstrap-server "$S" --command-config "$tmp/limited.properties" "$tmp/p4b"
[ $? = 1 ] && ok || bad "a large apply with two denied topics fails"
grep -q "^topicform: error: the cluster refuses 2 change(s), e.g. '$d.denied': .*[Aa]uthoriz.*; nothing was applied$" "$tmp/err" && ok || bad "the refusal in the last part is named"
grep -q "^requests: .*, 2 writes$" "$tmp/err" && ok || bad "the validate-only pass went in two requests"
listed_with "$created" && ok || bad "the topic listing shows what exists (the control of the next check)"
grep -q "^$d.allowed-many" "$tmp/listed" && bad "no partial writes in a create of two requests" || ok

# 5. TLS with the test CA; without it, a clear certificate error
project "$tmp/p5" secured
run "$bin" apply --auto-approve --bootstrap-server "$T" -X security.protocol=ssl -X ssl.ca.location="$tmp/ca.pem" "$tmp/p5"
[ $? = 0 ] && ok || bad "apply over TLS with the CA"
run "$bin" plan --detailed-exitcode --bootstrap-server "$T" -X security.protocol=ssl -X ssl.ca.location="$tmp/ca.pem" "$tmp/p5"
[ $? = 0 ] && ok || bad "plan over TLS shows no changes after the apply"
run "$bin" plan --timeout 10s --bootstrap-server "$T" -X security.protocol=ssl "$tmp/p5"
[ $? = 1 ] && ok || bad "TLS without the CA fails"
# librdkafka names it in its error callback ("SSL handshake failed: ...") or, when the request
# fails first, in the request's error ("Broker transport failure (...)"): both say why.
tail -1 "$tmp/err" | grep -q "^topicform: error: read cluster metadata: .*certificate verify failed" && ok || bad "the error is about the certificate"

finish
