#!/usr/bin/env python3
"""The structure `promtool check rules` checks, for machines without promtool: the rule file
shape, names, durations, label names, and that each expression's selectors name the metric
vocabulary chosen and the same topic and group as the rule's labels.
Usage: check_rules.py topicform|kafka-exporter FILE"""
import re
import sys

import yaml

METRICS = {
    "topicform": {"topicform_dead_letter_messages", "topicform_consumer_group_lag",
                  "topicform_check_healthy"},
    "kafka-exporter": {"kafka_topic_partition_current_offset",
                       "kafka_topic_partition_oldest_offset", "kafka_consumergroup_lag_sum"},
}
DURATION = re.compile(r"^([0-9]+(ms|s|m|h|d|w|y))+$")
LABEL = re.compile(r"^[a-zA-Z_][a-zA-Z0-9_]*$")
SELECTOR = re.compile(r'([a-zA-Z_:][a-zA-Z0-9_:]*)\{((?:[a-zA-Z_]+="(?:[^"\\]|\\.)*",?)*)\}')
MATCHER = re.compile(r'([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"')


def unescape(text):
    return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), text)


def check_expr(rule, vocabulary, problems):
    expr = rule["expr"]
    selectors = SELECTOR.findall(expr)
    if not selectors:
        problems.append(f"{rule['alert']}: no selector in {expr!r}")
    for metric, matchers in selectors:
        if metric not in METRICS[vocabulary]:
            problems.append(f"{rule['alert']}: metric {metric} is not one of {vocabulary}'s")
        for name, value in MATCHER.findall(matchers):
            wanted = rule["labels"].get({"consumergroup": "group"}.get(name, name))
            if wanted is not None and unescape(value) != wanted:
                problems.append(f"{rule['alert']}: {name}={value!r} but the label says {wanted!r}")
    if expr.count("(") != expr.count(")"):
        problems.append(f"{rule['alert']}: unbalanced parentheses in {expr!r}")


def check_rule(rule, vocabulary, problems):
    unknown = set(rule) - {"alert", "expr", "for", "labels", "annotations"}
    if unknown or not isinstance(rule.get("alert"), str) or not isinstance(rule.get("expr"), str):
        problems.append(f"bad rule {rule!r}")
        return
    if not LABEL.match(rule["alert"]):
        problems.append(f"bad alert name {rule['alert']!r}")
    if "for" in rule and not DURATION.match(str(rule["for"])):
        problems.append(f"{rule['alert']}: bad duration {rule['for']!r}")
    for key in list(rule.get("labels", {})) + list(rule.get("annotations", {})):
        if not LABEL.match(key):
            problems.append(f"{rule['alert']}: bad label name {key!r}")
    if set(rule.get("annotations", {})) != {"summary", "description"}:
        problems.append(f"{rule['alert']}: annotations are not summary and description")
    check_expr(rule, vocabulary, problems)


def main():
    vocabulary, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        document = yaml.safe_load(f)
    problems = []
    names = [g["name"] for g in document["groups"]]
    if len(names) != len(set(names)):
        problems.append(f"group names repeat: {names}")
    rules = 0
    for group in document["groups"]:
        if set(group) != {"name", "rules"} or not group["rules"]:
            problems.append(f"bad group {group.get('name')!r}")
        for rule in group["rules"]:
            rules += 1
            check_rule(rule, vocabulary, problems)
    for problem in problems:
        print(f"check_rules: {path}: {problem}", file=sys.stderr)
    print(f"check_rules: {path}: {rules} rules, {len(problems)} problems")
    sys.exit(1 if problems else 0)


main()
