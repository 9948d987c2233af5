"""Fills TOPIC with N dead letters as the runbook's service writes them (seven dead-* headers,
a trace header of the message's own, a 200-byte JSON value), over 20 causes.
Usage: fill_dead.py TOPIC SOURCE N   (KAFKA_BOOTSTRAP_SERVERS names the cluster)
"""
import os
import sys

from confluent_kafka import Producer

topic, source, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
producer = Producer({"bootstrap.servers": os.environ["KAFKA_BOOTSTRAP_SERVERS"],
                     "linger.ms": 50, "queue.buffering.max.messages": 500000})
value = b'{"payload":"' + b"x" * 186 + b'"}'
for i in range(count):
    headers = [("trace", b"t"), ("dead-origin-topic", source.encode()),
               ("dead-origin-partition", str(i % 3).encode()),
               ("dead-origin-offset", str(i).encode()),
               ("dead-consumer-group", b"billing-service"), ("dead-attempts", b"3"),
               ("dead-error", f"KeyError: 'field{i % 20}'".encode()),
               ("dead-at", b"2026-01-15T12:40:11+00:00")]
    while True:
        try:
            producer.produce(topic, key=f"A-{i}".encode(), value=value, headers=headers)
            break
        except BufferError:
            producer.poll(0.1)
producer.flush(60)
