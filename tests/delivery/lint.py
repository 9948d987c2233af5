#!/usr/bin/env python3
"""Lints what users copy: the Dockerfiles, examples/compose and the CI pipeline examples.

Every image is pinned, the broker publishes no port, Compose starts things in the runbook's
order, the topicform image builds from Debian packages only, no secret is written to a file,
and every topicform command a
pipeline runs exists and takes the flags it is given (checked against `topicform CMD --help`).
Usage: lint.py TOPICFORM_BINARY [ROOT]   (exit 0 clean, 1 with one line per problem)
"""
import os
import re
import shlex
import subprocess
import sys

import yaml

problems = []


def problem(where, message):
    problems.append(f"{where}: {message}")


def pinned(image):
    """name:tag with a real version (digits), never latest; a digest is fine too."""
    if "@sha256:" in image:
        return True
    name, _, tag = image.rpartition(":")
    return bool(name) and "/" not in tag and tag != "latest" and re.search(r"\d", tag) is not None


def lint_dockerfile(path, topicform_image):
    text = open(path).read().replace("\\\n", " ")
    lines = [l.strip() for l in text.splitlines() if l.strip() and not l.strip().startswith("#")]
    froms = [l.split()[1] for l in lines if l.upper().startswith("FROM ")]
    if not froms:
        problem(path, "no FROM")
    for image in froms:
        if not pinned(image):
            problem(path, f"image '{image}' is not pinned to a version")
    if not topicform_image:
        return
    if len(froms) < 2:
        problem(path, "not multi-stage: the runtime stage must not carry the compilers")
    last = text.split("\nFROM ")[-1]
    users = [l.split()[1] for l in last.splitlines() if l.strip().upper().startswith("USER ")]
    if not users or users[-1] in ("root", "0"):
        problem(path, "the runtime stage does not switch to a non-root USER")
    if 'ENTRYPOINT ["topicform"]' not in text:
        problem(path, 'no ENTRYPOINT ["topicform"]')
    if "HEALTHCHECK" in text:
        problem(path, "a one-shot image has no HEALTHCHECK")
    for word in ("curl ", "wget ", "git clone", "pip install", "npm ", "ADD http", "go get", "mvn "):
        if word in text:
            problem(path, f"the build downloads with '{word.strip()}': only Debian packages are allowed")
    if "ci/install-deps --build-only" not in text:
        problem(path, "the build stage does not install from ci/install-deps")
    if "ci/runtime-packages" not in text:
        problem(path, "the runtime stage does not install ci/runtime-packages")


