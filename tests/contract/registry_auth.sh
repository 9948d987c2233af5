#!/usr/bin/env bash
# The Schema Registry behind what guards it in production: a real Apicurio Registry 3.3.3 behind
# nginx, which serves it only over TLS (a throwaway CA) and enforces, one port each, basic
# authentication, a bearer token and a client certificate. Through each, topicform plans, applies
# and reads back with the credentials of an environment's schemaRegistry (${env:...} secrets);
# each negative control (a wrong password, a wrong token, no client certificate, no CA) fails with
# the reason and writes nothing; and no secret reaches any output or saved plan.
# Usage: tests/contract/registry_auth.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin=$(readlink -f "$1")
tmp=$(mktemp -d)
suite=registry-auth
. "$(dirname "$0")/../lib.sh"
cleanup() {
  [ -f "$tmp/nginx/nginx.pid" ] && kill "$(cat "$tmp/nginx/nginx.pid")" 2>/dev/null
  broker_down "$tmp/kafka"
  ci/registry/registry stop "$tmp/registry"
  [ "$failed" -eq 0 ] && rm -rf "$tmp"
}
trap cleanup EXIT
broker_up "$tmp/kafka" 1
ports=$(ci/kafka/broker free-port 5)
ci/registry/registry start "$tmp/registry" "$ports" >/dev/null || { bad "the registry did not start"; finish; exit; }
basic=$((ports + 2)) bearer=$((ports + 3)) mtls=$((ports + 4))

# A CA, the proxy's certificate for 127.0.0.1, and a client certificate it signed.
pki="$tmp/pki"
mkdir -p "$pki"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=topicform test CA" \
  -keyout "$pki/ca.key" -out "$pki/ca.pem" 2>/dev/null
for who in server client; do
  openssl req -newkey rsa:2048 -nodes -subj "/CN=$who" -keyout "$pki/$who.key" -out "$pki/$who.csr" 2>/dev/null
  printf 'subjectAltName=IP:127.0.0.1\n' >"$pki/$who.ext"
  openssl x509 -req -in "$pki/$who.csr" -CA "$pki/ca.pem" -CAkey "$pki/ca.key" -CAcreateserial \
    -days 2 -extfile "$pki/$who.ext" -out "$pki/$who.pem" 2>/dev/null
done
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=stranger" \
  -keyout "$pki/stranger.key" -out "$pki/stranger.pem" 2>/dev/null

export REGISTRY_USER=svc-topicform REGISTRY_PASSWORD='Basic-Pa55-ZmE1' REGISTRY_TOKEN='bearer-T0ken-9c1f'
mkdir -p "$tmp/nginx"
printf '%s:%s\n' "$REGISTRY_USER" "$(openssl passwd -apr1 "$REGISTRY_PASSWORD")" >"$tmp/nginx/htpasswd"
tls="ssl_certificate $pki/server.pem; ssl_certificate_key $pki/server.key;"
# The proxy is where credentials end: the registry behind it checks none and is sent none. It
# speaks HTTP/1.1 to the registry: to nginx's default HTTP/1.0, Apicurio answered about one 404 in
# a hundred with an empty reply (nginx: 502), measured with curl --http1.0 against it directly.
forward="proxy_http_version 1.1; proxy_set_header Authorization \"\"; proxy_pass http://127.0.0.1:$ports;"
upstream="location / { $forward }"
cat >"$tmp/nginx/nginx.conf" <<EOF
$( [ "$(id -u)" = 0 ] && echo "user root;" )
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log;
worker_processes 1;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path $tmp/nginx/body; proxy_temp_path $tmp/nginx/proxy;
  fastcgi_temp_path $tmp/nginx/fastcgi; uwsgi_temp_path $tmp/nginx/uwsgi; scgi_temp_path $tmp/nginx/scgi;
  server { listen 127.0.0.1:$basic ssl; $tls auth_basic registry; auth_basic_user_file $tmp/nginx/htpasswd; $upstream }
  server { listen 127.0.0.1:$bearer ssl; $tls
    location / { if (\$http_authorization != "Bearer $REGISTRY_TOKEN") { return 401; } $forward } }
  server { listen 127.0.0.1:$mtls ssl; $tls ssl_client_certificate $pki/ca.pem; ssl_verify_client on; $upstream }
}
EOF
nginx -c "$tmp/nginx/nginx.conf" -p "$tmp/nginx" -e "$tmp/nginx/error.log" || { bad "nginx did not start"; finish; exit; }
for _ in $(seq 1 50); do curl -s -o /dev/null --cacert "$pki/ca.pem" "https://127.0.0.1:$basic/" && break; sleep 0.1; done
api="/apis/ccompat/v7"
curl -fsS -o /dev/null --cacert "$pki/ca.pem" "https://127.0.0.1:$basic$api/subjects" && bad "the basic port answers without credentials" || ok
curl -fsS -o /dev/null --cacert "$pki/ca.pem" -u "$REGISTRY_USER:$REGISTRY_PASSWORD" "https://127.0.0.1:$basic$api/subjects" && ok || bad "the basic port answers with credentials"
curl -fsS -o /dev/null --cacert "$pki/ca.pem" "https://127.0.0.1:$mtls$api/subjects" && bad "the mTLS port answers without a certificate" || ok

