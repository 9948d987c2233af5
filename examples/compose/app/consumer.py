"""billing-service: the runbook's consumer of orders.created (auto-commit off, earliest)."""
import logging
import os

from confluent_kafka import Consumer

TOPIC = "orders.created"
GROUP = "billing-service"  # the same for every replica of the service

consumer = Consumer({
    "bootstrap.servers": os.environ["KAFKA_BOOTSTRAP_SERVERS"],
    "group.id": GROUP,
    "enable.auto.commit": False,  # the offset moves after processing, not before
    "auto.offset.reset": "earliest",
    "allow.auto.create.topics": False,
})
consumer.subscribe([TOPIC])
logging.basicConfig(level=logging.INFO)
while True:
    msg = consumer.poll(1.0)
    if msg is None:
        continue
    if msg.error():
        logging.error("read error: %s", msg.error())
        continue
    logging.info("order %s: %s", msg.key(), msg.value())
    consumer.commit(message=msg, asynchronous=False)
