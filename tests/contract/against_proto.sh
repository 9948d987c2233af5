#!/usr/bin/env bash
# `--against REF` for Protobuf on a temporary Git repository: a .proto that imports a file of the
# project and a well-known type, judged by Confluent's rules and by Apicurio's, in the directions
# the mode names, transitively over the file's history with each version's imports read at its
# own commit, a break inside an imported message, a changed comment, an import gone at the
# revision, and a broken earlier version.
# Usage: tests/contract/against_proto.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin=$(readlink -f "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
suite=against-proto
. "$(dirname "$0")/../lib.sh"
export GIT_CONFIG_GLOBAL=/dev/null GIT_AUTHOR_NAME=ci GIT_AUTHOR_EMAIL=ci@example.com \
  GIT_COMMITTER_NAME=ci GIT_COMMITTER_EMAIL=ci@example.com
repo="$tmp/proto"
mkdir -p "$repo/topics/schemas/common"
cp topics/topicform.yaml "$repo/topics/"
cat >"$repo/topics/paid.yaml" <<'YAML'
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
          schema: {file: schemas/paid.proto, compatibility: BACKWARD}}
YAML
cat >"$repo/topics/schemas/paid.proto" <<'PROTO'
syntax = "proto3";
package shop.orders;

import "common/money.proto";
import "google/protobuf/timestamp.proto";

message OrderPaid {
  string event_id = 1;
  int32 event_version = 2;
  // In cents.
  int64 amount_cents = 3;
  shop.common.Money total = 4;
  google.protobuf.Timestamp paid_at = 5;
}
PROTO
cat >"$repo/topics/schemas/common/money.proto" <<'PROTO'
syntax = "proto3";
package shop.common;
message Money { int64 minor = 1; string currency = 2; }
PROTO
git -C "$repo" init -q -b main && git -C "$repo" add . && git -C "$repo" commit -qm v1
proto="$repo/topics/schemas/paid.proto"
pvalidate() { (cd "$repo" && "$bin" validate --color never --against main "$@" topics); }

expect_exit 0 "an unchanged .proto passes" pvalidate
expect_out "^ok in 2 files, 2 topics for environment 'local': 0 errors, 0 warnings$" "no finding"

# Confluent's rules take a rename, a removal and a type of the same wire group...
sed -i 's|int32 event_version = 2;|uint64 version = 2;|; s|  google.protobuf.Timestamp paid_at = 5;\n||' "$proto"
sed -i '/paid_at = 5/d' "$proto"
expect_exit 0 "a rename, a removal and int32 -> uint64 pass Confluent's rules" pvalidate
# ...Apicurio's do not: each is told at its place, with the rule set named.
sed -i 's|schema: {file: schemas/paid.proto, compatibility: BACKWARD}|schema: {file: schemas/paid.proto, compatibility: BACKWARD, protobufRules: apicurio}|' "$repo/topics/paid.yaml"
expect_exit 1 "Apicurio's rules refuse them" pvalidate
diff <(cat "$tmp/out") - <<'OUT' && ok || bad "Apicurio's breaks are told at their lines"
topics/schemas/paid.proto:7:1: error: 'orders.paid' is not BACKWARD compatible with main by Apicurio's Protobuf rules: FIELD_REMOVED_WITHOUT_RESERVE at OrderPaid.event_version = 2: the new schema cannot read what the earlier one wrote; to keep it compatible, reserve the removed field's number and name (reserved N; reserved "name";) so no one reuses them [contract/compatibility]
topics/schemas/paid.proto:7:1: error: 'orders.paid' is not BACKWARD compatible with main by Apicurio's Protobuf rules: FIELD_REMOVED_WITHOUT_RESERVE at OrderPaid.paid_at = 5: the new schema cannot read what the earlier one wrote; to keep it compatible, reserve the removed field's number and name (reserved N; reserved "name";) so no one reuses them [contract/compatibility]
topics/schemas/paid.proto:9:3: error: 'orders.paid' is not BACKWARD compatible with main by Apicurio's Protobuf rules: FIELD_NAME_CHANGED at OrderPaid.version = 2 (event_version -> version): the new schema cannot read what the earlier one wrote; to keep it compatible, keep the name; a field under a new name is a new field [contract/compatibility]
failed in 2 files, 2 topics for environment 'local': 3 errors, 0 warnings
OUT
git -C "$repo" checkout -q .

