"""The runbook's service for the dead-letter operations test (step 4, its own code): consumes a
topic as a group, and a message it cannot process goes to TOPIC.dead with the seven dead-*
headers, flushed before the offset is committed. Also reads a topic whole for the test's checks.

  dead_service.py serve TOPIC GROUP      process until 5 s pass without a message
  dead_service.py read TOPIC ISOLATION   print each message as a JSON line (read_committed or
                                         read_uncommitted), reading as no group
  dead_service.py orders TOPIC N         N orders keyed A-0.., every third without its total,
                                         A-7's value not even UTF-8; each with a trace header
  dead_service.py big TOPIC BYTES         one message of BYTES bytes (not JSON), keyed big-1
  dead_service.py odd TOPIC              messages no runbook service writes: no headers, a key
                                         that is not UTF-8, dead-error twice, a dead-at that is
                                         no time, a 100 KB dead-error and a 64 KB header
The cluster is KAFKA_BOOTSTRAP_SERVERS, as the runbook's services read it.
"""
import json
import os
import sys
from datetime import datetime, timezone

from confluent_kafka import Consumer, Producer, TopicPartition

BOOTSTRAP = os.environ["KAFKA_BOOTSTRAP_SERVERS"]
MAX_ATTEMPTS = 3


def process(msg):
    """A handler with the runbook's failure: an order without its total."""
    order = json.loads(msg.value())
    return order["total"] * 100


def to_dead_letter(producer, msg, group, exc):
    """The runbook's to_dead_letter: the body unchanged, the cause in the headers."""
    headers = list(msg.headers() or [])
    headers += [
        ("dead-origin-topic", msg.topic().encode()),
        ("dead-origin-partition", str(msg.partition()).encode()),
        ("dead-origin-offset", str(msg.offset()).encode()),
        ("dead-consumer-group", group.encode()),
        ("dead-attempts", str(MAX_ATTEMPTS).encode()),
        ("dead-error", f"{type(exc).__name__}: {exc}"[:500].encode()),
        ("dead-at", datetime.now(timezone.utc).isoformat(timespec="seconds").encode()),
    ]
    producer.produce(f"{msg.topic()}.dead", key=msg.key(), value=msg.value(), headers=headers)
    producer.flush(10)


def serve(topic, group):
    consumer = Consumer({"bootstrap.servers": BOOTSTRAP, "group.id": group,
                         "enable.auto.commit": False, "auto.offset.reset": "earliest"})
    # A service whose topic takes large messages raises its producer's limit to park them too.
    producer = Producer({"bootstrap.servers": BOOTSTRAP, "enable.idempotence": True, "acks": "all",
                         "message.max.bytes": 10000000})
    consumer.subscribe([topic])
    processed = parked = 0
    while True:
        msg = consumer.poll(5.0)
        if msg is None:
            break
        if msg.error():
            continue
        try:
            process(msg)
            processed += 1
        except Exception as exc:  # the runbook parks whatever the handler cannot process
            to_dead_letter(producer, msg, group, exc)
            parked += 1
        consumer.commit(message=msg, asynchronous=False)
    consumer.close()
    print(f"processed {processed}, parked {parked}")


def read(topic, isolation):
    consumer = Consumer({"bootstrap.servers": BOOTSTRAP, "group.id": "unused-never-committed",
                         "enable.auto.commit": False, "isolation.level": isolation,
                         "enable.partition.eof": True})
    partitions = consumer.list_topics(topic, timeout=10).topics[topic].partitions
    consumer.assign([TopicPartition(topic, p, -2) for p in partitions])
    open_partitions = set(partitions)
    while open_partitions:
        msg = consumer.poll(10.0)
        if msg is None:
            sys.exit("read: nothing arrived in 10 s")
        if msg.error():
            open_partitions.discard(msg.partition())
            continue
        headers = [[k, v.decode("utf-8", "backslashreplace")] for k, v in (msg.headers() or [])]
        value = msg.value()
        if len(value) > 4096:  # a large message is shown by its size
            value = f"<{len(value)} bytes>".encode()
        print(json.dumps({"partition": msg.partition(), "key": msg.key().decode("utf-8", "backslashreplace"),
                          "value": value.decode("utf-8", "backslashreplace"), "headers": headers}, sort_keys=True))
    consumer.close()


def orders(topic, count):
    producer = Producer({"bootstrap.servers": BOOTSTRAP, "enable.idempotence": True})
    for i in range(count):
        value = json.dumps({"id": i, "total": 5} if i % 3 else {"id": i}).encode()
        if i == 7:
            value = b"\xff not json"
        producer.produce(topic, key=f"A-{i}", value=value, headers=[("trace", f"t{i}".encode())])
    producer.flush(30)


def big(topic, size):
    producer = Producer({"bootstrap.servers": BOOTSTRAP, "message.max.bytes": 10000000})
    producer.produce(topic, key=b"big-1", value=b"x" * size, headers=[("trace", b"t-big")])
    if producer.flush(30) != 0:
        sys.exit("big: not delivered")


def odd(topic):
    producer = Producer({"bootstrap.servers": BOOTSTRAP, "message.max.bytes": 2000000})
    producer.produce(topic, key=b"bare", value=b"{}")
    producer.produce(topic, key=b"\xff\xfe", value=b"\x00\x01",
                     headers=[("dead-error", b"first"), ("dead-error", b"second\x1b[31m")])
    producer.produce(topic, key=b"late", value=b"{}",
                     headers=[("dead-error", b"second\x1b[31m"), ("dead-at", b"yesterday")])
    producer.produce(topic, key=b"big", value=b"{}",
                     headers=[("dead-error", b"E" * 100000), ("x-blob", b"b" * 65536)])
    producer.flush(30)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "serve":
        serve(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "read":
        read(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "orders":
        orders(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) == 4 and sys.argv[1] == "big":
        big(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) == 3 and sys.argv[1] == "odd":
        odd(sys.argv[2])
    else:
        sys.exit(__doc__)
