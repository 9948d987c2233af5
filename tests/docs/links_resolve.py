#!/usr/bin/env python3
"""Every relative link in a generated catalogue names a file in it: Markdown links, HTML href and
src attributes, and AsyncAPI $refs, each resolved against the file that holds it.
Usage: links_resolve.py DIR   (prints each broken link; exits 1 if there is one)"""
import json
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
links = []  # (file, target)
for path in sorted(root.rglob("*")):
    if path.suffix == ".md":
        text = path.read_text()
        links += [(path, t) for t in re.findall(r"\]\(([^)\s]+)\)", text)]
    elif path.suffix == ".html":
        text = path.read_text()
        links += [(path, t) for t in re.findall(r'(?:href|src)="([^"]+)"', text)]
    elif path.name == "asyncapi.json":
        def refs(node):
            if isinstance(node, dict):
                for key, value in node.items():
                    if key == "$ref" and isinstance(value, str):
                        yield value
                    else:
                        yield from refs(value)
            elif isinstance(node, list):
                for value in node:
                    yield from refs(value)
        links += [(path, t) for t in refs(json.loads(path.read_text()))]

broken = 0
checked = 0
for holder, target in links:
    if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
        continue  # a URL or a place in the same file
    checked += 1
    if not (holder.parent / target.split("#")[0]).is_file():
        print(f"{holder.relative_to(root)}: broken link {target}")
        broken += 1
print(f"links: {checked} relative link(s) checked, {broken} broken", file=sys.stderr)
sys.exit(1 if broken else 0)
