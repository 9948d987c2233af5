"""The runbook's replay.py (step 4, "Как оттуда разбирают"), as it is there, with SOURCE taken
from the command line so the benchmark can run it beside topicform: consumes SOURCE.dead as the
group `replay-tool`, writes each message back without the seven service headers, flushes, then
commits (at least once). It stops when a poll waits 5 s for nothing, as written.
Usage: replay.py SOURCE [GROUP]   (KAFKA_BOOTSTRAP_SERVERS names the cluster; GROUP, default
replay-tool, lets a benchmark run it twice: it never closes its consumer, so a second run in the
same group waits for the first member's session to expire and replays nothing)
"""
import os
import sys

from confluent_kafka import Consumer, Producer

SOURCE = sys.argv[1]
GROUP = sys.argv[2] if len(sys.argv) > 2 else "replay-tool"
DEAD = f"{SOURCE}.dead"
SERVICE_HEADERS = {b"dead-origin-topic", b"dead-origin-partition", b"dead-origin-offset",
                   b"dead-consumer-group", b"dead-attempts", b"dead-error", b"dead-at"}

bootstrap = os.environ["KAFKA_BOOTSTRAP_SERVERS"]
consumer = Consumer({
    "bootstrap.servers": bootstrap,
    "group.id": GROUP,
    "enable.auto.commit": False,
    "auto.offset.reset": "earliest",
})
producer = Producer({"bootstrap.servers": bootstrap, "enable.idempotence": True, "acks": "all"})
consumer.subscribe([DEAD])

moved = 0
while True:
    msg = consumer.poll(5.0)
    if msg is None:
        break
    if msg.error():
        continue
    headers = [(k, v) for k, v in (msg.headers() or []) if k.encode() not in SERVICE_HEADERS]
    while True:
        try:
            producer.produce(SOURCE, key=msg.key(), value=msg.value(), headers=headers)
            break
        except BufferError:  # the local queue is full at this size: let it drain
            producer.poll(0.1)
    moved += 1

producer.flush(30)
consumer.commit()
print(f"replayed: {moved}")
