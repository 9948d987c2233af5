#!/usr/bin/env bash
# The Dockerfile without a Docker engine, on Debian 13 roots made by ci/debian-root from the
# Dockerfile's own package lists: the build stage's RUN steps run in the build root (over a
# clean copy of the tracked files, as `COPY . /src` sees them), then the binary runs in a root
# of nothing but the runtime stage's packages, so a library missing from ci/runtime-packages
# fails here. The binary is left at OUTPUT for tests/delivery/debian13_suites.sh.
# Usage: tests/delivery/image.sh OUTPUT   (from the repository root, as root)
set -uo pipefail
output=$(realpath -m "${1:?usage: tests/delivery/image.sh OUTPUT}")
root=$(pwd)
tmp=$(mktemp -d)
# Mounts live only in the private namespaces below, so this removes plain folders.
trap 'rm -rf "$tmp"' EXIT
suite=image
. "$(dirname "$0")/../lib.sh"
finish() {
  echo "image: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}

start=$SECONDS
build_root=$(ci/debian-root build) || { bad "the Debian 13 build root"; finish; }
runtime_root=$(ci/debian-root runtime) || { bad "the Debian 13 runtime root"; finish; }
echo "image: roots ready in $((SECONDS - start)) s" >&2
# The roots are the release the Dockerfile names.
tag_major=$(sed -n 's/^FROM debian:\([0-9]*\)\..*/\1/p' Dockerfile | sort -u)
[ "$tag_major" = "$(cut -d. -f1 "$runtime_root/etc/debian_version")" ] && ok ||
  bad "the Dockerfile's Debian ($tag_major) is the roots' ($(cat "$runtime_root/etc/debian_version"))"

# The build stage, step by step: COPY . /src gets the tracked files minus .dockerignore.
mkdir -p "$tmp/src" "$tmp/out"
git ls-files -z | grep -zv -e '^build/' -e '^\.git/' | xargs -0 cp -a --parents -t "$tmp/src"
run_steps() {  # STAGE: the RUN lines of the Dockerfile's STAGE (0: build, 1: runtime)
  /usr/bin/python3 - Dockerfile "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read().replace("\\\n", " ")
stages = re.split(r"^FROM ", text, flags=re.M)[1:]
for line in stages[int(sys.argv[2])].splitlines():
    if line.startswith("RUN "):
        print(line[4:])
PY
}
run_steps 0 >"$tmp/steps"
[ "$(wc -l <"$tmp/steps")" -ge 2 ] && ok || bad "the build stage has its RUN steps"
start=$SECONDS
# CI=true turns on -Werror, so the optimised release build is held to the same warnings as the
# test build whether or not the caller's environment sets CI.
if ci/debian-view "$build_root" "$tmp/build-view" --bind "$tmp/src:/src" --bind "$tmp/out:/out" -- \
  env CI=true bash -c 'while read -r step; do echo "image: RUN $step" >&2; bash -c "$step" || exit 1; done' \
  <"$tmp/steps" >"$tmp/build.log" 2>&1; then
  ok
else
  bad "a build step failed"
  tail -30 "$tmp/build.log" >&2
fi
echo "image: built in the Debian 13 root in $((SECONDS - start)) s" >&2
binary="$tmp/out/topicform"
[ -x "$binary" ] || { bad "the build stage produced no binary"; finish; }
for file in bin/topicform share/man/man1/topicform.1 share/bash-completion/completions/topicform \
  share/zsh/vendor-completions/_topicform share/topicform/schema/topic.schema.json share/doc/topicform/LICENSE; do
  [ -s "$tmp/out/prefix/$file" ] && ok || bad "the release install has $file"
done

# The runtime stage: only its packages' files, the binary and the manifests.
in_runtime() {
  ci/debian-view "$runtime_root" "$tmp/runtime-view" --copy "$binary:/usr/local/bin/topicform" \
    --copy "$root/topics:/topics" --copy "$root/ci/runtime-packages:/tmp/runtime-packages" -- "$@"
}
# Its RUN steps first, in the same view: they install the list (already there) and add the user.
run_steps 1 >"$tmp/runtime-steps"
in_runtime bash -c 'while read -r step; do bash -c "$step" || exit 1; done' \
  <"$tmp/runtime-steps" >"$tmp/runtime.log" 2>&1 && ok || { bad "a runtime step failed"; tail -20 "$tmp/runtime.log" >&2; }
in_runtime ldd /usr/local/bin/topicform >"$tmp/ldd" 2>&1
if grep -q "not found" "$tmp/ldd"; then bad "libraries not in the runtime stage: $(grep 'not found' "$tmp/ldd" | tr '\n' ' ')"; else ok; fi
in_runtime getent passwd 10001 >/dev/null && ok || bad "the runtime stage adds the user 10001"
# As the image's USER: not root.
in_runtime setpriv --reuid=10001 --regid=10001 --clear-groups /usr/local/bin/topicform validate /topics >"$tmp/run.log" 2>&1
status=$?
[ "$status" = 0 ] && ok || { bad "the binary runs as user 10001 with only the runtime packages (exit $status)"; cat "$tmp/run.log" >&2; }
grep -q "^ok in 6 files, 10 topics" "$tmp/run.log" && ok || { bad "it validates the manifests"; cat "$tmp/run.log" >&2; }
# validate --against reads the revision with the image's git, as the pull-request workflow does.
in_runtime setpriv --reuid=10001 --regid=10001 --clear-groups bash -c 'set -e; export HOME=/tmp; cp -r /topics /tmp/t; cd /tmp/t
  git init -q; git add .; git -c user.email=ci@example.com -c user.name=ci commit -qm base
  /usr/local/bin/topicform validate --against HEAD .' >"$tmp/against.log" 2>&1 && ok ||
  { bad "validate --against runs with the runtime stage's git"; cat "$tmp/against.log" >&2; }
in_runtime /usr/local/bin/topicform docs --format html --out /tmp/catalogue /topics >/dev/null 2>&1 && ok || bad "docs runs in the runtime root"
in_runtime /usr/local/bin/topicform version >"$tmp/version" 2>&1
grep -q "^librdkafka 2\.[89]\|^librdkafka 2\.[1-9][0-9]" "$tmp/version" && ok || { bad "the image runs a current librdkafka"; cat "$tmp/version" >&2; }
grep -q " off (needs" "$tmp/version" && { bad "every librdkafka path is on in the image"; cat "$tmp/version" >&2; } || ok
strip_check=$(file "$binary")
[[ "$strip_check" == *"stripped"* && "$strip_check" != *"not stripped"* ]] && ok || bad "the binary is stripped"
root_mib=$(du -sm "$runtime_root" | cut -f1)
echo "image: $(sed -n 2p "$tmp/version"); image size ≈ $((root_mib + $(stat -c %s "$binary") / 1048576)) MiB (runtime root $root_mib MiB, binary $(($(stat -c %s "$binary") / 1024)) KiB)"
mkdir -p "$(dirname "$output")" && cp "$binary" "$output" && ok || bad "the binary is kept at $output"
finish
