#!/usr/bin/env python3
"""Where serve's cycles spend their time, from its --log-level debug lines: the mean of each step
over cycles FIRST..LAST, and the admin requests each plan phase sent per cycle.
Usage: serve_breakdown.py SERVE_LOG FIRST LAST"""
import re
import sys
from collections import defaultdict

log, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
steps = defaultdict(list)  # step -> ms per cycle
requests = defaultdict(lambda: defaultdict(list))  # phase -> kind -> count per cycle
cycle = 0
for line in open(log, encoding="utf-8", errors="replace"):
    m = re.search(r"cycle (\d+): refreshed in (\d+) ms, validated in (\d+) ms", line)
    if m:
        cycle = int(m.group(1))
        if first <= cycle <= last:
            steps["refresh (git fetch or disk)"].append(int(m.group(2)))
            steps["validate"].append(int(m.group(3)))
        continue
    if not first <= cycle <= last:
        continue
    m = re.search(r"environment '[^']*': phase ([\w-]+): requests: (.*) in (\d+) ms", line)
    if m:
        steps[f"  phase {m.group(1)}"].append(int(m.group(3)))
        for count, kind in re.findall(r"(\d+) ([\w-]+(?: writes)?)", m.group(2)):
            requests[m.group(1)][kind].append(int(count))
        continue
    m = re.search(r"environment '[^']*': connected, planned(?: and written)? in (\d+) ms", line)
    if m:
        steps["plan (connect, read, diff, broker check)"].append(int(m.group(1)))

if not steps:
    sys.exit(f"serve_breakdown: no debug lines for cycles {first}..{last} in {log}")
print(f"where a cycle's time goes (mean over cycles {first}..{last}):")
for step, values in steps.items():
    print(f"  {step:<45} {sum(values) / len(values):8.1f} ms  ({len(values)} samples)")
for phase, kinds in requests.items():
    counts = ", ".join(f"{sum(v) / len(v):g} {kind}" for kind, v in kinds.items() if sum(v))
    print(f"  admin requests per cycle, phase {phase}: {counts or 'none'}")
