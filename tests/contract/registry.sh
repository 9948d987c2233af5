#!/usr/bin/env bash
# The message contract against a real Schema Registry (Apicurio Registry 3.3.3, its Confluent
# API) and a real Kafka 4 broker: plan shows levels and versions, apply publishes them after the
# topics and converges; a compatible change is registered, an incompatible one blocked (with
# nothing registered, after a positive control), an older version again is said and not
# registered, a subject that moves makes a saved plan stale, a registry that is down or answers
# garbage or never answers fails the run with the reason, --skip-registry plans the topics alone,
# and no secret reaches any output.
# Usage: tests/contract/registry.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin=$(readlink -f "$1")
tmp=$(mktemp -d)
suite=registry
. "$(dirname "$0")/../lib.sh"
cleanup() {
  broker_down "$tmp/kafka"
  ci/registry/registry stop "$tmp/registry"
  [ -n "${silent_pid:-}" ] && kill "$silent_pid" 2>/dev/null
  [ "$failed" -eq 0 ] && rm -rf "$tmp"
}
trap cleanup EXIT
broker_up "$tmp/kafka" 1
port=$(ci/kafka/broker free-port 2)
ci/registry/registry start "$tmp/registry" "$port" >/dev/null || { bad "the registry did not start"; finish; exit; }
url=$(cat "$tmp/registry/url")
api() { curl -fsS "$url$1"; }
versions() { api "/subjects/$1/versions" 2>/dev/null || echo "[]"; }

project="$tmp/p"
cp -r topics "$project"
python3 - "$project/topicform.yaml" "$url" <<'PY'
import sys
p, url = sys.argv[1], sys.argv[2]
s = open(p).read()
s = s.replace("      bootstrapServers: 127.0.0.1:9092\n",
              "      bootstrapServers: 127.0.0.1:9092\n"
              "      schemaRegistry: {url: '%s', username: '${env:REGISTRY_USER}', password: '${env:REGISTRY_PASSWORD}'}\n" % url, 1)
open(p, "w").write(s)
PY
export REGISTRY_USER=svc-topicform REGISTRY_PASSWORD='s3cret-Registry-Pa55'
schema="$project/schemas/order_created.json"
plan() { "$bin" plan --color never --bootstrap-server "$S" "$@" "$project"; }
apply() { "$bin" apply --color never --auto-approve --bootstrap-server "$S" "$@" "$project"; }
: >"$tmp/all-output"
keep() { cat "$tmp/out" "$tmp/err" >>"$tmp/all-output"; }

# 1. The first plan: every topic with a schema gets its level and its first version.
expect_exit 0 "the first plan" plan; keep
expect_out "^  ~ schema subject orders.created-value: compatibility NONE -> BACKWARD$" "the level is set first"
expect_out "^  \+ schema subject orders.created-value: register orders.created's JSON schema as version 1$" "version 1 is registered"
expect_out "^Plan: 10 to create, 0 to update, 0 to delete, 0 blocked, 10 schema registry changes\.$" "the summary counts them"
[ "$(versions orders.created-value)" = "[]" ] && ok || bad "a plan registers nothing"
expect_exit 0 "apply publishes the topics, then the schemas" apply; keep
[ "$(versions orders.created-value)" = "[1]" ] && ok || bad "the subject holds version 1"
api /config/orders.created-value | grep -q '"BACKWARD"' && ok || bad "the subject's level is BACKWARD"
api /subjects/orders.created-value/versions/1 | python3 -c "import json,sys; d=json.load(sys.stdin); s=json.loads(d['schema']); assert s==json.load(open('$schema')), s" && ok || bad "the registered schema is the file's"
expect_exit 0 "a second plan" plan --detailed-exitcode; keep
expect_out "^No changes: the cluster matches the manifests\.$" "apply converged"