# The settings choose the rule set for every topic whose card does not.
sed -i 's|^  schemas:|  schemas:\n    protobufRules: apicurio|' "$repo/topics/topicform.yaml"
grep -q "protobufRules: apicurio" "$repo/topics/topicform.yaml" || sed -i 's|^spec:|spec:\n  schemas: {protobufRules: apicurio}|' "$repo/topics/topicform.yaml"
sed -i '/paid_at = 5/d' "$proto"
expect_exit 1 "the settings' protobufRules applies" pvalidate
expect_out "by Apicurio's Protobuf rules: FIELD_REMOVED_WITHOUT_RESERVE at OrderPaid.paid_at = 5" "the settings' rule set is named"
sed -i 's|^message OrderPaid {|message OrderPaid {\n  reserved 5;\n  reserved "paid_at";|' "$proto"
expect_exit 0 "a removed field reserved passes Apicurio's rules" pvalidate
git -C "$repo" checkout -q .

# Breaks under Confluent's rules: another wire group, another message type, a message removed.
sed -i 's|int64 amount_cents = 3;|string amount_cents = 3;|; s|shop.common.Money total = 4;|google.protobuf.Timestamp total = 4;|' "$proto"
expect_exit 1 "another wire group and another message type break" pvalidate
diff <(cat "$tmp/out") - <<'OUT' && ok || bad "Confluent's breaks are told at their lines"
topics/schemas/paid.proto:11:3: error: 'orders.paid' is not BACKWARD compatible with main by Confluent's Protobuf rules: FIELD_SCALAR_KIND_CHANGED at OrderPaid.amount_cents = 3 (int64 -> string): the new schema cannot read what the earlier one wrote; to keep it compatible, keep the type, or one of its wire group (int32, int64, uint32, uint64, bool, enum | sint32, sint64 | string, bytes | fixed32, sfixed32 | fixed64, sfixed64); another type is a new field with a new number [contract/compatibility]
topics/schemas/paid.proto:12:3: error: 'orders.paid' is not BACKWARD compatible with main by Confluent's Protobuf rules: FIELD_NAMED_TYPE_CHANGED at OrderPaid.total = 4 (shop.common.Money -> google.protobuf.Timestamp): the new schema cannot read what the earlier one wrote; to keep it compatible, keep the message type; another type is a new field with a new number [contract/compatibility]
failed in 2 files, 2 topics for environment 'local': 2 errors, 0 warnings
OUT
grep -qxF "$(sed -n 1p "$tmp/out")" README.md && ok || bad "the README's Protobuf break is what validate prints"
git -C "$repo" checkout -q .

# A break inside an imported file's message, kept by name: Confluent's rules follow the type and
# tell the break in the file that defines it; Apicurio's read the schema's own file alone.
sed -i 's|int64 minor = 1;|string minor = 1;|' "$repo/topics/schemas/common/money.proto"
expect_exit 1 "a break inside an imported message" pvalidate
expect_out "^topics/schemas/common/money.proto:3:17: error: 'orders.paid' is not BACKWARD compatible with main by Confluent's Protobuf rules: FIELD_SCALAR_KIND_CHANGED at Money.minor = 1 \(int64 -> string\)" "the break is told in the imported file"
sed -i 's|compatibility: BACKWARD}|compatibility: BACKWARD, protobufRules: apicurio}|' "$repo/topics/paid.yaml"
expect_exit 0 "Apicurio's rules read one file" pvalidate
git -C "$repo" checkout -q .

# A changed comment on a kept field: the meaning may have changed (a warning, not a break).
sed -i 's|// In cents.|// In euros.|' "$proto"
expect_exit 0 "a changed comment is a warning" pvalidate
expect_out "^topics/schemas/paid.proto:11:3: warning: 'amount_cents' of 'orders.paid' keeps its number, name and type but its comment changed since main, from \"In cents.\" to \"In euros.\"" "the changed comment is told at the field"
git -C "$repo" checkout -q .

# Transitive: v2 removes a message-typed field's import use; the working tree brings back a field
# number with another kind. The earlier version's import is read at its own commit: money.proto
# is gone from the tree in v2, and v1 still builds.
sed -i '/common\/money.proto/d; /shop.common.Money total = 4;/d' "$proto"
git -C "$repo" rm -q "$repo/topics/schemas/common/money.proto"
git -C "$repo" commit -qam v2
sed -i 's|^}|  int64 total = 4;\n}|' "$proto"
expect_exit 0 "BACKWARD against v2 alone takes number 4 again" pvalidate
sed -i 's|compatibility: BACKWARD}|compatibility: BACKWARD_TRANSITIVE}|' "$repo/topics/paid.yaml"
expect_exit 1 "BACKWARD_TRANSITIVE sees v1's message-typed field 4" pvalidate
expect_out "^topics/schemas/paid.proto:12:3: error: 'orders.paid' is not BACKWARD_TRANSITIVE compatible with main by Confluent's Protobuf rules: FIELD_KIND_CHANGED at OrderPaid.total = 4 \(shop.common.Money -> int64\)" "v1 is judged with its own import"
git -C "$repo" checkout -q .