def lint_compose(path, binary):
    here = os.path.dirname(path)
    compose = yaml.safe_load(open(path))
    services = compose.get("services", {})
    env_file = os.path.join(here, ".env")
    env = {}
    if os.path.exists(env_file):
        for line in open(env_file):
            if "=" in line and not line.startswith("#"):
                k, v = line.strip().split("=", 1)
                env[k] = v
    for name, service in services.items():
        image = service.get("image", "")
        if not pinned(image):
            problem(path, f"service '{name}': image '{image}' is not pinned to a version")
        if "ports" in service:
            problem(path, f"service '{name}' publishes ports: the broker stays inside the network")
    broker = services.get("broker")
    if not broker:
        problem(path, "no broker service")
        return
    benv = broker.get("environment", {})
    if str(benv.get("KAFKA_AUTO_CREATE_TOPICS_ENABLE")).lower() != "false":
        problem(path, "the broker must run with KAFKA_AUTO_CREATE_TOPICS_ENABLE: \"false\"")
    if "healthcheck" not in broker:
        problem(path, "the broker has no healthcheck, so nothing can wait for it")
    volumes = compose.get("volumes", {}) or {}
    if not any(str(v).split(":")[0] in volumes for v in broker.get("volumes", [])):
        problem(path, "the broker's data is not on a named volume")
    cluster_id = str(benv.get("CLUSTER_ID", ""))
    match = re.fullmatch(r"\$\{(\w+)\}", cluster_id)
    if not match or len(env.get(match.group(1), "")) != 22:
        problem(path, "CLUSTER_ID must come from .env (a 22-character id written once)")
    topics = services.get("topics")
    if not topics:
        problem(path, "no topics service")
        return
    if topics.get("depends_on", {}).get("broker", {}).get("condition") != "service_healthy":
        problem(path, "topics must wait for broker: condition: service_healthy")
    command = topics.get("command", [])
    for flag in ("apply", "--auto-approve", "--wait-for-brokers"):
        if flag not in command:
            problem(path, f"the topics service does not run '{flag}'")
    context = os.path.normpath(os.path.join(here, topics.get("build", {}).get("context", ".")))
    if not os.path.exists(os.path.join(context, "Dockerfile")):
        problem(path, f"the topics image builds from '{context}', which has no Dockerfile")
    for name, service in services.items():
        command = service.get("command", [])
        if service.get("image", "").startswith("topicform:") and command:
            lint_commands(path, ["topicform " + shlex.join(command)], binary, here)
    for name, service in services.items():
        if name in ("broker", "topics"):
            continue
        if service.get("depends_on", {}).get("topics", {}).get("condition") != "service_completed_successfully":
            problem(path, f"service '{name}' must wait for topics: condition: service_completed_successfully")
        if "KAFKA_BOOTSTRAP_SERVERS" not in service.get("environment", {}):
            problem(path, f"service '{name}' does not get KAFKA_BOOTSTRAP_SERVERS")


def help_text(binary, command, cache={}):
    if command not in cache:
        run = subprocess.run([binary, command, "--help"], capture_output=True, text=True)
        cache[command] = run.stdout if run.returncode == 0 else None
    return cache[command]


SECRET = re.compile(r"\$\{?([A-Z_]*(PASSWORD|SECRET|TOKEN|USERNAME))\b")


def lint_secrets(path, line):
    """A secret stays in the CI's store and the environment: never written into a file."""
    if ">" not in line:
        return
    for match in SECRET.finditer(line):
        if line[max(0, match.start() - 1):match.start() + 6] != "${env:":
            problem(path, f"writes ${match.group(1)} into a file: pass it in the environment "
                          f"and name it as ${{env:{match.group(1)}}}")


def lint_commands(path, commands, binary, root):
    """Every `topicform CMD --flag` exists; every script a pipeline runs is shipped."""
    seen = 0
    for command in commands:
        for line in command.replace("\\\n", " ").splitlines():
            lint_secrets(path, line)
            try:
                words = shlex.split(line, comments=True)
            except ValueError:
                continue
            for i, word in enumerate(words):
                if word == "topicform" and i + 1 < len(words):
                    seen += 1
                    sub = words[i + 1]
                    text = help_text(binary, sub)
                    if text is None:
                        problem(path, f"'topicform {sub}' is not a command")
                        continue
                    for flag in words[i + 2:]:
                        if flag in ("|", ">", "||", "&&", ";"):
                            break
                        if flag.startswith("--"):
                            name = flag.split("=")[0]
                            if not re.search(re.escape(name) + r"\b", text):
                                problem(path, f"'topicform {sub}' has no option {name}")
                if word == "python3" and i + 1 < len(words) and words[i + 1].endswith(".py"):
                    script = os.path.join(os.path.dirname(path), os.path.basename(words[i + 1]))
                    if not os.path.exists(script):
                        problem(path, f"runs {words[i + 1]}, which is not shipped next to it")
                    else:
                        compiled = subprocess.run([sys.executable, "-m", "py_compile", script])
                        if compiled.returncode:
                            problem(path, f"{script} does not compile")
    if seen == 0:
        problem(path, "runs no topicform command")


