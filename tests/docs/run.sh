#!/usr/bin/env bash
# `topicform docs` on the example topics/: golden pages for each format, byte-identical re-runs,
# stale pages removed, every relative link and $ref resolving inside the catalogue (schema files
# are copied into it), the AsyncAPI document validated against @asyncapi/specs, and the HTML and
# the Mermaid blocks looked at in headless Chromium (screenshots in build/docs-artifacts).
# Usage: tests/docs/run.sh TOPICFORM_BINARY   (from the repository root; UPDATE_GOLDEN=1 rewrites)
set -uo pipefail
bin=$(readlink -f "$1")
root=$(pwd)
golden="$root/tests/golden/docs"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
suite=docs
. "$(dirname "$0")/../lib.sh"

for format in markdown html asyncapi; do
  "$bin" docs --format "$format" --out "$tmp/$format" topics 2>"$tmp/$format.err" || bad "$format: exit $?"
  grep -qx "docs: wrote [0-9]* file(s) for 5 topic(s) to $tmp/$format" "$tmp/$format.err" && ok || bad "$format: progress line"
  if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
    rm -rf "${golden:?}/$format" && mkdir -p "$golden" && cp -r "$tmp/$format" "$golden/$format"
  fi
  diff -r "$golden/$format" "$tmp/$format" >"$tmp/diff" && ok || { bad "$format differs from tests/golden/docs/$format"; head -40 "$tmp/diff" >&2; }
  python3 tests/docs/links_resolve.py "$tmp/$format" && ok || bad "$format: a relative link or \$ref names no file of the catalogue"
  "$bin" docs --format "$format" --out "$tmp/again-$format" topics 2>/dev/null
  diff -r "$tmp/$format" "$tmp/again-$format" >/dev/null && ok || bad "$format: a re-run is not byte-identical"
done

# Production manages ACLs: its catalogue says who may write and read each topic, and its AsyncAPI
# document carries the security requirement of every operation.
for format in markdown asyncapi; do
  "$bin" docs --env prod --format "$format" --out "$tmp/prod-$format" topics 2>/dev/null || bad "prod $format: exit $?"
  if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
    rm -rf "${golden:?}/prod-$format" && cp -r "$tmp/prod-$format" "$golden/prod-$format"
  fi
  diff -r "$golden/prod-$format" "$tmp/prod-$format" >"$tmp/diff" && ok || { bad "prod $format differs from tests/golden/docs/prod-$format"; head -40 "$tmp/diff" >&2; }
done
grep -qx "| May write (ACL) | User:order-service |" "$tmp/prod-markdown/topics/orders.created.md" && ok || bad "the producer's principal may write"
grep -q '"x-principal": "User:billing-service"' "$tmp/prod-asyncapi/asyncapi.json" && ok || bad "a receive operation names its principal"
grep -q "ACL" "$tmp/markdown/topics/orders.created.md" && bad "an environment without acls: shows no ACLs" || ok

# A topic that leaves the manifests leaves the catalogue; files the command did not write stay.
cp -r topics "$tmp/project"
touch "$tmp/markdown/notes.txt"
rm "$tmp/project/orders/created.yaml"
"$bin" docs --out "$tmp/markdown" "$tmp/project" 2>/dev/null
[ ! -e "$tmp/markdown/topics/orders.created.md" ] && ok || bad "the page of a removed topic is removed"
[ -e "$tmp/markdown/notes.txt" ] && ok || bad "a file topicform did not write is kept"

# A registry subject is shown as written; a schema path with no file behind it is named on stderr;
# neither is copied, and the rest of the catalogue is written (orders.created left above).
sed -i 's|schema: ../schemas/send_email.json|schema: notifications-send-email-value|' \
  "$tmp/project/notifications/email-commands.yaml"
sed -i 's|schema: ../schemas/payment_event.json|schema: ../schemas/payment_evnt.json|' \
  "$tmp/project/commerce/payments-events.yaml"
"$bin" docs --format asyncapi --out "$tmp/subject" "$tmp/project" 2>"$tmp/err" || bad "docs with a subject and a missing schema: exit $?"
grep -qx "docs: shown as written, not copied (no such file here): $tmp/project/schemas/payment_evnt.json" "$tmp/err" && ok || { bad "the missing schema file is named on stderr"; cat "$tmp/err" >&2; }
[ "$(ls "$tmp/subject/schemas")" = "$(printf 'order_event.json\nuser_profile.json')" ] && ok || bad "only the schema files there are copied"
grep -q '"description": "schema: notifications-send-email-value"' "$tmp/subject/asyncapi.json" && ok || bad "the subject is named in the payload"