# 1b. docs --registry: the pages show each subject's version, asyncapi.json references the
# registered schema by id, and that reference resolves to the manifest's schema.
expect_exit 0 "docs --registry" "$bin" docs --registry --out "$tmp/docs-md" "$project"; keep
grep -q "^| Schema subject | \[orders.created-value, version 1 (JSON, BACKWARD)\](http://127.0.0.1:$port/apis/ccompat/v7/schemas/ids/[0-9]*/schema) |$" "$tmp/docs-md/topics/orders.created.md" && ok || bad "the page shows the subject's version, linked"
expect_exit 0 "docs --registry --format asyncapi" "$bin" docs --registry --format asyncapi --out "$tmp/docs-api" "$project"; keep
ref=$(python3 -c "
import json; d=json.load(open('$tmp/docs-api/asyncapi.json'))
m=d['components']['messages']['orders.created']
assert m['x-schema-subject']['version'] == 1, m
assert m['payload']['schemaFormat'] == 'application/schema+json;version=draft-07', m
print(m['payload']['schema']['\$ref'])") && ok || bad "asyncapi.json references the registered schema"
curl -fsS "$ref" | python3 -c "import json,sys; assert json.load(sys.stdin)==json.load(open('$schema'))" && ok || bad "the reference resolves to the manifest's schema"
expect_exit 0 "docs without --registry reads no registry" "$bin" docs --out "$tmp/docs-plain" "$project"; keep
grep -q "^| Schema subject | orders.created-value (JSON, BACKWARD) |$" "$tmp/docs-plain/topics/orders.created.md" && ok || bad "the offline page names the subject and mode"

# 1c. import: an adopted topic whose subject holds a version gets it as a schema file, named by
# its owner card (with the subject's level where it is not the default); the result plans clean.
curl -fsS -X PUT -H 'Content-Type: application/vnd.schemaregistry.v1+json' --data '{"compatibility": "FULL"}' "$url/config/identity.users.state-value" >/dev/null || bad "the level set by hand"
expect_exit 0 "import reads the schemas" "$bin" import --bootstrap-server "$S" --schema-registry "$url" --out "$tmp/imported"; keep
expect_out "^  schema  $tmp/imported/schemas/orders\.created\.json$" "import lists the schema file"
python3 -c "import json; assert json.load(open('$tmp/imported/schemas/orders.created.json'))==json.load(open('$schema'))" && ok || bad "the imported schema is the registered one"
grep -q '^    schema: "../schemas/orders.created.json"  # the registry.s latest version$' "$tmp/imported/orders/created.yaml" && ok || bad "the owner card names the schema file"
grep -q '^    schema: {file: "../schemas/identity.users.state.json", compatibility: FULL}  # as the registry holds it$' "$tmp/imported/identity/users.state.yaml" && ok || bad "a level other than the default is kept"
grep -q "schema" "$tmp/imported/orders/created.dead.yaml" 2>/dev/null && bad "a .dead topic got a schema" || ok
grep -q "^      schemaRegistry: {url: \"$url\"}$" "$tmp/imported/topicform.yaml" && ok || bad "the settings name the registry"
expect_exit 0 "the imported project plans no change, registry included" "$bin" plan --detailed-exitcode --color never --bootstrap-server "$S" "$tmp/imported"; keep
curl -fsS -X PUT -H 'Content-Type: application/vnd.schemaregistry.v1+json' --data '{"compatibility": "BACKWARD"}' "$url/config/identity.users.state-value" >/dev/null || bad "the level set back"
rm -rf "$tmp/imported2"
expect_exit 0 "import --skip-registry" "$bin" import --bootstrap-server "$S" --schema-registry "$url" --skip-registry --out "$tmp/imported2"; keep
[ -e "$tmp/imported2/schemas" ] && bad "import --skip-registry wrote schemas" || ok

# 2. A compatible change (a description) becomes version 2.
cp "$schema" "$tmp/v1.json"
sed -i 's|"title": "OrderCreated",|"title": "OrderCreated", "description": "An order was created.",|' "$schema"
expect_exit 0 "a compatible change plans" plan; keep
expect_out "^  \+ schema subject orders.created-value: register orders.created's JSON schema as version 2$" "version 2 is planned"
expect_exit 0 "apply registers version 2" apply; keep
[ "$(versions orders.created-value)" = "[1,2]" ] && ok || bad "the subject holds versions 1 and 2"
cp "$schema" "$tmp/v2.json"

# 3. An incompatible change is blocked by the registry's verdict, with topicform's reasons.
before=$(versions orders.created-value)
sed -i 's|"totalMinor": {"type": "integer"}|"totalMinor": {"type": "string"}|' "$schema"
expect_exit 1 "an incompatible schema blocks the plan" plan; keep
expect_out "orders.created: blocked: subject 'orders.created-value' \(version [0-9]+, BACKWARD\) refuses the manifest's schema: 'totalMinor' changed type \(\[\"integer\"\] -> \[\"string\"\]\)" "the reason names the field"
expect_exit 1 "apply refuses a blocked plan" apply; keep
[ "$(versions orders.created-value)" = "$before" ] && ok || bad "nothing was registered"

# 4. The first version again: the registry would not make it the latest; said, not registered.
if [ "$before" = "[1,2]" ]; then
  cp "$tmp/v1.json" "$schema"
  expect_exit 0 "an older version again plans nothing" plan; keep
  expect_out "warning: subject 'orders.created-value' holds the manifest's schema as version 1, but its latest is version 2" "the older version is said"
  cp "$tmp/v2.json" "$schema"
else
  bad "step 2 registered no version 2, so the older-version case was not tried"
fi

# 5. A saved plan goes stale when the subject moves.
sed -i 's|"An order was created."|"An order was created and committed."|' "$schema"
"$bin" plan --bootstrap-server "$S" --out "$tmp/saved.json" "$project" >"$tmp/out" 2>"$tmp/err"; keep
# Someone else publishes version 3 (the same schema, titled otherwise) meanwhile.
python3 -c "
import json; s=json.load(open('$tmp/v2.json')); s['title']='OrderCreatedByHand'
print(json.dumps({'schemaType': 'JSON', 'schema': json.dumps(s)}))" >"$tmp/by-hand.json"
curl -fsS -X POST -H 'Content-Type: application/vnd.schemaregistry.v1+json' --data-binary @"$tmp/by-hand.json" "$url/subjects/orders.created-value/versions" >/dev/null || bad "the registration by hand"
moved=$(versions orders.created-value)
expect_exit 1 "a saved plan is refused once the subject moved" apply --plan "$tmp/saved.json"; keep
expect_out "^  planned: register orders.created-value after version 2 JSON #[0-9a-f]{16}$" "the saved plan registered after version 2"
expect_out "^  now:     register orders.created-value after version 3 JSON #[0-9a-f]{16}$" "a plan now registers after version 3"
expect_out "^topicform: error: the plan is stale: the cluster changed since it was made, so a plan made now differs; plan again; nothing was applied$" "the refusal says to plan again"
[ "$(versions orders.created-value)" = "$moved" ] && ok || bad "the stale plan wrote nothing"
cp "$tmp/v2.json" "$schema"

# 5b. check: each declared subject is there and holds the manifest's schema. The consumer groups
# of the example do not run here, so check exits 1 on that layer whatever the registry holds.
check() { "$bin" check --color never --verbose --bootstrap-server "$S" "$@" "$project"; }
expect_exit 1 "check reads the subjects" check; keep
expect_out "^    \[ok\] commerce\.orders\.events: schema subject 'commerce\.orders\.events-value' at version 1 \(BACKWARD\)$" "check finds a subject"
expect_out "^    \[warn\] orders\.created: schema subject 'orders\.created-value': its latest version 3 is not the manifest's schema \('topicform plan' shows the change\)$" "the version registered by hand is drift"
curl -fsS -X DELETE "$url/subjects/orders.created-value" >/dev/null || bad "the soft delete by hand"
expect_exit 1 "check on a missing subject" check; keep
expect_out "^    \[FAIL\] orders\.created: schema subject 'orders\.created-value' is missing from the schema registry: 'topicform apply' registers the manifest's schema$" "the missing subject is named"
expect_out "^\[FAIL\] topics: " "the topics layer fails"
expect_exit 1 "check --skip-registry" check --skip-registry; keep
expect_out "^\[ok\] topics: " "without the registry the topics layer passes"
grep -q "schema subject" "$tmp/out" && bad "check --skip-registry read the registry" || ok
expect_exit 0 "apply registers the deleted subject again" apply; keep
expect_out "^Apply complete: 0 applied, 0 failed, 0 not attempted, 1 schema registry change\(s\) made\. The cluster matches the manifests\.$" "the summary counts the schema change"
expect_exit 1 "check after apply" check; keep
expect_out "^    \[ok\] orders\.created: schema subject 'orders\.created-value' at version [0-9]+ \(BACKWARD\)$" "check finds it again"

# 5c. Avro and Protobuf: registered as written, judged by the registry (a break with
# topicform's reason beside the registry's verdict). An Avro field
# added without a default breaks BACKWARD: the registry refuses it and nothing is registered.
# DOMAIN/avro.yaml and DOMAIN/proto.yaml: topics DOMAIN.avro-NAME and DOMAIN.proto-NAME whose
# schemas are ../schemas/FILE.avsc and ../schemas/FILE.proto.
typed_topics() {
  mkdir -p "$project/$1"
  for kind in avro proto; do
    ending=$([ $kind = avro ] && echo avsc || echo proto)
    sed -e "s|name: orders.created|name: $1.$kind-$2|" -e "s|domain: orders|domain: $1|" \
      -e "s|schema: ../schemas/order_created.json|schema: ../schemas/$3.$ending|" \
      -e "s|consumers: \[billing-service\]|consumers: [ledger-service]|" \
      topics/orders/created.yaml >"$project/$1/$kind.yaml"
  done
}
typed_topics billing invoices invoice
printf '{"type": "record", "name": "Invoice", "namespace": "billing", "fields": [{"name": "eventId", "type": "string"}, {"name": "totalMinor", "type": "long"}]}\n' >"$project/schemas/invoice.avsc"
printf 'syntax = "proto3";\npackage billing;\n\nmessage Invoice {\n  string event_id = 1;\n  int64 total_minor = 2;\n}\n' >"$project/schemas/invoice.proto"
expect_exit 0 "Avro and Protobuf schemas plan" plan; keep
expect_out "^  \+ schema subject billing\.avro-invoices-value: register billing\.avro-invoices's AVRO schema as version 1$" "the Avro schema is planned"
expect_out "^  \+ schema subject billing\.proto-invoices-value: register billing\.proto-invoices's PROTOBUF schema as version 1$" "the Protobuf schema is planned"
expect_exit 0 "apply registers them" apply; keep
api /subjects/billing.avro-invoices-value/versions/latest | python3 -c "import json,sys; d=json.load(sys.stdin); assert json.loads(d['schema'])['name']=='Invoice' and d.get('schemaType','AVRO')=='AVRO', d" && ok || bad "the Avro schema is registered as Avro"
api /subjects/billing.proto-invoices-value/versions/latest | python3 -c "import json,sys; d=json.load(sys.stdin); assert 'message Invoice' in d['schema'] and d['schemaType']=='PROTOBUF', d" && ok || bad "the Protobuf schema is registered as Protobuf"
expect_exit 0 "Avro and Protobuf converge" plan --detailed-exitcode; keep
before=$(versions billing.avro-invoices-value)
sed -i 's|{"name": "totalMinor", "type": "long"}|{"name": "totalMinor", "type": "long"}, {"name": "currency", "type": "string"}|' "$project/schemas/invoice.avsc"
expect_exit 1 "an Avro field without a default is blocked" plan; keep
expect_out "billing\.avro-invoices: blocked: subject 'billing\.avro-invoices-value' \(version 1, BACKWARD\) refuses the manifest's schema: READER_FIELD_MISSING_DEFAULT_VALUE at /fields/2 \(currency\): the new schema cannot read what the earlier one wrote \[contract/registry-compatibility\]$" "the registry's verdict blocks it, with topicform's reason"
expect_exit 1 "apply refuses it" apply; keep
[ "$(versions billing.avro-invoices-value)" = "$before" ] && ok || bad "nothing was registered"
sed -i 's|{"name": "currency", "type": "string"}|{"name": "currency", "type": "string", "default": "RUB"}|' "$project/schemas/invoice.avsc"
expect_exit 0 "with a default it is registered" apply; keep
[ "$(versions billing.avro-invoices-value)" = "[1,2]" ] && ok || bad "version 2 of the Avro subject"
# A Protobuf field whose type changes outside its wire group: the registry refuses it with no
# reason, and topicform's own verdict by Confluent's rules says which field and why.
sed -i 's|int64 total_minor = 2;|string total_minor = 2;|' "$project/schemas/invoice.proto"
expect_exit 1 "a Protobuf type change is blocked" plan; keep
expect_out "^  ! billing\.proto-invoices: blocked: subject 'billing\.proto-invoices-value' \(version 1, BACKWARD\) refuses the manifest's schema: FIELD_SCALAR_KIND_CHANGED at Invoice\.total_minor = 2 \(int64 -> string\): the new schema cannot read what the earlier one wrote \(by Confluent's Protobuf rules\) \[contract/registry-compatibility\]$" "topicform's reason beside the registry's verdict"
# A field removed without `reserved`: Apicurio refuses it, Confluent's rules allow it, and the
# plan says so; with the owner card's `protobufRules: apicurio` topicform names the break.
printf 'syntax = "proto3";\npackage billing;\n\nmessage Invoice {\n  string event_id = 1;\n}\n' >"$project/schemas/invoice.proto"
expect_exit 1 "a field removed without reserved is blocked" plan; keep
expect_out "^  ! billing\.proto-invoices: blocked: subject 'billing\.proto-invoices-value' \(version 1, BACKWARD\) refuses the manifest's schema: the registry gives no reason, and by Confluent's rules topicform finds none: this registry's rules are stricter here \[contract/registry-compatibility\]$" "the stricter registry is said"
sed -i 's|schema: ../schemas/invoice.proto|schema: {file: ../schemas/invoice.proto, protobufRules: apicurio}|' "$project/billing/proto.yaml"
expect_exit 1 "by Apicurio's rules" plan; keep
expect_out "^  ! billing\.proto-invoices: blocked: subject 'billing\.proto-invoices-value' \(version 1, BACKWARD\) refuses the manifest's schema: FIELD_REMOVED_WITHOUT_RESERVE at Invoice\.total_minor = 2: the new schema cannot read what the earlier one wrote \(by Apicurio's Protobuf rules\) \[contract/registry-compatibility\]$" "Apicurio's rules name the removal"
[ "$(versions billing.proto-invoices-value)" = "[1]" ] && ok || bad "nothing was registered for the Protobuf subject"
rm -r "$project/billing"

# 5d. References: a .proto's import and an Avro file's schema.references are each registered as
# a subject of their own before the schema that uses them, which names them with their versions.
# A registry that judges compatibility at registration (Apicurio answers 42201 to a compatibility
# check of any schema with references) gets topicform's own verdict in the plan.
typed_topics shop orders shop_order
sed -i 's|schema: ../schemas/shop_order.avsc|schema: {file: ../schemas/shop_order.avsc, references: [../schemas/money.avsc]}|' "$project/shop/avro.yaml"
printf '{"type": "record", "name": "Money", "namespace": "shop", "fields": [{"name": "minor", "type": "long"}]}\n' >"$project/schemas/money.avsc"
printf '{"type": "record", "name": "Order", "namespace": "shop", "fields": [{"name": "eventId", "type": "string"}, {"name": "total", "type": "Money"}]}\n' >"$project/schemas/shop_order.avsc"
printf 'syntax = "proto3";\npackage shop;\n\nmessage Money {\n  int64 minor = 1;\n}\n' >"$project/schemas/money.proto"
printf 'syntax = "proto3";\npackage shop;\n\nimport "money.proto";\n\nmessage Order {\n  string event_id = 1;\n  Money total = 2;\n}\n' >"$project/schemas/shop_order.proto"
expect_exit 0 "schemas with references plan" plan; keep
expect_out "^  \+ schema subject shop\.Money: register shop\.Money \(referenced by shop\.avro-orders's AVRO schema\) as version 1$" "the Avro reference is registered first"
expect_out "^  \+ schema subject money\.proto: register money\.proto \(referenced by shop\.proto-orders's PROTOBUF schema\) as version 1$" "the import is registered first"
expect_exit 0 "apply registers references, then the schemas" apply; keep
api /subjects/shop.avro-orders-value/versions/latest | python3 -c "import json,sys; d=json.load(sys.stdin); assert d['references']==[{'name':'shop.Money','subject':'shop.Money','version':1}], d" && ok || bad "the Avro schema names its reference"
api /subjects/shop.proto-orders-value/versions/latest | python3 -c "import json,sys; d=json.load(sys.stdin); assert d['references']==[{'name':'money.proto','subject':'money.proto','version':1}], d" && ok || bad "the Protobuf schema names its import"
api /subjects/money.proto/versions/latest | python3 -c "import json,sys; d=json.load(sys.stdin); assert 'message Money' in d['schema'], d" && ok || bad "the import is its own subject"
expect_exit 0 "references converge" plan --detailed-exitcode; keep
# A compatible change to the referenced file: its new version, and the user's new version naming it.
sed -i 's|{"name": "minor", "type": "long"}|{"name": "minor", "type": "long"}, {"name": "currency", "type": "string", "default": "RUB"}|' "$project/schemas/money.avsc"
expect_exit 0 "a referenced file changes" plan; keep
expect_out "^  \+ schema subject shop\.Money: register shop\.Money \(referenced by shop\.avro-orders's AVRO schema\) as version 2$" "the reference's version 2"
expect_out "^  \+ schema subject shop\.avro-orders-value: register shop\.avro-orders's AVRO schema as version 2$" "the user's version 2"
expect_exit 0 "apply the referenced change" apply; keep
api /subjects/shop.avro-orders-value/versions/latest | python3 -c "import json,sys; d=json.load(sys.stdin); assert d['references']==[{'name':'shop.Money','subject':'shop.Money','version':2}], d" && ok || bad "the user names version 2 of its reference"
expect_exit 0 "converged again" plan --detailed-exitcode; keep
# A break inside the referenced file blocks the user, by topicform's own verdict; nothing is registered.
sed -i 's|{"name": "minor", "type": "long"}|{"name": "minor", "type": "string"}|' "$project/schemas/money.avsc"
expect_exit 1 "a break in a reference is blocked" plan; keep
expect_out "^  ! shop\.avro-orders: blocked: subject 'shop\.avro-orders-value' \(version 2, BACKWARD\) refuses the manifest's schema: TYPE_MISMATCH at /fields/1/type .*\[contract/registry-compatibility\]$" "the break is named"
grep -q "schema subject shop\.Money: register" "$tmp/out" && bad "a blocked schema's reference was planned" || ok
expect_exit 1 "apply refuses it" apply; keep
[ "$(versions shop.Money)" = "[1,2]" ] && ok || bad "nothing was registered for the reference"
# import writes every file a registered schema references, and the result plans clean.
expect_exit 0 "import with references" "$bin" import --bootstrap-server "$S" --schema-registry "$url" --out "$tmp/imported3"; keep
expect_out "^  uses    $tmp/imported3/schemas/shop\.Money\.avsc$" "the Avro reference is written"
expect_out "^  uses    $tmp/imported3/schemas/money\.proto$" "the import is written at its path"
grep -q '^    schema: {file: "../schemas/shop.avro-orders.avsc", references: \["../schemas/shop.Money.avsc"\]}  # as the registry holds it$' "$tmp/imported3/shop/avro-orders.yaml" && ok || bad "the owner card lists the reference"
expect_exit 0 "the imported references plan no change" "$bin" plan --detailed-exitcode --color never --bootstrap-server "$S" "$tmp/imported3"; keep
rm -r "$project/shop"  # the cases below read the example's subjects first


# 6. A registry that is down, one that answers garbage, one that never answers.
ci/registry/registry stop "$tmp/registry"
expect_exit 1 "a registry that is down fails the plan" plan; keep
expect_out "the schema registry: schema registry http://127\.0\.0\.1:$port/apis/ccompat/v7: GET /config/[a-z.]+-value: (Couldn't connect to server|Could not connect)" "it says which request failed"
expect_exit 0 "--skip-registry plans the topics alone" plan --skip-registry; keep
expect_out "^note: --skip-registry: the schema registry was not read, and nothing is written to it$" "the skip is said"
mkdir -p "$tmp/garbage/apis/ccompat/v7/config" && printf 'not json at all' >"$tmp/garbage/apis/ccompat/v7/config/commerce.orders.events-value"
gport=$(ci/kafka/broker free-port 1)
(cd "$tmp/garbage" && exec python3 -m http.server --bind 127.0.0.1 "$gport") >/dev/null 2>&1 &
silent_pid=$!
for _ in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$gport/" && break; sleep 0.1; done
sed -i "s|url: '$url'|url: 'http://127.0.0.1:$gport/apis/ccompat/v7'|" "$project/topicform.yaml"
expect_exit 1 "garbage fails the plan" plan; keep
expect_out "answered something that is not JSON: HTTP 200: not json at all" "garbage is quoted, bounded"
kill "$silent_pid"; wait "$silent_pid" 2>/dev/null
python3 -c "
import socket,time; s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1',$gport)); s.listen(5); time.sleep(120)" &
silent_pid=$!
sleep 0.3
start=$SECONDS
expect_exit 1 "a registry that never answers fails within --timeout" plan --timeout 3s; keep
[ $((SECONDS - start)) -lt 30 ] && ok || bad "the silent registry held the plan $((SECONDS - start)) s"
expect_out "Timeout was reached|timed out" "the timeout is said"

# 7. Secrets: written out in the settings they are refused; from the environment never printed.
sed -i "s|password: '\${env:REGISTRY_PASSWORD}'|password: 'literal-Pa55'|" "$project/topicform.yaml"
expect_exit 1 "a written-out password is refused" "$bin" validate "$project"; keep
expect_out "schemaRegistry.password is written out: a secret in Git is read by everyone who reads the repository" "the refusal says why"
grep -qF "$REGISTRY_PASSWORD" "$tmp/all-output" "$tmp/saved.json" && bad "the registry password appears in an output" || ok
grep -qF "literal-Pa55" "$tmp/all-output" && bad "the written-out password is echoed" || ok
finish
