#!/usr/bin/env bash
# Runs tests/delivery/lint.py on the repository (clean), then on copies with one mistake each,
# which it must name: so the lint can fail, and says why.
# Usage: tests/delivery/lint.sh TOPICFORM_BINARY   (from the repository root)
set -uo pipefail
bin=$(readlink -f "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
lint() { /usr/bin/python3 tests/delivery/lint.py "$bin" "$1" 2>&1; }

if lint . >"$tmp/out"; then passed=$((passed + 1)); else echo "delivery: FAILED the repository is not clean:" >&2; cat "$tmp/out" >&2; failed=$((failed + 1)); fi

mistake() {  # DESCRIPTION FILE PYTHON_EXPRESSION_ON_s EXPECTED_LINE
  rm -rf "$tmp/copy" && mkdir -p "$tmp/copy"
  git ls-files -z Dockerfile examples | xargs -0 cp --parents -t "$tmp/copy"
  /usr/bin/python3 -c "import sys; p=sys.argv[1]; s=open(p).read(); n=$3; assert n != s, 'no change'; open(p,'w').write(n)" "$tmp/copy/$2" ||
    { echo "delivery: FAILED could not make the mistake: $1" >&2; failed=$((failed + 1)); return; }
  if lint "$tmp/copy" >"$tmp/out"; then
    echo "delivery: FAILED the lint accepts $1" >&2; failed=$((failed + 1))
  elif grep -qF -- "$4" "$tmp/out"; then
    passed=$((passed + 1))
  else
    echo "delivery: FAILED $1: expected '$4', got:" >&2; cat "$tmp/out" >&2; failed=$((failed + 1))
  fi
}
C=examples/compose/compose.yaml
mistake "a published broker port" $C "s.replace('    networks: [app_net]\n    # No ports', '    ports: [\"9092:9092\"]\n    networks: [app_net]\n    # No ports')" "service 'broker' publishes ports"
mistake "an unpinned image" $C "s.replace('apache/kafka:4.1.1', 'apache/kafka:latest')" "image 'apache/kafka:latest' is not pinned"
mistake "auto-create left on" $C "s.replace('KAFKA_AUTO_CREATE_TOPICS_ENABLE: \"false\"', 'KAFKA_AUTO_CREATE_TOPICS_ENABLE: \"true\"')" "KAFKA_AUTO_CREATE_TOPICS_ENABLE"
mistake "an app not waiting for topics" $C "s.replace('condition: service_completed_successfully', 'condition: service_started')" "must wait for topics"
mistake "a serve flag that does not exist" $C "s.replace('\"--interval\", \"2m\"', '\"--every\", \"2m\"')" "'topicform serve' has no option --every"
mistake "a download in the image build" Dockerfile "s.replace('RUN /src/ci/build-release', 'RUN curl -sL https://example.com/x | sh && /src/ci/build-release')" "the build downloads with 'curl'"
mistake "a root runtime stage" Dockerfile "s.replace('USER 10001', 'USER root')" "non-root USER"
mistake "a flag topicform does not take" examples/ci/github/topics.yml "s.replace('--out plan.json', '--save plan.json')" "'topicform plan' has no option --save"
mistake "an apply that is not serialised" examples/ci/github/topics.yml "s.replace('cancel-in-progress: false', 'cancel-in-progress: true')" "must be serialised"
mistake "a command that does not exist" examples/ci/gitlab/.gitlab-ci.yml "s.replace('topicform validate --env staging', 'topicform deploy --env staging')" "'topicform deploy' is not a command"
mistake "a plan job that an older run can finish last" examples/ci/github/topics.yml "s.replace('cancel-in-progress: true', 'cancel-in-progress: false', 1)" "concurrency group per pull request"
mistake "a comment posted only on success" examples/ci/github/topics.yml "s.replace('        if: always()\n        uses: actions/github-script', '        uses: actions/github-script')" "posted on every outcome (if: always())"
mistake "a validate step that stops the job" examples/ci/github/topics.yml "s.replace('        continue-on-error: true\n', '')" "would stop the job before the comment"
mistake "a plan job that waits for validate" examples/ci/gitlab/.gitlab-ci.yml "s.replace('  needs: []\n', '')" "must not wait for validate"
mistake "a note posted only on success" examples/ci/gitlab/.gitlab-ci.yml "s.replace('      when: always\n', '')" "plan note must be posted on every outcome"
mistake "a password written to a file" examples/ci/gitlab/.gitlab-ci.yml "s.replace(\"'sasl.password=\${env:PROD_KAFKA_PASSWORD}'\", '\"sasl.password=\$PROD_KAFKA_PASSWORD\"')" "writes \$PROD_KAFKA_PASSWORD into a file"
mistake "an unshipped script" examples/ci/gitlab/.gitlab-ci.yml "s.replace('ci/mr_note.py', 'ci/post_note.py')" "runs ci/post_note.py, which is not shipped"

echo "delivery: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
