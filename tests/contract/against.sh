#!/usr/bin/env bash
# `--against REF` on a temporary Git repository holding the example project: a schema break,
# its fix, a new topic, a new and a deleted schema, transitive modes, a changed meaning, the
# revision missing or not fetched (a shallow clone), no repository at all, and the pull-request
# comment of the example workflow showing the break, and an Avro schema judged by Avro's schema
# resolution. Offline: plan fails on the break before it would connect.
# Usage: tests/contract/against.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin=$(readlink -f "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
suite=against
. "$(dirname "$0")/../lib.sh"
export GIT_CONFIG_GLOBAL=/dev/null GIT_AUTHOR_NAME=ci GIT_AUTHOR_EMAIL=ci@example.com \
  GIT_COMMITTER_NAME=ci GIT_COMMITTER_EMAIL=ci@example.com
repo="$tmp/repo"
mkdir -p "$repo" && cp -r topics "$repo/topics"
git -C "$repo" init -q -b main && git -C "$repo" add . && git -C "$repo" commit -qm base
schema="$repo/topics/schemas/order_created.json"
validate() { (cd "$repo" && "$bin" validate --color never "$@" topics); }

# 1. Nothing changed: exit 0, nothing said.
expect_exit 0 "an unchanged project passes" validate --against main
expect_out "^ok in 6 files, 10 topics for environment 'local': 0 errors, 0 warnings$" "no finding"

# 2. The pull request's break: a typed property added to an open model (strict BACKWARD).
git -C "$repo" checkout -qb change
sed -i 's|"currency": {"type": "string"}}}|"currency": {"type": "string"}, "channel": {"type": "string"}}}|' "$schema"
expect_exit 1 "a typed property added to an open model breaks BACKWARD" validate --against main
diff <(cat "$tmp/out") - <<'OUT' && ok || bad "the break is told at the property's line"
topics/schemas/order_created.json:6:49: error: 'orders.created' is not BACKWARD compatible with main: property 'channel' added to an open content model: messages written with the earlier schema may hold 'channel' with another type; to keep it compatible, give it no type ({}), or publish on a new topic; a schema closed from its first version (additionalProperties: false) can gain optional properties [contract/compatibility]
failed in 6 files, 10 topics for environment 'local': 1 error, 0 warnings
OUT
# The same change under FORWARD is compatible: old consumers ignore the new property.
sed -i 's|    schema: ../schemas/order_created.json|    schema: {file: ../schemas/order_created.json, compatibility: FORWARD}|' "$repo/topics/orders/created.yaml"
expect_exit 0 "FORWARD takes an added property" validate --against main
# JSON output carries the rule and the schema's place.
git -C "$repo" checkout -q topics/orders/created.yaml
(cd "$repo" && "$bin" validate --format json --against main topics) >"$tmp/out" 2>"$tmp/err"
python3 -c "
import json,sys; d=json.load(open('$tmp/out'))
[x]=[x for x in d['diagnostics'] if x['rule']=='contract/compatibility']
assert x['file']=='topics/schemas/order_created.json' and x['line']==6, x" && ok || bad "json names the schema file and line"

# 3. The fix: the property with no type is compatible (an empty schema admits what old data had).
sed -i 's|"channel": {"type": "string"}|"channel": {}|' "$schema"
expect_exit 0 "a property with no type is compatible" validate --against main

# 4. A required property without a default, and a type change: each told; FULL checks both ways.
sed -i 's|"required": \["eventId", "orderNumber", "occurredAt"\]|"required": ["eventId", "orderNumber", "occurredAt", "currency"]|; s|"totalMinor": {"type": "integer"}|"totalMinor": {"type": "string"}|' "$schema"
expect_exit 1 "required and type changes break" validate --against main
expect_out "'currency' became required without a default: messages written with the earlier schema may lack it; to keep it compatible, give it a default, or leave it optional" "required without default"
expect_out "'totalMinor' changed type \(\[\"integer\"\] -> \[\"string\"\]\)" "type change"
git -C "$repo" checkout -q "$schema"

