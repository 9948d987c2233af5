#!/usr/bin/env python3
"""Writes N topic manifests in the shape of topics/ (100 per domain, 50 teams) for benchmarks.

Usage: generate_manifests.py DIR N [--schema-per-topic] [--avro | --proto]
With --schema-per-topic each topic names a schema file of its own (schemas/tI.json); with --avro
the schemas are Avro records of the same fields (.avsc), with --proto Protobuf messages (.proto)
that import a shared schemas/common.proto.
"""
import os
import sys

root, n = sys.argv[1], int(sys.argv[2])
own_schemas = "--schema-per-topic" in sys.argv[3:]
avro = "--avro" in sys.argv[3:]
proto = "--proto" in sys.argv[3:]
SCHEMA = ('{"type": "object", "required": ["eventId", "entity_id"], "properties": '
          '{"eventId": {"type": "string"}, "eventVersion": {"type": "integer"}, '
          '"entity_id": {"type": "string"}, "amountMinor": {"type": "integer"}}}\n')
AVRO = ('{"type": "record", "name": "EntityEvent", "namespace": "com.example", "fields": [\n'
        ' {"name": "eventId", "type": "string"}, {"name": "eventVersion", "type": "int"},\n'
        ' {"name": "entity_id", "type": "string"}, {"name": "amountMinor", "type": "long"}]}\n')
PROTO = ('syntax = "proto3";\npackage com.example;\nimport "common.proto";\n\n'
         'message EntityEvent {\n  string event_id = 1;\n  int32 event_version = 2;\n'
         '  string entity_id = 3;\n  int64 amount_minor = 4;\n  common.Source source = 5;\n}\n')
ending, text = (".avsc", AVRO) if avro else (".proto", PROTO) if proto else (".json", SCHEMA)
# One schema file all topics name, as validate reads it (owner/no-secrets) and docs copies it.
os.makedirs(f"{root}/schemas", exist_ok=True)
with open(f"{root}/schemas/entity{ending}", "w") as f:
    f.write(text)
if proto:
    with open(f"{root}/schemas/common.proto", "w") as f:
        f.write('syntax = "proto3";\npackage common;\nmessage Source { string system = 1; }\n')
for i in range(n):
    domain = f"domain{i // 100}"
    schema = f"t{i}{ending}" if own_schemas else f"entity{ending}"
    if own_schemas:
        with open(f"{root}/schemas/{schema}", "w") as f:
            f.write(text)
    os.makedirs(f"{root}/{domain}", exist_ok=True)
    with open(f"{root}/{domain}/t{i}.yaml", "w") as f:
        f.write(f"""apiVersion: topicform/v1
kind: Topic
metadata:
  name: {domain}.entity{i}.events
  labels: {{domain: {domain}}}
spec:
  description: Generated topic number {i}.
  kind: event
  partitions: 3
  retention: 7d
  cleanupPolicy: delete
  replayable: outbox
  config: {{segment.bytes: 1073741824}}
  owner:
    team: team{i % 50}
    producer: producer{i}-service
    consumers: [consumer{i}-service, {{group: audit{i}-service, replicas: 2}}]
    key: entity_id
    ordering: per-key
    schema: ../schemas/{schema}
    maxConsumerDowntime: 2d
""")
