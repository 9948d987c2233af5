#!/usr/bin/env python3
"""The same schema pairs through a real registry and through topicform's own check.

For each pair of PAIRS.json (JSON Schema, Avro with "format": "avro", Protobuf with "format":
"protobuf", judged by Apicurio's rules as this registry is): a fresh subject at the pair's mode holds `old`, and the registry's
compatibility endpoint is asked about `new`; contract_verdicts gives topicform's verdict. They must
agree, except where the pair records `"registry": VERDICT` with `"why"` (a known way this
registry's rules differ from Confluent's). A recorded difference that no longer shows fails too,
so the record stays true. Prints one line per pair.
Usage: differential.py REGISTRY_URL CONTRACT_VERDICTS PAIRS.json
"""
import json
import subprocess
import sys
import urllib.request

url, verdicts_bin, pairs_file = sys.argv[1:4]
HEADERS = {"Content-Type": "application/vnd.schemaregistry.v1+json"}


def call(method, path, body):
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(), method=method,
                                     headers=HEADERS)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def registry_verdict(pair):
    subject = f"differential.{pair['name']}-value"
    kind = {"avro": "AVRO", "protobuf": "PROTOBUF"}.get(pair.get("format"), "JSON")
    # A .proto is text; the others are JSON documents.
    text = (lambda s: s) if kind == "PROTOBUF" else json.dumps
    call("PUT", f"/config/{subject}", {"compatibility": pair["mode"]})
    call("POST", f"/subjects/{subject}/versions", {"schemaType": kind, "schema": text(pair["old"])})
    answer = call("POST", f"/compatibility/subjects/{subject}/versions/latest",
                  {"schemaType": kind, "schema": text(pair["new"])})
    return "compatible" if answer["is_compatible"] else "incompatible"


pairs = json.load(open(pairs_file))
ours = dict(line.split()[:2] for line in
            subprocess.run([verdicts_bin, pairs_file], check=True, capture_output=True,
                           text=True).stdout.splitlines())
failed = 0
for pair in pairs:
    name, theirs = pair["name"], registry_verdict(pair)
    expected = pair.get("registry", ours[name])
    if theirs != expected:
        failed += 1
        print(f"differential: FAILED {name} ({pair['mode']}): topicform {ours[name]}, "
              f"registry {theirs}" + (f", recorded as {expected}" if "registry" in pair else ""))
    else:
        note = f" (known: {pair['why']})" if "registry" in pair else ""
        print(f"differential: ok {name} ({pair['mode']}): topicform {ours[name]}, registry {theirs}{note}")
agreed = sum(1 for p in pairs if "registry" not in p)
print(f"differential: {len(pairs) - failed} of {len(pairs)} pairs as expected; "
      f"{agreed} must agree, {len(pairs) - agreed} recorded differences")
sys.exit(1 if failed else 0)