# 5. A changed meaning: same name and type, another description (rubles -> kopecks).
git -C "$repo" checkout -q main
sed -i 's|"totalMinor": {"type": "integer"}|"totalMinor": {"type": "integer", "description": "Total in rubles."}|' "$schema"
git -C "$repo" commit -qam "describe totalMinor" && git -C "$repo" checkout -q change && git -C "$repo" rebase -q main
sed -i 's|Total in rubles.|Total in kopecks.|' "$schema"
expect_exit 0 "a changed description is a warning" validate --against main
expect_out "warning: 'totalMinor' of 'orders.created' keeps its name and type but its description changed since main, from \"Total in rubles.\" to \"Total in kopecks.\": if its meaning or unit changed, consumers misread every new message; add a property with a new name instead \[contract/meaning-changed\]" "meaning-changed names both texts"
git -C "$repo" checkout -q "$schema"

# 6. A new topic and a new schema are said, not compared.
sed 's/orders.created/orders.cancelled/; s/order_created.json/order_cancelled.json/' "$repo/topics/orders/created.yaml" >"$repo/topics/orders/cancelled.yaml"
cp "$schema" "$repo/topics/schemas/order_cancelled.json"
expect_exit 0 "a new topic passes" validate --against main
expect_out "info: topic 'orders.cancelled' is new since main: there is no earlier version to compare with \[contract/new-schema\]" "a new topic is said"
git -C "$repo" add -A && git -C "$repo" commit -qm "cancelled" 
sed -i 's/order_cancelled.json/order_cancelled_v2.json/' "$repo/topics/orders/cancelled.yaml"
git -C "$repo" mv topics/schemas/order_cancelled.json topics/schemas/order_cancelled_v2.json
expect_exit 0 "a renamed schema file is new" validate --against HEAD
expect_out "info: schema '../schemas/order_cancelled_v2.json' is new since HEAD: there is no earlier version" "a new schema is said"

# 7. A deleted schema file that the manifest still names.
git -C "$repo" reset -q --hard HEAD
rm "$repo/topics/schemas/order_cancelled.json"
expect_exit 1 "a deleted schema fails" validate --against HEAD
expect_out "error: schema '../schemas/order_cancelled.json' of 'orders.cancelled' is gone but HEAD has it: its consumers are left without a contract; restore the file \[contract/compatibility\]" "the deleted schema is named"
git -C "$repo" checkout -q topics

# 8. Transitive: v1 had 'a' as text, v2 dropped it (closed model), v3 brings it back as a number.
mkdir -p "$repo/topics/t" && cat >"$repo/topics/t/shipped.yaml" <<'YAML'
apiVersion: topicform/v1
kind: Topic
metadata: {name: orders.shipped}
spec:
  description: An order was shipped.
  kind: event
  partitions: 3
  retention: 7d
  owner: {team: orders, producer: order-service, consumers: [billing-service], key: order_number,
          schema: {file: shipped.json, compatibility: BACKWARD_TRANSITIVE}}
YAML
v() { printf '{"type": "object", "required": ["eventId"], "additionalProperties": false,\n "properties": {"eventId": {"type": "string"}, "eventVersion": {"type": "integer"}%s}}\n' "$1" >"$repo/topics/t/shipped.json"; }
v ', "a": {"type": "string"}' && git -C "$repo" add -A && git -C "$repo" commit -qm v1
v '' && git -C "$repo" commit -qam v2
v ', "a": {"type": "integer"}'
expect_exit 1 "BACKWARD_TRANSITIVE compares every earlier version" validate --against HEAD
expect_out "'orders.shipped' is not BACKWARD_TRANSITIVE compatible with HEAD: 'a' changed type" "v1's text is not v3's number"
sed -i 's/BACKWARD_TRANSITIVE/BACKWARD/' "$repo/topics/t/shipped.yaml"
expect_exit 0 "plain BACKWARD compares with the latest only" validate --against HEAD
git -C "$repo" checkout -q topics

