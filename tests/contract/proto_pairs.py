#!/usr/bin/env python3
"""Writes tests/contract/proto_pairs.json: .proto pairs for the differential test (differential.py).

Each change to one base message is judged BACKWARD and FORWARD by Apicurio's rules (the registry
here must agree), and again by Confluent's rules where they differ from Apicurio's: those pairs
record the registry's (Apicurio's) verdict and why, so each difference between the two rule sets
is listed case by case. The Confluent verdicts come from contract_verdicts itself.
Usage: tests/contract/proto_pairs.py CONTRACT_VERDICTS   (from the repository root)
"""
import json
import subprocess
import sys
import tempfile
H = 'syntax = "proto3";\npackage shop.orders;\n\n'
base_fields = ['string id = 1;', 'int32 count = 2;', 'Line line = 3;', 'repeated string tags = 4;',
               'map<string, int64> sizes = 5;', 'oneof payer { string customer = 6; string company = 7; }',
               'Status status = 8;']
def msg(fields, extra=''):
    body = '\n'.join('  ' + f for f in fields)
    return (H + 'message Order {\n' + body + '\n' + extra +
            '  message Line { string sku = 1; }\n  enum Status { UNKNOWN = 0; NEW = 1; }\n}\n')
base = msg(base_fields)
def repl(i, new):
    f = list(base_fields); f[i] = new; return msg(f)
def drop(i):
    f = list(base_fields); del f[i]; return msg(f)
pairs = [
 ('unchanged', base),
 ('field-added', msg(base_fields + ['string note = 9;'])),
 ('field-removed', drop(1)),
 ('field-removed-reserved', msg([f for j, f in enumerate(base_fields) if j != 1], '  reserved 2;\n  reserved "count";\n')),
 ('field-renamed', repl(1, 'int32 quantity = 2;')),
 ('int32-to-int64', repl(1, 'int64 count = 2;')),
 ('int32-to-uint32', repl(1, 'uint32 count = 2;')),
 ('int32-to-string', repl(1, 'string count = 2;')),
 ('int32-to-sint32', repl(1, 'sint32 count = 2;')),
 ('string-to-bytes', repl(0, 'bytes id = 1;')),
 ('scalar-to-message', repl(1, 'Line count = 2;')),
 ('enum-to-int32', repl(6, 'int32 status = 8;')),
 ('field-renumbered', repl(1, 'int32 count = 12;')),
 ('message-removed', base.replace('  message Line { string sku = 1; }\n', '').replace('Line line = 3;', 'string line = 3;')),
 ('message-added', base + 'message Other { string a = 1; }\n'),
 ('package-changed', base.replace('package shop.orders;', 'package shop.sales;')),
 ('oneof-field-removed', repl(5, 'oneof payer { string customer = 6; }')),
 ('oneof-field-added', repl(5, 'oneof payer { string customer = 6; string company = 7; string person = 10; }')),
 ('map-value-changed', repl(4, 'map<string, string> sizes = 5;')),
 ('repeated-to-singular-string', repl(3, 'string tags = 4;')),
 ('enum-value-added', base.replace('NEW = 1;', 'NEW = 1; PAID = 2;')),
 ('two-fields-into-oneof', msg(['oneof key { string id = 1; int32 count = 2; }'] + base_fields[2:])),
 ('enum-value-renamed', base.replace('NEW = 1;', 'FRESH = 1;')),
 ('reserved-number-reused', msg([f for j, f in enumerate(base_fields) if j != 1], '  reserved 2;\n')),
 ('message-emptied', base.replace('message Line { string sku = 1; }', 'message Line { reserved 1; reserved "sku"; }')),
 ('package-changed-scalars', (H + 'message A { string a = 1; }\n').replace('shop.orders', 'shop.sales')),
 ('optional-to-repeated-int', repl(1, 'repeated int32 count = 2;')),
]
PROTO2 = 'syntax = "proto2";\npackage p;\nmessage A {\n  required string id = 1;\n  optional int32 n = 2;\n}\n'
proto2_pairs = [
 ('proto2-required-added', PROTO2.replace('optional int32 n = 2;', 'optional int32 n = 2;\n  required string region = 3;')),
 ('proto2-required-removed', PROTO2.replace('  required string id = 1;\n', '  reserved 1;\n  reserved "id";\n')),
 ('proto2-optional-to-required', PROTO2.replace('optional int32 n', 'required int32 n')),
]
SERVICE = base + 'service Orders {\n  rpc Place(Order) returns (Order);\n  rpc Watch(Order) returns (stream Order);\n}\n'
service_pairs = [
 ('rpc-added', SERVICE.replace('returns (Order);\n', 'returns (Order);\n  rpc Cancel(Order) returns (Order);\n')),
 ('rpc-removed', SERVICE.replace('  rpc Place(Order) returns (Order);\n', '')),
 ('service-removed', base),
 ('service-renamed', SERVICE.replace('service Orders', 'service Sales')),
 ('rpc-request-changed', SERVICE.replace('rpc Place(Order)', 'rpc Place(Order.Line)')),
 ('rpc-streaming-changed', SERVICE.replace('returns (stream Order)', 'returns (Order)')),
 ('rpc-client-streaming', SERVICE.replace('rpc Place(Order)', 'rpc Place(stream Order)')),
]
out = []
for old, changes in ((base, pairs), (PROTO2, proto2_pairs), (SERVICE, service_pairs)):
    if old != base:  # package-changed-scalars has its own base
        pass
    for name, new in changes:
        first = (H + 'message A { string a = 1; }\n') if name == 'package-changed-scalars' else old
        for mode in ('BACKWARD', 'FORWARD'):
            out.append({'name': f'proto-{name}-{mode.lower()}', 'format': 'protobuf',
                        'mode': mode, 'old': first, 'new': new})


def verdicts(pairs):
    with tempfile.NamedTemporaryFile('w', suffix='.json') as f:
        json.dump(pairs, f)
        f.flush()
        lines = subprocess.run([sys.argv[1], f.name], check=True, capture_output=True,
                               text=True).stdout.splitlines()
    return {line.split(' ', 1)[0]: line.split(' ', 1)[1] for line in lines}


apicurio = verdicts(out)
confluent_pairs = [dict(p, name=p['name'] + '-confluent', rules='confluent') for p in out]
confluent = verdicts(confluent_pairs)
for pair in confluent_pairs:
    ours, theirs = confluent[pair['name']], apicurio[pair['name'][:-len('-confluent')]]
    if ours.split()[0] != theirs.split()[0]:
        pair['registry'] = theirs.split()[0]
        pair['why'] = f"Confluent's rules: {ours}; Apicurio's: {theirs}"
        out.append(pair)
json.dump(out, open('tests/contract/proto_pairs.json', 'w'), indent=1)
print(f"{len(out)} pairs, {len(out) - len(apicurio)} where Confluent's rules differ from Apicurio's")
