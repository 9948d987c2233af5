"""Reads TOPIC from its start to its end as a read_committed consumer (no group, no commit) and
prints how many messages it holds and how many distinct keys: equal when each was written once.
Usage: count_once.py TOPIC   (KAFKA_BOOTSTRAP_SERVERS names the cluster)
"""
import os
import sys

from confluent_kafka import Consumer, TopicPartition

topic = sys.argv[1]
consumer = Consumer({"bootstrap.servers": os.environ["KAFKA_BOOTSTRAP_SERVERS"],
                     "group.id": "bench-count-once", "enable.auto.commit": False,
                     "isolation.level": "read_committed", "enable.partition.eof": True})
partitions = consumer.list_topics(topic, timeout=30).topics[topic].partitions
consumer.assign([TopicPartition(topic, p, 0) for p in partitions])
open_partitions, keys, total = set(partitions), set(), 0
while open_partitions:
    msg = consumer.poll(30.0)
    if msg is None:
        sys.exit(f"count_once: nothing arrived for 30 s with {len(open_partitions)} partitions open")
    if msg.error():
        if msg.error().code() == -191:  # _PARTITION_EOF
            open_partitions.discard(msg.partition())
            continue
        sys.exit(f"count_once: {msg.error()}")
    total += 1
    keys.add(msg.key())
consumer.close()
print(f"{total} messages, {len(keys)} distinct keys")