# 8b. Old versions far above the 1 MiB limit are sized, never read: three of 60 MB each. The peak
# is compared with the same run's before they were committed (a sanitizer's build has its own).
peak_of_validate() { (cd "$repo" && /usr/bin/time -f "%M" -o "$tmp/peak" "$bin" validate --against HEAD topics) >"$tmp/out" 2>"$tmp/err"; tail -1 "$tmp/peak"; }
v '' && peak_before=$(peak_of_validate)
git -C "$repo" checkout -q topics
for i in 1 2 3; do
  { printf '{"description": "'; head -c 60000000 /dev/zero | tr '\0' "$i"; printf '"}\n'; } >"$repo/topics/t/shipped.json"
  git -C "$repo" add -A && git -C "$repo" commit -qm "large $i"
done
v '' && git -C "$repo" commit -qam "small again"
peak_kib=$(peak_of_validate)
[ "$peak_kib" -lt $((peak_before + 30000)) ] && ok \
  || bad "validate --against peaked at $peak_kib KiB with large old versions, $peak_before KiB without"
expect_out "larger than 1048576 bytes" "the large versions are named, not compared"
git -C "$repo" checkout -q topics

# 9. A revision that is not there, a shallow clone without it, and no repository at all.
expect_exit 1 "an unknown revision fails" validate --against no-such-branch
expect_out "^topics/topicform.yaml: error: --against no-such-branch: revision 'no-such-branch' is not in this repository: fetch it first \(git fetch origin\), or name a branch, tag or commit it has \[contract/against\]$" "the unknown revision is named"
expect_exit 1 "an option-like revision is a revision, not an option" validate --against=--output=/tmp/x
[ ! -e /tmp/x ] && ok || bad "git took the revision for an option"
git clone -q --depth 1 "file://$repo" "$tmp/shallow" -b change
(cd "$tmp/shallow" && "$bin" validate --against HEAD~3 topics) >"$tmp/out" 2>"$tmp/err"
expect_out "revision 'HEAD~3' is not in this shallow clone: fetch it first \(git fetch --depth=1 origin main, or actions/checkout with fetch-depth: 0\)" "a shallow clone says to fetch"
mkdir -p "$tmp/plain" && cp -r topics "$tmp/plain/"
(cd "$tmp/plain" && "$bin" validate --against main topics) >"$tmp/out" 2>"$tmp/err"
expect_out "--against main: 'topics/topicform.yaml' is not in a Git repository" "no repository is said"

# 10. The example workflow's plan step on the pull request: plan.md, the comment, shows the break.
sed -i 's|"currency": {"type": "string"}}}|"currency": {"type": "string"}, "channel": {"type": "string"}}}|' "$schema"
git -C "$repo" commit -qam "add channel"
git -C "$repo" update-ref refs/remotes/origin/main main
step=$(sed -n 's/^ *\(topicform plan --env staging --env prod --against "origin\/$GITHUB_BASE_REF".*\) > plan.md$/\1/p' examples/ci/github/topics.yml)
[ -n "$step" ] && ok || bad "the workflow's plan step compares with the base branch"
mkdir -p "$tmp/bin" && ln -s "$bin" "$tmp/bin/topicform"
(cd "$repo" && PATH="$tmp/bin:$PATH" RUNNER_TEMP="$tmp" GITHUB_BASE_REF=main KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:1 eval "$step" >plan.md 2>"$tmp/err")
[ $? = 1 ] && ok || bad "the plan step fails on the break"
grep -qF "property 'channel' added to an open content model" "$repo/plan.md" && ok || { bad "the comment shows the break"; cat "$repo/plan.md" >&2; }
grep -qF "contract/compatibility" "$repo/plan.md" && ok || bad "the comment names the rule"

