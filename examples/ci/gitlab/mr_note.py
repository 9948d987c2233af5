#!/usr/bin/env python3
"""Posts a Markdown file as one merge-request note, updating the note it posted before.

A missing or empty file (the plan job died before writing it) is posted as a failure that points
at the pipeline, so the note never shows an older plan as current. A pipeline for a commit that
is no longer the merge request's head leaves the note alone.
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


def report(path):
    try:
        text = open(path, encoding="utf-8").read()
    except OSError:
        text = ""
    if not text.strip():
        text = ("### topicform plan: failed\n\n**topicform wrote no report: see "
                f"[the pipeline]({os.environ.get('CI_PIPELINE_URL', '')}).**\n")
    sha = os.environ.get("CI_COMMIT_SHA", "")
    return f"{MARKER}\n{text}\n<sub>For {sha}.</sub>\n"


def main():
    body = report(sys.argv[1])
    merge_request = f"/merge_requests/{os.environ['CI_MERGE_REQUEST_IID']}"
    head = call("GET", merge_request).get("sha")
    if head and head != os.environ.get("CI_COMMIT_SHA"):
        print(f"not updating the note: {os.environ.get('CI_COMMIT_SHA')} is no longer the head")
        return
    notes = f"{merge_request}/notes"
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
