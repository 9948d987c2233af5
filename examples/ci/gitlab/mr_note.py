#!/usr/bin/env python3
"""Posts a Markdown file as one merge-request note, updating the note it posted before.

Usage: mr_note.py FILE   (in a GitLab merge-request pipeline; needs GITLAB_API_TOKEN)
"""
import json
import os
import sys
import urllib.request

MARKER = "<!-- topicform-plan -->"


def call(method, path, body=None):
    url = f"{os.environ['CI_API_V4_URL']}/projects/{os.environ['CI_PROJECT_ID']}{path}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={
        "PRIVATE-TOKEN": os.environ["GITLAB_API_TOKEN"], "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def main():
    body = MARKER + "\n" + open(sys.argv[1], encoding="utf-8").read()
    notes = f"/merge_requests/{os.environ['CI_MERGE_REQUEST_IID']}/notes"
    for page in range(1, 50):
        found = call("GET", f"{notes}?per_page=100&page={page}")
        for note in found:
            if note["body"].startswith(MARKER):
                call("PUT", f"{notes}/{note['id']}", {"body": body})
                return
        if len(found) < 100:
            break
    call("POST", notes, {"body": body})


if __name__ == "__main__":
    main()