# 11. Avro: the .avsc judged by Avro's schema resolution, in the directions the mode names.
arepo="$tmp/avro"
mkdir -p "$arepo/topics" && cp topics/topicform.yaml "$arepo/topics/"
cat >"$arepo/topics/paid.yaml" <<'YAML'
apiVersion: topicform/v1
kind: Topic
metadata: {name: orders.paid}
spec:
  description: An order was paid.
  kind: event
  partitions: 3
  retention: 7d
  replayable: outbox
  owner: {team: orders, producer: order-service, consumers: [billing-service], key: order_number,
          schema: {file: paid.avsc, compatibility: BACKWARD}}
YAML
# The OrderPaid record: an id, a version and one more field, FIELD (a JSON object).
paid_avsc() {
  printf '{"type": "record", "name": "OrderPaid", "namespace": "com.example",\n "fields": [\n'
  printf '  {"name": "event_id", "type": "string"}, {"name": "event_version", "type": "string"},\n'
  printf '  %s\n ]}\n' "$1"
}
paid_avsc '{"name": "amount", "type": "int", "doc": "In cents."}' >"$arepo/topics/paid.avsc"
git -C "$arepo" init -q -b main && git -C "$arepo" add . && git -C "$arepo" commit -qm v1
avalidate() { (cd "$arepo" && "$bin" validate --color never --against main topics); }
expect_exit 0 "an unchanged Avro schema passes" avalidate
sed -i 's|  {"name": "amount", "type": "int", "doc": "In cents."}|  {"name": "amount", "type": "int", "doc": "In cents."},\n  {"name": "currency", "type": "string"}|' "$arepo/topics/paid.avsc"
expect_exit 1 "an Avro field added without a default breaks BACKWARD" avalidate
diff <(cat "$tmp/out") - <<'OUT' && ok || bad "the Avro break is told at the field's line"
topics/paid.avsc:5:3: error: 'orders.paid' is not BACKWARD compatible with main: READER_FIELD_MISSING_DEFAULT_VALUE at /fields/3 (currency): the new schema cannot read what the earlier one wrote; to keep it compatible, give the field a default, or make it nullable with a null default [contract/compatibility]
failed in 2 files, 2 topics for environment 'local': 1 error, 0 warnings
OUT
sed -i 's|{"name": "currency", "type": "string"}|{"name": "currency", "type": "string", "default": "EUR"}|; s|"type": "int", "doc"|"type": "long", "doc"|' "$arepo/topics/paid.avsc"
expect_exit 0 "a default, and int widened to long, read old data (BACKWARD)" avalidate
sed -i 's|compatibility: BACKWARD|compatibility: FORWARD|' "$arepo/topics/paid.yaml"
expect_exit 1 "old readers cannot read a long (FORWARD)" avalidate
expect_out "^topics/paid.avsc:4:22: error: 'orders.paid' is not FORWARD compatible with main: TYPE_MISMATCH at /fields/2/type \(reader type: int not compatible with writer type: long\): readers of the earlier schema cannot read what the new one writes; " "the FORWARD break is at the type"
sed -i 's|compatibility: FORWARD|compatibility: NONE|' "$arepo/topics/paid.yaml"
expect_exit 0 "NONE judges nothing" avalidate
# Transitive: v2 gives currency a default; v3 drops it, which reads v2's data (it has currency)
# but not v1's (it has none): only BACKWARD_TRANSITIVE sees it.
sed -i 's|compatibility: NONE|compatibility: BACKWARD|' "$arepo/topics/paid.yaml"
git -C "$arepo" commit -qam v2
sed -i 's|{"name": "currency", "type": "string", "default": "EUR"}|{"name": "currency", "type": "string"}|' "$arepo/topics/paid.avsc"
expect_exit 0 "BACKWARD compares with the latest version only" avalidate
sed -i 's|compatibility: BACKWARD|compatibility: BACKWARD_TRANSITIVE|' "$arepo/topics/paid.yaml"
expect_exit 1 "BACKWARD_TRANSITIVE compares with every earlier version" avalidate
expect_out "^topics/paid.avsc:5:3: error: 'orders.paid' is not BACKWARD_TRANSITIVE compatible with main: READER_FIELD_MISSING_DEFAULT_VALUE at /fields/3 \(currency\)" "v1 has no currency"
# A field both earlier versions lack is one break, told once.
sed -i 's|{"name": "currency", "type": "string"}|{"name": "currency", "type": "string", "default": "EUR"},\n  {"name": "region", "type": "string"}|' "$arepo/topics/paid.avsc"
expect_exit 1 "a field no earlier version has breaks BACKWARD_TRANSITIVE" avalidate
[ "$(grep -c "READER_FIELD_MISSING_DEFAULT_VALUE at /fields/4 (region)" "$tmp/out")" = 1 ] && ok || bad "the break against two versions is told once"
# 12. The contract rules read an .avsc too: an event's stable id (a field with no default, not a
# union with null), its version field, amounts with their unit; with --against, a field that
# keeps its name and type but changes its doc or logical type.
mrepo="$tmp/avro-rules"
mkdir -p "$mrepo/topics" && cp topics/topicform.yaml "$mrepo/topics/"
sed 's|orders.paid|orders.refunded|; s|paid.avsc|refunded.avsc|' "$arepo/topics/paid.yaml" >"$mrepo/topics/refunded.yaml"
cat >"$mrepo/topics/refunded.avsc" <<'AVSC'
{"type": "record", "name": "OrderRefunded", "namespace": "com.example",
 "fields": [
  {"name": "event_id", "type": ["null", "string"], "default": null},
  {"name": "total", "type": "long"},
  {"name": "refunded_at", "type": {"type": "long", "logicalType": "timestamp-millis"}, "doc": "When the money left."}
 ]}