# FORWARD: a required field is a break both ways (proto2).
cat >"$proto" <<'PROTO'
syntax = "proto2";
package shop.orders;
message OrderPaid {
  required string event_id = 1;
  optional int32 event_version = 2;
  repeated int64 amount_cents = 3;
}
PROTO
git -C "$repo" commit -qam v3
sed -i 's|repeated int64 amount_cents = 3;|optional int64 amount_cents = 3;\n  required string region = 6;|' "$proto"
sed -i 's|compatibility: BACKWARD}|compatibility: FORWARD}|' "$repo/topics/paid.yaml"
expect_exit 1 "FORWARD: a label change and a required field" pvalidate
expect_out "^topics/schemas/paid.proto:6:3: error: 'orders.paid' is not FORWARD compatible with main by Confluent's Protobuf rules: FIELD_NUMERIC_LABEL_CHANGED at OrderPaid.amount_cents = 3 \(optional int64 -> repeated int64\): readers of the earlier schema cannot read what the new one writes" "the label change, FORWARD"
expect_out "^topics/schemas/paid.proto:7:3: error: 'orders.paid' is not FORWARD compatible with main by Confluent's Protobuf rules: REQUIRED_FIELD_REMOVED at OrderPaid.region = 6: readers of the earlier schema" "the required field, FORWARD"
git -C "$repo" checkout -q .

# Services: Apicurio's rules keep each RPC with its request, response and streaming; Confluent's
# registry does not look at them.
cat >"$proto" <<'PROTO'
syntax = "proto3";
package shop.orders;
message OrderPaid {
  string event_id = 1;
  int32 event_version = 2;
}
service Payments {
  rpc Pay(OrderPaid) returns (OrderPaid);
  rpc Follow(OrderPaid) returns (stream OrderPaid);
}
PROTO
git -C "$repo" commit -qam v4
sed -i '/rpc Pay(/d; s|returns (stream OrderPaid)|returns (OrderPaid)|' "$proto"
sed -i 's|compatibility: BACKWARD}|compatibility: BACKWARD, protobufRules: apicurio}|' "$repo/topics/paid.yaml"
expect_exit 1 "an RPC removed and another's streaming changed break Apicurio's rules" pvalidate
diff <(cat "$tmp/out") - <<'OUT' && ok || bad "Apicurio's RPC breaks are told at their lines"
topics/schemas/paid.proto:7:1: error: 'orders.paid' is not BACKWARD compatible with main by Apicurio's Protobuf rules: RPC_REMOVED at Payments.Pay: callers of the earlier schema find that RPC gone or changed in the new one; to keep it compatible, keep the RPC (a comment can mark it deprecated); a new one sits beside it [contract/compatibility]
topics/schemas/paid.proto:8:3: error: 'orders.paid' is not BACKWARD compatible with main by Apicurio's Protobuf rules: RPC_SIGNATURE_CHANGED at Payments.Follow ((shop.orders.OrderPaid) returns (stream shop.orders.OrderPaid) -> (shop.orders.OrderPaid) returns (shop.orders.OrderPaid)): callers of the earlier schema find that RPC gone or changed in the new one; to keep it compatible, keep the RPC's request, response and streaming; another signature is a new RPC [contract/compatibility]
failed in 2 files, 2 topics for environment 'local': 2 errors, 0 warnings
OUT
git -C "$repo" checkout -q topics/paid.yaml
expect_exit 0 "Confluent's rules take the same change" pvalidate
git -C "$repo" checkout -q .

# An earlier version that does not build is said, and the schema is not judged against it.
printf 'syntax = "proto3";\nmessage Broken { string a = 1 }\n' >"$proto"
git -C "$repo" commit -qam broken
git -C "$repo" checkout -q HEAD~1 -- "$proto"
expect_exit 1 "a broken earlier version is an error" pvalidate
expect_out "schema 'schemas/paid.proto' at main cannot be read \(Protobuf: Expected \";\".\): 'orders.paid' is not checked against it" "the broken version is named"
finish