# Bad input: nothing written, a clear error.
"$bin" docs --out "$tmp/never" tests/golden/bad >/dev/null 2>"$tmp/err" && bad "docs of a bad project succeeded" || ok
grep -qx "topicform: error: the manifests have errors; no catalogue was written" "$tmp/err" && ok || bad "bad project message"
[ ! -e "$tmp/never" ] && ok || bad "nothing is written for a bad project"
"$bin" docs topics 2>"$tmp/err" && bad "docs without --out succeeded" || ok
grep -qx "topicform: error: --out DIR is required" "$tmp/err" && ok || bad "missing --out message"

# Text from manifests is text in Markdown, as GitHub renders it (cmark-gfm): '<domain>' stays
# visible, an <img onerror=...> tag never reaches the page as HTML.
mkdir -p "$tmp/html-in/orders"
cp topics/topicform.yaml "$tmp/html-in/"
sed -e 's|^  description: .*|  description: "Named <domain>.<what> *loud* [x](javascript:alert(1)) <img src=x onerror=alert(1)>"|' \
  -e 's|schema: ../schemas/order_created.json|schema: orders-created-value|' topics/orders/created.yaml >"$tmp/html-in/orders/created.yaml"
"$bin" docs --out "$tmp/html-out" "$tmp/html-in" >/dev/null 2>"$tmp/err" || { bad "docs of a description with HTML"; cat "$tmp/err" >&2; }
cmark-gfm -e table "$tmp/html-out/topics/orders.created.md" >"$tmp/page.html"
grep -qF '<p>Named &lt;domain&gt;.&lt;what&gt; *loud* [x](javascript:alert(1)) &lt;img src=x onerror=alert(1)&gt;</p>' "$tmp/page.html" && ok || { bad "HTML in a description is shown as text"; grep -n "Named" "$tmp/page.html" >&2; }
cmark-gfm -e table "$tmp/html-out/README.md" >>"$tmp/page.html"
grep -q "Named" "$tmp/page.html" && ! grep -q "<img\|<em>\|href=\"javascript" "$tmp/page.html" && ok || bad "no tag, emphasis or link from a manifest"

# The checks in Node.js: the exact versions in package-lock.json, installed once into build/.
node_dir="$root/build/docs-node"
if ! cmp -s tests/docs/package-lock.json "$node_dir/package-lock.json" || [ ! -d "$node_dir/node_modules" ]; then
  rm -rf "$node_dir" && mkdir -p "$node_dir"
  cp tests/docs/package.json tests/docs/package-lock.json "$node_dir/"
  (cd "$node_dir" && npm ci --no-audit --no-fund >"$tmp/npm.log" 2>&1) || { cat "$tmp/npm.log" >&2; bad "npm ci"; }
fi
export NODE_PATH="$node_dir/node_modules"
node tests/docs/validate_asyncapi.js "$tmp/asyncapi/asyncapi.json" && ok || bad "AsyncAPI 3.0 schema validation"
node tests/docs/validate_asyncapi.js "$tmp/prod-asyncapi/asyncapi.json" && ok || bad "AsyncAPI 3.0 schema validation of prod (security schemes)"
shots="$root/build/docs-artifacts"
mkdir -p "$shots"
timeout 300 node tests/docs/browser_check.js "$tmp/html" "$golden/markdown" "$shots" \
  commerce.orders.events commerce.payments.events identity.users.state \
  notifications.email.commands orders.created && ok || bad "the catalogue in headless Chromium"

# At scale: 60 topics in one domain (tests/docs/scale_check.js), and byte-identical output
# whichever way the path is written.
mkdir -p "$tmp/scale/catalog"
cat >"$tmp/scale/topicform.yaml" <<'YAML'
apiVersion: topicform/v1
kind: Settings
spec: {environments: {local: {brokers: 1}}}
YAML
for n in $(seq 1 60); do
  extra=""
  [ "$n" = 1 ] && extra="  deadLetter: {enabled: false, reason: consumers retry in place and alert}"
  cat >"$tmp/scale/catalog/item$n.yaml" <<YAML
apiVersion: topicform/v1
kind: Topic
metadata: {name: catalog.item$n-listed}
spec:
  description: Item $n was listed.
  kind: event
  partitions: 1
  retention: 7d
  replayable: outbox
$extra
  owner: {team: catalog, producer: catalog-service, consumers: [reader-service], key: itemId, ordering: per-key}
YAML
done
"$bin" docs --format html --out "$tmp/scale-html" "$tmp/scale" 2>"$tmp/err" && ok || { bad "docs of 60 topics: exit $?"; cat "$tmp/err" >&2; }
timeout 300 node tests/docs/scale_check.js "$tmp/scale-html" 60 "$shots" && ok || bad "the catalogue of 60 topics in headless Chromium"
for format in markdown html asyncapi; do
  (cd / && "$bin" docs --format "$format" --out "$tmp/absolute-$format" "$root/topics" 2>/dev/null)
  diff -r "$golden/$format" "$tmp/absolute-$format" >/dev/null && ok || bad "$format: an absolute path from another folder changes the output"
done

finish