AVSC
mvalidate() { (cd "$mrepo" && "$bin" validate --color never "$@" topics); }
expect_exit 1 "an Avro event whose id may be null fails contract/event-id" mvalidate
diff <(cat "$tmp/out") - <<'OUT' && ok || bad "the Avro contract rules are told as for JSON Schema"
topics/refunded.avsc:4:3: warning: 'total' is an amount without a unit: name its unit (totalMinor, totalMs, ...) or say it in its description, so rubles never turn into kopecks under the same name [contract/units]
topics/refunded.yaml:11:26: error: event topic 'orders.refunded': schema 'refunded.avsc' declares 'event_id' but does not require it: an idempotent consumer deduplicates redelivered events by a stable id; make one required [contract/event-id]
topics/refunded.yaml:11:26: warning: event topic 'orders.refunded': schema 'refunded.avsc' has no version field (eventVersion, event_version, schemaVersion, schema_version, version): a consumer chooses the handler for an event by its version [contract/event-version]
failed in 2 files, 2 topics for environment 'local': 1 error, 2 warnings
OUT
sed -i 's|\["null", "string"\], "default": null}|"string"}, {"name": "version", "type": "int"}|; s|"name": "total", "type": "long"|"name": "total", "type": "long", "doc": "In kopecks."|' "$mrepo/topics/refunded.avsc"
expect_exit 0 "a required id, a version and a unit pass" mvalidate
expect_out "^ok in 2 files, 2 topics for environment 'local': 0 errors, 0 warnings$" "no Avro contract finding"
git -C "$mrepo" init -q -b main && git -C "$mrepo" add . && git -C "$mrepo" commit -qm v1
sed -i 's|In kopecks.|In cents.|; s|timestamp-millis|timestamp-micros|' "$mrepo/topics/refunded.avsc"
expect_exit 0 "a changed doc or logical type reads as before (warnings only)" mvalidate --against main
diff <(cat "$tmp/out") - <<'OUT' && ok || bad "the changed meanings are told at their fields"
topics/refunded.avsc:4:3: warning: 'total' of 'orders.refunded' keeps its name and type but its doc changed since main, from "In kopecks." to "In cents.": if its meaning or unit changed, consumers misread every new message; add a field with a new name instead [contract/meaning-changed]
topics/refunded.avsc:5:3: warning: 'refunded_at' of 'orders.refunded' keeps its name and type but its logical type changed since main, from timestamp-millis to timestamp-micros: consumers read every new value in the old unit; add a field with a new name instead [contract/meaning-changed]
ok in 2 files, 2 topics for environment 'local': 0 errors, 2 warnings
OUT
sed -i 's|"type": {"type": "long", "logicalType": "timestamp-micros"}|"type": "string"|' "$mrepo/topics/refunded.avsc"
expect_exit 1 "a field whose type changed is a break, not a changed meaning" mvalidate --against main
grep -q "meaning-changed.*refunded_at\|refunded_at.*meaning-changed" "$tmp/out" && bad "a new type is told as a changed meaning" || ok
grep -q "TYPE_MISMATCH at /fields/3/type" "$tmp/out" && ok || bad "a new type is told as a break"