def lint_github_plan(path, plan):
    """The comment is current on every outcome, and an older run cannot overwrite a newer one."""
    group = plan.get("concurrency", {})
    if not group.get("group") or group.get("cancel-in-progress") is not True:
        problem(path, "the plan job needs a concurrency group per pull request with cancel-in-progress: true")
    steps = plan.get("steps", [])
    names = [s.get("uses", "") + s.get("run", "") for s in steps]
    comment = next((i for i, n in enumerate(names) if "github-script" in n), None)
    if comment is None or steps[comment].get("if") != "always()":
        problem(path, "the plan comment must be posted on every outcome (if: always())")
        return
    for step in steps[:comment]:
        if "topicform validate" in step.get("run", "") and not step.get("continue-on-error"):
            problem(path, "a failing validate step would stop the job before the comment is updated")


def lint_github(path, binary, root):
    workflow = yaml.safe_load(open(path))
    commands = []
    for name, job in workflow.get("jobs", {}).items():
        container = job.get("container", {})
        image = container.get("image") if isinstance(container, dict) else container
        if image and not pinned(image):
            problem(path, f"job '{name}': image '{image}' is not pinned")
        for step in job.get("steps", []):
            uses = step.get("uses")
            if uses and not re.search(r"@v\d+(\.\d+)*$|@[0-9a-f]{40}$", uses):
                problem(path, f"action '{uses}' is not pinned to a version")
            if "run" in step:
                commands.append(step["run"])
    lint_github_plan(path, workflow.get("jobs", {}).get("plan", {}))
    apply = workflow.get("jobs", {}).get("apply", {})
    group = apply.get("concurrency", {})
    if not group.get("group") or group.get("cancel-in-progress") is not False:
        problem(path, "the apply job must be serialised: a concurrency group, cancel-in-progress: false")
    runs = " ".join(s.get("run", "") for s in apply.get("steps", []))
    if "--plan " not in runs or "--out " not in runs:
        problem(path, "the apply job must apply the plan it saved (plan --out, apply --plan)")
    lint_commands(path, commands, binary, root)


def lint_gitlab(path, binary, root):
    pipeline = yaml.safe_load(open(path))
    commands = []
    image = pipeline.get("default", {}).get("image", {})
    image = image.get("name") if isinstance(image, dict) else image
    if image and not pinned(image):
        problem(path, f"default image '{image}' is not pinned")
    for name, job in pipeline.items():
        if not isinstance(job, dict) or "script" not in job:
            continue
        job_image = job.get("image")
        if isinstance(job_image, str) and not pinned(job_image):
            problem(path, f"job '{name}': image '{job_image}' is not pinned")
        for line in job["script"]:
            commands.append(line if isinstance(line, str) else "\n".join(line))
    plan = pipeline.get("plan", {})
    if plan.get("needs") != [] or not plan.get("interruptible"):
        problem(path, "the plan job must not wait for validate (needs: []) and be interruptible")
    note_rules = pipeline.get("plan-note", {}).get("rules", [])
    if not note_rules or any(r.get("when") != "always" for r in note_rules):
        problem(path, "the plan note must be posted on every outcome (when: always)")
    apply = pipeline.get("apply", {})
    if not apply.get("resource_group"):
        problem(path, "the apply job must be serialised with a resource_group")
    lint_commands(path, commands, binary, root)


def main():
    binary = os.path.abspath(sys.argv[1])
    root = sys.argv[2] if len(sys.argv) > 2 else "."
    lint_dockerfile(os.path.join(root, "Dockerfile"), topicform_image=True)
    lint_dockerfile(os.path.join(root, "examples/compose/app/Dockerfile"), topicform_image=False)
    lint_compose(os.path.join(root, "examples/compose/compose.yaml"), binary)
    lint_github(os.path.join(root, "examples/ci/github/topics.yml"), binary, root)
    lint_gitlab(os.path.join(root, "examples/ci/gitlab/.gitlab-ci.yml"), binary, root)
    for p in problems:
        print(f"lint: {p}", file=sys.stderr)
    print(f"lint: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
