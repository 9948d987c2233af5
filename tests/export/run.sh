#!/usr/bin/env bash
# `topicform export`: golden Strimzi and Confluent resources of the example topics/, byte-identical
# re-runs, every resource valid against the operators' structure (ajv, the npm packages of the
# schema suite), hostile Kafka names mapped to unique valid resource names, the round trip
# export -> import --from strimzi -> export, stale files removed, links refused, and the errors.
# Usage: tests/export/run.sh TOPICFORM_BINARY   (from the repository root; UPDATE_GOLDEN=1 rewrites)
set -uo pipefail
bin=$(readlink -f "$1")
root=$(pwd)
golden="$root/tests/golden/export"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
suite=export
. "$(dirname "$0")/../lib.sh"

node_dir="$root/build/schema-node"  # the schema suite's packages (ajv, yaml); a lock keeps us apart
if ! cmp -s tests/schema/package-lock.json "$node_dir/package-lock.json" || [ ! -d "$node_dir/node_modules" ]; then
  rm -rf "$node_dir" && mkdir -p "$node_dir"
  cp tests/schema/package.json tests/schema/package-lock.json "$node_dir/"
  (cd "$node_dir" && npm ci --no-audit --no-fund >"$tmp/npm.log" 2>&1) || { cat "$tmp/npm.log" >&2; bad "npm ci"; }
fi
valid() {  # FILE...: every resource in them is valid for its operator
  NODE_PATH="$node_dir/node_modules" node tests/export/validate_resources.js "$@" >"$tmp/out" 2>"$tmp/err"
}

# Golden output: a folder of Strimzi resources with its kustomization, and Confluent's stream.
expect_exit 0 "export strimzi" "$bin" export topics --env prod --out "$tmp/strimzi"
grep -qx "export: wrote 10 strimzi resource(s) for environment prod to $tmp/strimzi" "$tmp/err" && ok || bad "the progress line"
"$bin" export topics --env prod --format confluent --out - >"$tmp/confluent.yaml" 2>/dev/null || bad "export confluent to stdout: exit $?"
if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
  rm -rf "${golden:?}" && mkdir -p "$golden" && cp -r "$tmp/strimzi" "$golden/strimzi" && cp "$tmp/confluent.yaml" "$golden/"
