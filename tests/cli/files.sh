#!/usr/bin/env bash
# Files written and removed only where asked: init, schema, import and docs against links in the
# target, a file where a folder must be, topic names that would lead out, and snapshot files that
# are not regular files. Every case checks that nothing outside its temporary tree changed and
# that a refused run wrote nothing. Run from the repository root with the binary as argument.
set -uo pipefail
bin=$(readlink -f "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
suite=files
. "$(dirname "$0")/../lib.sh"
run() { timeout 20 "$@" >"$tmp/out" 2>"$tmp/err"; }
# The tree outside the targets: anything that appears or changes in it is a write that escaped.
mkdir -p "$tmp/outside" && echo keep >"$tmp/outside/victim.md"
outside_listing() { (cd "$tmp/outside" && find . -printf '%p %s\n' | sort); }
outside_before=$(outside_listing)
untouched() {  # DESCRIPTION
  if [ "$(outside_listing)" = "$outside_before" ] && [ "$(cat "$tmp/outside/victim.md")" = keep ]; then ok; else bad "$1: the tree outside changed"; fi
}
files_in() { find "$1" -type f | wc -l; }

# 1. init: a dangling link in the target is refused, not followed; nothing is written
mkdir -p "$tmp/init1/topics" && ln -s "$tmp/outside/settings.yaml" "$tmp/init1/topics/topicform.yaml"
run "$bin" init "$tmp/init1"
[ $? = 1 ] && ok || bad "init over a dangling link fails"
grep -q "^topicform: error: '$tmp/init1/topics/topicform.yaml' is a symbolic link: it is not followed; nothing was written$" "$tmp/err" && ok || bad "init says which link"
[ "$(files_in "$tmp/init1")" = 0 ] && ok || bad "init wrote nothing"
untouched "init over a dangling link"
# A linked folder inside the target leads out as well.
mkdir -p "$tmp/init2" && ln -s "$tmp/outside" "$tmp/init2/schema"
run "$bin" init "$tmp/init2"
[ $? = 1 ] && grep -q "'$tmp/init2/schema' is a symbolic link: it is not followed" "$tmp/err" && ok || bad "init through a linked folder fails"
untouched "init through a linked folder"
# 2. init: a file where a folder must be stops it before the first file
mkdir -p "$tmp/init3" && echo x >"$tmp/init3/topics"
run "$bin" init "$tmp/init3"
[ $? = 1 ] && grep -q "'$tmp/init3/topics' is a file where a folder must be; nothing was written" "$tmp/err" && ok || bad "init with a file in the way fails"
[ "$(files_in "$tmp/init3")" = 1 ] && [ ! -e "$tmp/init3/schema" ] && ok || bad "init wrote nothing else"
rm "$tmp/init3/topics"
run "$bin" init "$tmp/init3"
[ $? = 0 ] && ok || bad "once the file is gone, init writes"
# 3. schema --out: a dangling link, even with --force
mkdir -p "$tmp/schema" && ln -s "$tmp/outside/topic.json" "$tmp/schema/topic.schema.json"
run "$bin" schema --force --out "$tmp/schema"
[ $? = 1 ] && grep -q "is a symbolic link: it is not followed" "$tmp/err" && ok || bad "schema --force over a link fails"
untouched "schema over a link"

# 4. import: names from a snapshot that Kafka could not have are refused before anything is written
snapshot() {  # FILE NAME...
  local file="$1" topics="" sep=""
  shift
  for name in "$@"; do
    topics+="$sep\"$name\": {\"partitions\": 1, \"replicationFactor\": 1, \"configs\": {}}"
    sep=", "
  done
  echo "{\"version\": 1, \"clusterId\": \"c\", \"brokers\": 1, \"topics\": {$topics}}" >"$file"
}
snapshot "$tmp/escape.json" "ok.topic" "x./../../escaped"
run "$bin" import --cluster-snapshot "$tmp/escape.json" --out "$tmp/adopt1"
[ $? = 1 ] && ok || bad "import of an illegal name fails"
grep -q "^topicform: error: cluster snapshot '$tmp/escape.json': topic name 'x./../../escaped' is not one Kafka allows" "$tmp/err" && ok || bad "import names the illegal topic"
[ ! -e "$tmp/adopt1" ] && [ ! -e "$tmp/escaped.yaml" ] && ok || bad "import wrote nothing"
snapshot "$tmp/absolute.json" "/$tmp/outside/abs"
run "$bin" plan --cluster-snapshot "$tmp/absolute.json" topics
[ $? = 1 ] && grep -q "is not one Kafka allows" "$tmp/err" && ok || bad "plan refuses an absolute topic name"
untouched "import of names that lead out"
# A linked folder in --out is refused, as in init: the manifest would land outside.
mkdir -p "$tmp/adopt2" && ln -s "$tmp/outside" "$tmp/adopt2/orders"
snapshot "$tmp/orders.json" "orders.created"
run "$bin" import --cluster-snapshot "$tmp/orders.json" --out "$tmp/adopt2"
[ $? = 1 ] && grep -q "'$tmp/adopt2/orders' is a symbolic link: it is not followed; nothing was written" "$tmp/err" && ok || bad "import through a linked folder fails"
untouched "import through a linked folder"
# A file where import's domain folder must be stops it before the first manifest.
mkdir -p "$tmp/adopt5" && echo x >"$tmp/adopt5/orders"
snapshot "$tmp/two.json" "a.first" "orders.created"
run "$bin" import --cluster-snapshot "$tmp/two.json" --out "$tmp/adopt5"
[ $? = 1 ] && grep -q "'$tmp/adopt5/orders' is a file where a folder must be; nothing was written" "$tmp/err" && ok || bad "import with a file in the way fails"
[ "$(find "$tmp/adopt5" -type f | wc -l)" = 1 ] && ok || bad "import wrote nothing"

# 5. names that would make hidden or clashing files: orders..created, topicform
snapshot "$tmp/odd.json" "orders..created" "topicform"
run "$bin" import --cluster-snapshot "$tmp/odd.json" --out "$tmp/adopt3"
[ $? = 0 ] && ok || bad "import of odd but legal names"
[ -f "$tmp/adopt3/orders/+.created.yaml" ] && [ -f "$tmp/adopt3/+topicform.yaml" ] && grep -q "kind: Settings" "$tmp/adopt3/topicform.yaml" && ok || bad "each gets a file of its own, the settings stay settings"
run "$bin" plan --detailed-exitcode --cluster-snapshot "$tmp/odd.json" "$tmp/adopt3"
[ $? = 0 ] && ok || bad "the plan of what import wrote is empty"

# Kafka allows both a.b and a_b (one name in its metrics), names and groups that other YAML
# readers take for booleans or numbers, and its own maxima as config values: all adopted.
cat >"$tmp/kafka-made.json" <<'JSON'
{"version": 1, "clusterId": "c", "brokers": 1, "committedGroups": {"a.b": ["off", "0o17"]},
 "topics": {"a.b": {"partitions": 1, "replicationFactor": 1, "configs": {}},
            "a_b": {"partitions": 1, "replicationFactor": 1, "configs": {}},
            "yes": {"partitions": 1, "replicationFactor": 1, "configs": {}},
            "x.1_000": {"partitions": 1, "replicationFactor": 1, "configs": {
              "max.compaction.lag.ms": "9223372036854775807", "flush.ms": "9223372036854775807",
              "message.timestamp.after.max.ms": "9223372036854775807"}}}}
JSON
run "$bin" import --cluster-snapshot "$tmp/kafka-made.json" --out "$tmp/adopt4"
[ $? = 0 ] && ok || bad "import of what Kafka made"
run "$bin" validate "$tmp/adopt4"
[ $? = 0 ] && grep -q "warning: 'a_b' and 'a.b' (.*) are both 'a_b' in Kafka's metrics (a warning: the topic is adopted) \[naming/metric-collision\]" "$tmp/out" "$tmp/err" && ok || bad "a metric collision of adopted topics warns"
grep -q '^  name: "yes"$' "$tmp/adopt4/+yes.yaml" "$tmp/adopt4/yes.yaml" 2>/dev/null && ok || bad "a name YAML 1.1 reads as a boolean is quoted"
grep -q '^    consumers: \["off", "0o17"\]' "$tmp/adopt4/a/b.yaml" && ok || bad "groups YAML reads as a boolean or a number are quoted"
run "$bin" plan --detailed-exitcode --cluster-snapshot "$tmp/kafka-made.json" "$tmp/adopt4"
[ $? = 0 ] && ok || bad "the plan of what import wrote is empty, and so is every later one"

# 6. docs: a stale page is removed only inside DIR, never through a linked folder
mkdir -p "$tmp/docs" && printf 'sub/victim.md\n' >"$tmp/docs/.topicform-docs" && ln -s "$tmp/outside" "$tmp/docs/sub"
run "$bin" docs --out "$tmp/docs" topics
[ $? = 0 ] && ok || bad "docs over a list naming a linked folder"
untouched "docs with a linked folder in its list"
mkdir -p "$tmp/docs2" && ln -s "$tmp/outside/README.md" "$tmp/docs2/README.md"
run "$bin" docs --out "$tmp/docs2" topics
[ $? = 1 ] && grep -q "'$tmp/docs2/README.md' is a symbolic link: it is not followed; nothing was written" "$tmp/err" && ok || bad "docs over a link fails"
untouched "docs over a link"

# 7. snapshot files with the guards plan files have: a FIFO and /dev/zero end at once
mkfifo "$tmp/fifo.json"
for source in "$tmp/fifo.json" /dev/zero; do
  start=$SECONDS
  run "$bin" plan --cluster-snapshot "$source" topics
  [ $? = 1 ] && grep -q "^topicform: error: cannot read cluster snapshot '$source': not a regular file of at most 256 MiB$" "$tmp/err" && ok || bad "plan refuses $source as a snapshot"
  run "$bin" import --cluster-snapshot "$source" --out "$tmp/adopt4"
  [ $? = 1 ] && grep -q "cannot read cluster snapshot '$source': not a regular file" "$tmp/err" && ok || bad "import refuses $source as a snapshot"
  [ $((SECONDS - start)) -lt 10 ] && ok || bad "$source took $((SECONDS - start)) s"
done

# 8. numbers out of range in saved files are refused, not converted (1e300 to int64 is undefined)
run "$bin" plan --out "$tmp/saved.plan" --cluster-snapshot tests/golden/snapshots/empty.json topics
grep -q '"partitions": 3' "$tmp/saved.plan" && ok || bad "the saved plan has a create of 3 partitions"
sed -i 's/"partitions": 3/"partitions": 1e300/' "$tmp/saved.plan"
run "$bin" apply --plan "$tmp/saved.plan" --auto-approve --bootstrap-server 127.0.0.1:1
[ $? = 1 ] && grep -q "^topicform: error: plan '$tmp/saved.plan': .*'partitions' is not a whole number of at most 19 digits" "$tmp/err" && ok || bad "a plan with 1e300 partitions is refused"
snapshot "$tmp/huge.json" "a.b" && sed -i 's/"partitions": 1/"partitions": 1e300/' "$tmp/huge.json"
run "$bin" plan --cluster-snapshot "$tmp/huge.json" topics
[ $? = 1 ] && grep -q "'partitions' is not a whole number" "$tmp/err" && ok || bad "a snapshot with 1e300 partitions is refused"

finish
