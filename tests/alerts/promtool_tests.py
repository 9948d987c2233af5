#!/usr/bin/env python3
"""Writes a `promtool test rules` file for a rule file topicform wrote: for each rule, series
that stay at the threshold (no alert) and then pass it (the alert, with the rule's own labels
and annotations), held longer than the rule's `for`. So the rules are evaluated, not only parsed.
Usage: promtool_tests.py RULE_FILE > tests.yml"""
import json
import re
import sys

import yaml

SELECTOR = re.compile(r'([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[^}"]|"(?:[^"\\]|\\.)*")*\})')
MATCHER = re.compile(r'([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"')
UNITS = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800, "y": 31536000}


def seconds(duration):
    return sum(int(n) * UNITS[u] for n, u in re.findall(r"([0-9]+)(ms|s|m|h|d|w|y)", duration))


def series_for(rule):
    """Input series: (name+labels, values before, values after) for the rule's expression."""
    expr = rule["expr"]
    threshold = re.search(r"(>|==) ([0-9]+)$", expr)
    op, limit = threshold.group(1), int(threshold.group(2))
    selectors = SELECTOR.findall(expr)
    if op == "==":  # the check: healthy 1, then 0
        return [(selectors[0], 1, 0)]
    if "oldest_offset" in expr:  # current - oldest: equal, then one more message
        current = [s for s in selectors if "current_offset" in s[0]][0]
        oldest = [s for s in selectors if "oldest_offset" in s[0]][0]
        partition = '{partition="0",' + current[1][1:]
        return [((current[0], partition), 7, 8), ((oldest[0], '{partition="0",' + oldest[1][1:]), 7, 7)]
    return [(selectors[0], limit, limit + 1)]



def expanded(text):
    """A label value or annotation as Prometheus prints it: {{"{{"}} is '{{', {{"}}"}} '}}'."""
    return text.replace('{{"{{"}}', "{{").replace('{{"}}"}}', "}}")

def test_for(rule):
    # One sample a minute, as rules are evaluated: a sparser series goes stale between samples
    # (5 minutes' lookback) and would reset a `for`.
    hold = max(seconds(str(rule.get("for", "0s"))), 60)
    step = 60
    steps = hold // step + 2
    inputs = [{"series": name + labels, "values": f"{before}x{steps} {after}x{steps * 2}"}
              for (name, labels), before, after in series_for(rule)]
    # An alert carries its series' labels too, unless the expression aggregates them away. Label
    # values and annotations are Go templates: what the alert carries is their expansion, here
    # of the only templates topicform writes, the literal '{{' and '}}'.
    labels = {key: expanded(value) for key, value in rule["labels"].items()}
    annotations = {key: expanded(value) for key, value in rule["annotations"].items()}
    if not rule["expr"].startswith("sum("):
        for name, value in MATCHER.findall(series_for(rule)[0][0][1]):
            labels[name] = re.sub(r"\\(.)", r"\1", value)
    quiet = step * steps
    firing = step * (2 * steps + 1)
    return {
        "interval": f"{step}s",
        "input_series": inputs,
        "alert_rule_test": [
            {"eval_time": f"{quiet}s", "alertname": rule["alert"], "exp_alerts": []},
            {"eval_time": f"{firing}s", "alertname": rule["alert"],
             "exp_alerts": [{"exp_labels": labels, "exp_annotations": annotations}]},
        ],
    }


def main():
    path = sys.argv[1]
    with open(path, encoding="utf-8") as f:
        groups = yaml.safe_load(f)["groups"]
    # Rules sharing an alert name do not disturb each other's tests: each test has series only
    # for its own rule's selectors.
    tests = [test_for(rule) for group in groups for rule in group["rules"]]
    print(json.dumps({"rule_files": [path], "evaluation_interval": "1m", "tests": tests}))


main()