fi
diff -r "$golden/strimzi" "$tmp/strimzi" >"$tmp/diff" && ok || { bad "strimzi differs from tests/golden/export/strimzi"; head -30 "$tmp/diff" >&2; }
diff "$golden/confluent.yaml" "$tmp/confluent.yaml" >"$tmp/diff" && ok || { bad "confluent differs from tests/golden/export/confluent.yaml"; head -30 "$tmp/diff" >&2; }
"$bin" export topics --env prod --out "$tmp/again" 2>/dev/null
diff -r "$tmp/strimzi" "$tmp/again" >/dev/null && ok || bad "a re-run is not byte-identical"
"$bin" export topics --env prod --out - 2>/dev/null | cmp -s - <(for f in $(sed -n 's/^  - //p' "$tmp/strimzi/kustomization.yaml"); do echo ---; cat "$tmp/strimzi/$f"; done) && ok || bad "the stream is not the folder's resources in the kustomization's order"
diff <(sed -n '/^# topicform export (prod): topic orders.created;/,/retention.ms: 604800000/p' README.md) "$golden/strimzi/orders.created.yaml" >/dev/null && ok || bad "README's example is not export's output"
valid "$tmp/strimzi"/*.yaml "$tmp/confluent.yaml" && ok || bad "a resource is not valid for its operator"
grep -qx "20 resource(s), 0 invalid" "$tmp/out" && ok || bad "the validator saw every resource"
# The validator fails on what the operator refuses (else the checks above prove nothing).
sed 's/^  name: orders.created$/  name: Orders_Created/; s/^  replicas: 3$/  replicas: 40000/' "$tmp/strimzi/orders.created.yaml" >"$tmp/broken.yaml"
valid "$tmp/broken.yaml" && bad "the validator took a capital name and 40,000 replicas" || ok
grep -c "metadata/name\|spec/replicas" "$tmp/err" | grep -qx 2 && ok || bad "the validator named both faults"

# Hostile names: 249 characters, '_', capitals, names differing only by case or by '_' and '.'.
mkdir -p "$tmp/names"
cat >"$tmp/names/topicform.yaml" <<'YAML'
apiVersion: topicform/v1
kind: Settings
spec:
  defaultEnvironment: k8s
  environments:
    k8s: {brokers: 3, replicationFactor: {default: 3, minimum: 1}, kubernetes: {cluster: my-cluster}}
YAML
long=$(printf 'x%.0s' $(seq 1 247))
i=0
for name in Orders_Created orders_created orders.created ORDERS.CREATED orders-created orders__created \
  "A_$long" "a.$long" _internal.thing -a..b- ___ Orders.Created.dead orders.Created __consumer-like; do
  i=$((i + 1))
  printf 'apiVersion: topicform/v1\nkind: Topic\nmetadata: {name: "%s"}\nspec:\n  adopted: true\n  partitions: 3\n  deadLetter: {enabled: false, reason: test}\n  owner: {}\n' "$name" >"$tmp/names/t$i.yaml"
done
expect_exit 0 "export of hostile names" "$bin" export "$tmp/names" --out "$tmp/names-out"
ls "$tmp/names-out" | grep -c '\.yaml$' | grep -qx 15 && ok || bad "14 resources and a kustomization"
valid "$tmp/names-out"/*.yaml && ok || bad "a hostile name gave an invalid resource"
sed -n 's/^  name: //p' "$tmp/names-out"/*.yaml | sort | uniq -d | grep -q . && bad "two topics share a resource name" || ok
sed -n 's/^  topicName: //p' "$tmp/names-out"/*.yaml | tr -d '"' | sort >"$tmp/topics"
(cd "$tmp/names" && sed -n 's/^metadata: {name: "\(.*\)"}$/\1/p' t*.yaml | sort) | cmp -s - "$tmp/topics" && ok || bad "spec.topicName is not each topic's own name"
# A topic named as another's resource would be: refused, both named, nothing written.
printf 'apiVersion: topicform/v1\nkind: Topic\nmetadata: {name: "orders-created-d901bad1"}\nspec:\n  adopted: true\n  partitions: 3\n  deadLetter: {enabled: false, reason: test}\n  owner: {}\n' >"$tmp/names/clash.yaml"
expect_exit 1 "a clash of resource names" "$bin" export "$tmp/names" --out "$tmp/clash-out"
grep -qx "topicform: error: topics orders-created-d901bad1 and Orders_Created would both be resource orders-created-d901bad1; rename one; nothing was exported" "$tmp/err" && ok || bad "the clash names both topics"
[ ! -e "$tmp/clash-out" ] && ok || bad "a refused export wrote something"

# Round trip: export, import --from strimzi into a project with the same settings, export again.
mkdir -p "$tmp/adopted" && cp topics/topicform.yaml "$tmp/adopted/"
expect_exit 0 "import --from strimzi" "$bin" import --env prod --from strimzi "$tmp/strimzi" --out "$tmp/adopted"
grep -qx "adopted 10 topics from cluster prod-kafka: 'topicform plan $tmp/adopted' has nothing to change in them" "$tmp/err" && ok || bad "import's closing line"
expect_exit 0 "the imported manifests validate" "$bin" validate "$tmp/adopted" --env prod
"$bin" export "$tmp/adopted" --env prod --out "$tmp/round" 2>/dev/null || bad "export of the imported manifests: exit $?"
diff -r "$tmp/strimzi" "$tmp/round" >"$tmp/diff" && ok || { bad "the round trip changed the resources"; head -20 "$tmp/diff" >&2; }
if [ "${UPDATE_GOLDEN:-}" = 1 ]; then cp "$tmp/adopted/orders/created.yaml" "$golden/imported-orders.created.yaml"; fi
diff "$golden/imported-orders.created.yaml" "$tmp/adopted/orders/created.yaml" >/dev/null && ok || bad "the imported manifest differs from tests/golden/export/imported-orders.created.yaml"

# Stale files go; files export did not write stay; a link in the way writes nothing.
cp -r topics "$tmp/project"
rm "$tmp/project/orders/created.yaml"
echo "# mine" >"$tmp/strimzi/README.md"
expect_exit 0 "export after a topic was removed" "$bin" export "$tmp/project" --env prod --out "$tmp/strimzi"
[ ! -e "$tmp/strimzi/orders.created.yaml" ] && [ ! -e "$tmp/strimzi/orders.created.dead.yaml" ] && ok || bad "the removed topic's resources stayed"
[ -e "$tmp/strimzi/README.md" ] && ok || bad "a file export did not write was removed"
grep -q "orders.created" "$tmp/strimzi/kustomization.yaml" && bad "the kustomization lists a removed topic" || ok
mkdir -p "$tmp/linked" && ln -s /etc/passwd "$tmp/linked/orders.created.yaml"
expect_exit 1 "a link at a target" "$bin" export topics --env prod --out "$tmp/linked"
expect_out "is a symbolic link: it is not followed; nothing was written" "the refusal says why"
[ "$(ls "$tmp/linked")" = orders.created.yaml ] && ok || bad "something was written beside the link"

touch "$tmp/a-file"
expect_exit 1 "--out names a file" "$bin" export topics --env prod --out "$tmp/a-file"
grep -qx "topicform: error: '$tmp/a-file' is not a folder; nothing was written" "$tmp/err" && ok || bad "a file as --out is named"

# Errors: Strimzi without a cluster, a replication factor a resource cannot hold, bad resources.
expect_exit 1 "strimzi without kubernetes.cluster" "$bin" export topics --out -
grep -qx "topicform: error: environment 'local' has no kubernetes.cluster: Strimzi's operator takes only resources labelled strimzi.io/cluster with its cluster's name; add it to the settings; nothing was exported" "$tmp/err" && ok || bad "the missing cluster is named"
[ ! -s "$tmp/out" ] && ok || bad "a refused export printed resources"
expect_exit 0 "confluent needs no cluster name" "$bin" export topics --format confluent --out -
expect_exit 1 "an unknown format" "$bin" export topics --format kpops --out -
mkdir -p "$tmp/big" && sed 's/brokers: 3, replicationFactor: {default: 3/brokers: 40000, replicationFactor: {default: 40000/' "$tmp/names/topicform.yaml" >"$tmp/big/topicform.yaml"
cp "$tmp/names/t3.yaml" "$tmp/big/"
expect_exit 1 "40,000 replicas" "$bin" export "$tmp/big" --out -
grep -qx "topicform: error: topic orders.created: replication factor 40000 is outside a KafkaTopic's 1 to 32767; nothing was exported" "$tmp/err" && ok || bad "the replication factor is refused"
# A config value that is no string, number or boolean never reaches a resource: export refuses.
mkdir -p "$tmp/lists" && cp "$tmp/names/topicform.yaml" "$tmp/lists/"
printf 'apiVersion: topicform/v1\nkind: Topic\nmetadata: {name: a.b-created}\nspec:\n  adopted: true\n  partitions: 3\n  config: {retention.ms: [1, 2]}\n  deadLetter: {enabled: false, reason: test}\n  owner: {}\n' >"$tmp/lists/t.yaml"
expect_exit 1 "a list as a config value" "$bin" export "$tmp/lists" --out -
grep -qx "$tmp/lists/t.yaml:7:26: error: 'spec.config.retention.ms' must be text or a number or true or false, got a list \[manifest/schema\]" "$tmp/err" && ok || bad "the list is named at its place"
[ ! -s "$tmp/out" ] && ok || bad "a refused export printed resources"
mkdir -p "$tmp/bad"
cat >"$tmp/bad/topics.yaml" <<'YAML'
apiVersion: kafka.strimzi.io/v1
kind: KafkaTopic
metadata: {name: a, labels: {strimzi.io/cluster: prod-kafka}}
spec:
  replicas: 3
  config: {retention.ms: [1, 2]}
YAML
expect_exit 1 "import of bad resources" "$bin" import --env prod --from strimzi "$tmp/bad" --out "$tmp/bad-out" --settings topics/topicform.yaml
grep -qx "$tmp/bad/topics.yaml:4:1: error: spec.partitions must be a whole number of at least 1: without it the operator takes the broker's default, which these files cannot tell; write it in the resource \[manifest/schema\]" "$tmp/err" && ok || bad "the missing partitions at their place"
grep -qx "$tmp/bad/topics.yaml:6:26: error: spec.config.retention.ms is not a string, number or boolean \[manifest/schema\]" "$tmp/err" && ok || bad "a list as a config value at its place"
[ ! -e "$tmp/bad-out" ] && ok || bad "an import of bad resources wrote something"
# A resource file larger than a manifest may be is refused as one is, by its rule.
mkdir -p "$tmp/huge" && head -c 4194305 /dev/zero | tr '\0' '#' >"$tmp/huge/topics.yaml"
expect_exit 1 "import of a resource file too large" "$bin" import --env prod --from strimzi "$tmp/huge" --out "$tmp/huge-out" --settings topics/topicform.yaml
grep -qx "$tmp/huge/topics.yaml:1:1: error: the file is 4194305 bytes; manifests are limited to 4194304 bytes \[manifest/too-large\]" "$tmp/err" && ok || bad "the too-large file is named by its rule"
expect_exit 1 "--from another tool" "$bin" import --from kpops "$tmp/bad" --out "$tmp/bad-out"

# A topic whose .dead topic has no resource: the adopted manifest says so in those words.
mkdir -p "$tmp/lone"
cat >"$tmp/lone/topic.yaml" <<'YAML'
apiVersion: kafka.strimzi.io/v1
kind: KafkaTopic
metadata: {name: billing.invoiced, labels: {strimzi.io/cluster: prod-kafka}}
spec: {partitions: 3, replicas: 3, config: {min.insync.replicas: "2"}}
YAML
expect_exit 0 "import of a topic without its .dead resource" "$bin" import --env prod --from strimzi "$tmp/lone" --out "$tmp/lone-out" --settings topics/topicform.yaml
grep -qxF "    reason: \"'billing.invoiced.dead' had no resource when the topic was adopted; remove this to create it\"" "$tmp/lone-out/billing/invoiced.yaml" && ok || bad "the missing .dead resource is told as a resource"
grep -qx "  # To complete: description and kind above, and the owner card's team, producer and key" "$tmp/lone-out/billing/invoiced.yaml" && ok || bad "without annotations all three owner fields are to complete"
finish