# One topic with a schema; one environment per guard, all on the same broker.
project="$tmp/p"
mkdir -p "$project/orders" "$project/schemas"
cp topics/orders/created.yaml "$project/orders/"
cp topics/schemas/order_created.json "$project/schemas/"
env_of() {  # NAME PORT REGISTRY-FIELDS
  printf '    %s:\n      bootstrapServers: 127.0.0.1:9092\n      brokers: 1\n      replicationFactor: {default: 1, minimum: 1}\n      schemaRegistry: {url: "https://127.0.0.1:%s%s", caFile: "%s", %s}\n' \
    "$1" "$2" "$api" "$pki/ca.pem" "$3"
}
{
  printf 'apiVersion: topicform/v1\nkind: Settings\nspec:\n  defaultEnvironment: basic\n  environments:\n'
  env_of basic "$basic" "username: \"\${env:REGISTRY_USER}\", password: \"\${env:REGISTRY_PASSWORD}\""
  env_of bearer "$bearer" "token: \"\${env:REGISTRY_TOKEN}\""
  env_of mtls "$mtls" "certFile: \"$pki/client.pem\", keyFile: \"$pki/client.key\""
  env_of stranger "$mtls" "certFile: \"$pki/stranger.pem\", keyFile: \"$pki/stranger.key\""
} >"$project/topicform.yaml"
: >"$tmp/all-output"
keep() { cat "$tmp/out" "$tmp/err" >>"$tmp/all-output"; }
plan() { "$bin" plan --color never --bootstrap-server "$S" "$@" "$project"; }
versions() { curl -fsS --cacert "$pki/ca.pem" -u "$REGISTRY_USER:$REGISTRY_PASSWORD" "https://127.0.0.1:$basic$api/subjects/$1/versions" 2>/dev/null || echo "[]"; }

# Each guard passes its own credentials: the plan reads the subject through it.
for env in basic bearer mtls; do
  expect_exit 0 "plan through $env" plan --env "$env"; keep
  expect_out "register orders.created's JSON schema as version 1" "the plan through $env read the registry"
done
# A write through basic authentication, then the plan through the others sees it.
expect_exit 0 "apply through basic authentication" "$bin" apply --auto-approve --color never --bootstrap-server "$S" "$project"; keep
[ "$(versions orders.created-value)" = "[1]" ] && ok || bad "the schema was registered through the proxy"
for env in bearer mtls; do
  expect_exit 0 "plan through $env after apply" plan --env "$env" --detailed-exitcode; keep
done
"$bin" plan --bootstrap-server "$S" --env bearer --out "$tmp/saved.json" "$project" >"$tmp/out" 2>"$tmp/err"; keep
# At trace level, as JSON lines, each registry request is logged, and still no secret.
for env in basic bearer mtls; do
  expect_exit 0 "plan -vv through $env" "$bin" -vv --log-format json plan --color never --bootstrap-server "$S" --env "$env" "$project"; keep
  expect_out '"level":"debug","message":"schema registry https://127.0.0.1:[0-9]+/apis/ccompat/v7: GET /subjects/orders.created-value/versions/latest: HTTP 200 in [0-9]+ ms"' "-vv logs the requests through $env"
done

# Negative controls: each fails with its reason and writes nothing (after the positive runs above).
python3 - "$project/schemas/order_created.json" <<'PY'
import json, sys
p = sys.argv[1]; s = json.load(open(p)); s["description"] = "Changed, so that a plan would register it."
json.dump(s, open(p, "w"), indent=2)
PY
REGISTRY_PASSWORD=wrong-password expect_exit 1 "a wrong password" plan --env basic; keep
expect_out "GET /config/orders.created-value: HTTP 401: an HTML page, not the registry.s answer: .401 Authorization Required.; check schemaRegistry's username and password or token" "401 is said with what to check"
REGISTRY_TOKEN=wrong-token expect_exit 1 "a wrong token" "$bin" apply --auto-approve --env bearer --bootstrap-server "$S" "$project"; keep
expect_out "HTTP 401" "the token's refusal is said"
expect_exit 1 "a certificate the proxy's CA did not sign" plan --env stranger; keep
expect_out "GET /config/orders.created-value: HTTP 400: an HTML page, not the registry.s answer: .400 The SSL certificate error.$" "the refused certificate is said"
sed -i 's|caFile: "[^"]*", username|username|' "$project/topicform.yaml"
expect_exit 1 "no caFile: the proxy's certificate is not trusted" plan --env basic; keep
expect_out "SSL certificate problem|SSL peer certificate|certificate verify failed" "the TLS failure is said"
[ "$(versions orders.created-value)" = "[1]" ] && ok || bad "no failed run registered anything"

# No secret in any output or in the saved plan.
for secret in "$REGISTRY_PASSWORD" "$REGISTRY_TOKEN" wrong-password wrong-token; do
  grep -qF -- "$secret" "$tmp/all-output" "$tmp/saved.json" && bad "'$secret' appears in an output" || ok
done
grep -q "BEGIN .*PRIVATE KEY" "$tmp/all-output" && bad "a private key appears in an output" || ok
finish