# 13. schema.references: a type of another .avsc, each version read with its references as its
# own commit held them; a break inside the referenced file is told where this file uses it.
rrepo="$tmp/avro-references"
mkdir -p "$rrepo/topics" && cp topics/topicform.yaml "$rrepo/topics/"
sed 's|schema: {file: paid.avsc, compatibility: [A-Z_]*}|schema: {file: paid.avsc, references: [money.avsc]}|' "$arepo/topics/paid.yaml" >"$rrepo/topics/paid.yaml"
printf '{"type": "record", "name": "Money", "namespace": "com.example", "fields": [{"name": "minor", "type": "long"}]}\n' >"$rrepo/topics/money.avsc"
paid_avsc '{"name": "total", "type": "Money"}' >"$rrepo/topics/paid.avsc"
git -C "$rrepo" init -q -b main && git -C "$rrepo" add . && git -C "$rrepo" commit -qm v1
rvalidate() { (cd "$rrepo" && "$bin" validate --color never --against main topics); }
expect_exit 0 "a schema with a reference, unchanged, passes" rvalidate
sed -i 's|"type": "long"|"type": "string"|' "$rrepo/topics/money.avsc"
expect_exit 1 "a break inside the referenced file" rvalidate
diff <(cat "$tmp/out") - <<'OUT' && ok || bad "the break is told where the schema uses the type"
topics/paid.avsc:4:21: error: 'orders.paid' is not BACKWARD compatible with main: TYPE_MISMATCH at /fields/2/type (reader type: string not compatible with writer type: long): the new schema cannot read what the earlier one wrote; to keep it compatible, keep the type or widen it as Avro promotes (int -> long -> float -> double, string <-> bytes); a new type is a new field, or a new topic [contract/compatibility]
failed in 2 files, 2 topics for environment 'local': 1 error, 0 warnings
OUT
# A reference added since the revision: the earlier version did not use it, and is read without.
sed -i 's|"type": "string"|"type": "long"|' "$rrepo/topics/money.avsc"
printf '{"type": "enum", "name": "Region", "namespace": "com.example", "symbols": ["EU", "US"]}\n' >"$rrepo/topics/region.avsc"
sed -i 's|references: \[money.avsc\]|references: [money.avsc, region.avsc]|' "$rrepo/topics/paid.yaml"
sed -i 's|{"name": "total", "type": "Money"}|{"name": "total", "type": "Money"}, {"name": "region", "type": "Region", "default": "EU"}|' "$rrepo/topics/paid.avsc"
expect_exit 0 "a new reference and a field with a default pass" rvalidate
finish
