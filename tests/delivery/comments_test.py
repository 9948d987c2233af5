#!/usr/bin/env python3
"""The pull-request comment scripts of the CI examples, run for real against fakes of the APIs.

examples/ci/gitlab/mr_note.py against a GitLab notes API served on loopback, and the
actions/github-script step of examples/ci/github/topics.yml in Node.js with a fake `github`
client: one note, created once and then updated in place; a missing report is posted as a failure;
a run for a commit that is no longer the head writes nothing.
Usage: comments_test.py   (from the repository root; exit 0 when every check passes)
"""
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading

import yaml

failures = []


def check(what, condition):
    if not condition:
        failures.append(what)
        print(f"comments: FAILED {what}", file=sys.stderr)


class FakeGitLab(http.server.BaseHTTPRequestHandler):
    notes = {}
    head = "abc123"
    writes = []

    def log_message(self, *args):
        pass

    def reply(self, body):
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path.endswith("/merge_requests/7"):
            return self.reply({"sha": FakeGitLab.head})
        self.reply([{"id": k, "body": v} for k, v in sorted(FakeGitLab.notes.items())])

    def body(self):
        return json.loads(self.rfile.read(int(self.headers["Content-Length"])))["body"]

    def do_POST(self):
        note = len(FakeGitLab.notes) + 1
        FakeGitLab.notes[note] = self.body()
        FakeGitLab.writes.append(("POST", note))
        self.reply({"id": note})

    def do_PUT(self):
        note = int(self.path.rsplit("/", 1)[1])
        FakeGitLab.notes[note] = self.body()
        FakeGitLab.writes.append(("PUT", note))
        self.reply({"id": note})


def mr_note(report, sha, port):
    env = dict(os.environ, CI_API_V4_URL=f"http://127.0.0.1:{port}/api/v4", CI_PROJECT_ID="1",
               CI_MERGE_REQUEST_IID="7", GITLAB_API_TOKEN="t", CI_COMMIT_SHA=sha,
               CI_PIPELINE_URL="https://gitlab.example/p/1")
    return subprocess.run([sys.executable, "examples/ci/gitlab/mr_note.py", report], env=env,
                          capture_output=True, text=True, timeout=60)


def gitlab(tmp):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeGitLab)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    FakeGitLab.notes[1] = "someone else's note"
    plan = os.path.join(tmp, "plan.md")
    open(plan, "w").write("### topicform plan: `prod`\n\n**Plan: 1 to create**\n")
    check("gitlab: the first note runs", mr_note(plan, "abc123", port).returncode == 0)
    check("gitlab: the first report is posted", FakeGitLab.writes == [("POST", 2)])
    check("gitlab: the note names the commit", "<sub>For abc123.</sub>" in FakeGitLab.notes[2])
    mr_note(os.path.join(tmp, "missing.md"), "abc123", port)
    check("gitlab: a later report updates the same note", FakeGitLab.writes[-1] == ("PUT", 2))
    check("gitlab: a missing report is posted as a failure",
          "topicform wrote no report" in FakeGitLab.notes[2])
    before = list(FakeGitLab.writes)
    FakeGitLab.head = "def456"
    run = mr_note(plan, "abc123", port)
    check("gitlab: an older commit's run leaves the note alone",
          run.returncode == 0 and FakeGitLab.writes == before)
    check("gitlab: someone else's note is untouched", FakeGitLab.notes[1] == "someone else's note")
    server.shutdown()


def github_script():
    workflow = yaml.safe_load(open("examples/ci/github/topics.yml"))
    steps = workflow["jobs"]["plan"]["steps"]
    step = next(s for s in steps if s.get("uses", "").startswith("actions/github-script"))
    check("github: the comment step runs on every outcome", step.get("if") == "always()")
    return step["with"]["script"]


FAKE_GITHUB = r"""
const fs = require('fs');
const state = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const github = {
  paginate: async (fn, args) => state.comments,
  rest: {
    pulls: { get: async () => ({ data: { head: { sha: state.head } } }) },
    issues: {
      listComments: null,
      createComment: async ({ body }) => { state.comments.push({ id: state.comments.length + 1, body }); state.writes.push('create'); },
      updateComment: async ({ comment_id, body }) => { state.comments.find((c) => c.id === comment_id).body = body; state.writes.push('update ' + comment_id); },
    },
  },
};
const context = { repo: { owner: 'o', repo: 'r' }, issue: { number: 7 }, runId: 99,
                  serverUrl: 'https://github.example', payload: { pull_request: { head: { sha: state.sha } } } };
const core = { info: (m) => state.writes.push('info') };
(async () => { SCRIPT })().then(() => fs.writeFileSync(process.argv[2], JSON.stringify(state)),
                               (e) => { console.error(e); process.exit(1); });
"""


def run_github(script, state, tmp, report):
    here = os.getcwd()
    os.chdir(tmp)
    try:
        if report is None:
            if os.path.exists("plan.md"):
                os.remove("plan.md")
        else:
            open("plan.md", "w").write(report)
        open("state.json", "w").write(json.dumps(state))
        open("run.js", "w").write(FAKE_GITHUB.replace("SCRIPT", script))
        run = subprocess.run(["node", "run.js", "state.json"], capture_output=True, text=True,
                             timeout=60)
        check(f"github: the script runs ({run.stderr.strip()[:200]})", run.returncode == 0)
        return json.load(open("state.json"))
    finally:
        os.chdir(here)


def github(tmp):
    script = github_script()
    state = {"head": "abc123", "sha": "abc123", "writes": [],
             "comments": [{"id": 1, "body": "someone else's comment"}]}
    state = run_github(script, state, tmp, "### topicform plan: `prod`\n")
    check("github: the first report is a new comment", state["writes"] == ["create"])
    check("github: the comment names the commit", "For abc123" in state["comments"][1]["body"])
    state = run_github(script, state, tmp, None)
    check("github: a later report updates the same comment", state["writes"][-1] == "update 2")
    check("github: a missing report is posted as a failure",
          "topicform wrote no report" in state["comments"][1]["body"])
    state["head"] = "def456"
    writes = list(state["writes"])
    state = run_github(script, state, tmp, "### topicform plan: `prod`\n")
    check("github: an older commit's run leaves the comment alone",
          state["writes"] == writes + ["info"])
    check("github: someone else's comment is untouched",
          state["comments"][0]["body"] == "someone else's comment")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        gitlab(tmp)
        github(tmp)
    print(f"comments: {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
